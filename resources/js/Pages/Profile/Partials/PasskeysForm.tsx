import { router } from '@inertiajs/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { ConfirmsPassword } from '@/Components/ConfirmsPassword';
import { EmptyState } from '@/Components/EmptyState';
import { Icon } from '@/Components/Icon';
import { keyIcon } from '@/Components/icons/key';
import { plusIcon } from '@/Components/icons/plus';
import { Modal } from '@/Components/Modal';
import { TextField } from '@/Components/TextField';
import { useAppForm } from '@/hooks/useAppForm';
import { useFormatters } from '@/hooks/useFormatters';
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
  const { date, dateTime, relative } = useFormatters();
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
        <ul aria-label={t('profile.passkeys.listLabel')} className="divide-y divide-slate-200 dark:divide-slate-700/70">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                <Icon icon={keyIcon} className="size-5" />
              </span>
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium text-slate-900 dark:text-white">{passkey.name}</p>
                <p className="text-slate-500 dark:text-slate-400" title={passkey.last_used_at ? dateTime(passkey.last_used_at) : undefined}>
                  {passkey.last_used_at
                    ? t('profile.passkeys.addedUsed', { date: date(passkey.created_at), lastUsed: relative(passkey.last_used_at) })
                    : t('profile.passkeys.addedUnused', { date: date(passkey.created_at) })}
                </p>
              </div>
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
            </li>
          ))}
        </ul>
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
