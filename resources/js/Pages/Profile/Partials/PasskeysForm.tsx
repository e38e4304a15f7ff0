import { router } from '@inertiajs/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { PasskeyList } from '@/Components/PasskeyList';
import { Card } from '@/Components/Card';
import { ConfirmsPassword } from '@/Components/ConfirmsPassword';
import { EmptyState } from '@/Components/EmptyState';
import { keyIcon } from '@/Components/icons/key';
import { plusIcon } from '@/Components/icons/plus';
import { Modal } from '@/Components/Modal';
import { TextField } from '@/Components/TextField';
import { useAppForm } from '@/hooks/useAppForm';
import { passkeysSupported } from '@/lib/passkeys';
import { AddPasskeyModal } from '@/Components/AddPasskeyModal';
import { useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

export interface Passkey {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** Passkeys: several per account, each named; one alone signs in (it counts as two factors). */
export default function PasskeysForm({ passkeys }: { passkeys: Passkey[] }) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const supported = passkeysSupported();

  const remove = (id: number) => {
    setRemoving(id);
    router.delete(route('passkeys.destroy', { id }), { preserveScroll: true, onFinish: () => setRemoving(null) });
  };

  return (
    <Card
      id="passkeys"
      title={t('profile.passkeys.title')}
      description={t('profile.passkeys.description')}
      actions={
        supported ? (
          <ConfirmsPassword onConfirmed={() => setAdding(true)}>
            {(start, checking) => (
              <Button size="sm" icon={plusIcon} onClick={start} processing={checking}>
                {t('profile.passkeys.add')}
              </Button>
            )}
          </ConfirmsPassword>
        ) : null
      }
    >
      {!supported ? <p className="mb-4 text-sm text-amber-800 dark:text-amber-300">{t('profile.passkeys.unsupported')}</p> : null}
      {passkeys.length === 0 ? (
        <EmptyState icon={keyIcon} title={t('profile.passkeys.emptyTitle')} text={t('profile.passkeys.emptyText')} bordered={false} />
      ) : (
        <PasskeyList
          passkeys={passkeys}
          label={t('profile.passkeys.listLabel')}
          used={(values) => t('profile.passkeys.addedUsed', values)}
          unused={(values) => t('profile.passkeys.addedUnused', values)}
          actions={(passkey) => (
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" onClick={() => setRenaming(passkey)} aria-label={t('profile.passkeys.renameLabel', { name: passkey.name })}>
                {t('profile.passkeys.rename')}
              </Button>
              <ConfirmsPassword onConfirmed={() => remove(passkey.id)}>
                {(start, checking) => (
                  <Button variant="secondary" size="sm" onClick={start} processing={checking || removing === passkey.id} aria-label={t('profile.passkeys.removeLabel', { name: passkey.name })}>
                    {t('profile.passkeys.remove')}
                  </Button>
                )}
              </ConfirmsPassword>
            </div>
          )}
        />
      )}
      <AddPasskeyModal
        open={adding}
        onClose={() => setAdding(false)}
        routes={{ options: 'passkeys.options', store: 'passkeys.store' }}
        labels={{
          title: t('profile.passkeys.add'),
          description: t('profile.passkeys.addDescription'),
          name: t('profile.passkeys.name'),
          placeholder: t('profile.passkeys.namePlaceholder'),
          nameRequired: t('profile.passkeys.nameRequired'),
          cancel: t('profile.cancel'),
          create: t('profile.passkeys.create'),
        }}
      />
      <RenamePasskey passkey={renaming} onClose={() => setRenaming(null)} />
    </Card>
  );
}

function RenamePasskey({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const t = useT();
  const form = useAppForm({ name: passkey?.name ?? '' });
  const input = useRef<HTMLInputElement>(null);
  const formId = `rename-passkey${useId().replace(/[^\w-]/g, '')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets the form only when another passkey is being renamed, not on every keystroke
  useEffect(() => {
    if (!passkey) return;
    form.setData('name', passkey.name);
    form.clearErrors();
  }, [passkey?.id]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passkey) return;
    form.put(route('passkeys.update', { id: passkey.id }), { preserveScroll: true, onSuccess: onClose });
  };
  return (
    <Modal
      open={passkey !== null}
      onClose={onClose}
      size="sm"
      initialFocus={input}
      title={t('profile.passkeys.renameTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.processing}>
            {t('profile.cancel')}
          </Button>
          <Button type="submit" form={formId} processing={form.processing}>
            {t('profile.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField form={form} name="name" label={t('profile.passkeys.name')} ref={input} maxLength={100} required />
      </form>
    </Modal>
  );
}
