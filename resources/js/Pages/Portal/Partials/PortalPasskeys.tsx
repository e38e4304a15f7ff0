import { router } from '@inertiajs/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { EmptyState } from '@/Components/EmptyState';
import { Icon } from '@/Components/Icon';
import { keyIcon } from '@/Components/icons/key';
import { plusIcon } from '@/Components/icons/plus';
import { Modal } from '@/Components/Modal';
import { TextField } from '@/Components/TextField';
import { useAppForm } from '@/hooks/useAppForm';
import { useFormatters } from '@/hooks/useFormatters';
import { createPasskey, passkeysSupported } from '@/lib/passkeys';
import { useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

export interface PortalPasskey {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A board member's passkeys: one signs them in instead of a mailed link. */
export function PortalPasskeys({ passkeys }: { passkeys: PortalPasskey[] }) {
  const { date, relative } = useFormatters();
  const t = useT();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PortalPasskey | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = passkeysSupported();

  const remove = () => {
    if (!removing) return;
    setBusy(true);
    router.delete(route('portal.passkeys.destroy', { id: removing.id }), {
      preserveScroll: true,
      onFinish: () => {
        setBusy(false);
        setRemoving(null);
      },
    });
  };

  return (
    <Card
      id="passkeys"
      title={t('portal.passkeys.title')}
      description={t('portal.passkeys.description')}
      actions={
        supported ? (
          <Button size="sm" icon={plusIcon} onClick={() => setAdding(true)}>
            {t('portal.passkeys.add')}
          </Button>
        ) : null
      }
    >
      {!supported ? <p className="mb-4 text-sm text-amber-800 dark:text-amber-300">{t('portal.passkeys.unsupported')}</p> : null}
      {passkeys.length === 0 ? (
        <EmptyState icon={keyIcon} title={t('portal.passkeys.emptyTitle')} text={t('portal.passkeys.emptyText')} bordered={false} />
      ) : (
        <ul aria-label={t('portal.passkeys.title')} className="divide-y divide-slate-200 dark:divide-slate-700/70">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                <Icon icon={keyIcon} className="size-5" />
              </span>
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium text-slate-900 dark:text-white">{passkey.name}</p>
                <p className="text-slate-500 dark:text-slate-400">
                  {passkey.last_used_at
                    ? t('portal.passkeys.addedUsed', { date: date(passkey.created_at), lastUsed: relative(passkey.last_used_at) })
                    : t('portal.passkeys.addedUnused', { date: date(passkey.created_at) })}
                </p>
              </div>
              <Button variant="secondary" size="sm" onClick={() => setRemoving(passkey)} aria-label={t('portal.passkeys.removeLabel', { name: passkey.name })}>
                {t('portal.passkeys.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddPortalPasskey open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={remove}
        processing={busy}
        title={t('portal.passkeys.removeTitle')}
        description={removing ? t('portal.passkeys.removeText', { name: removing.name }) : ''}
        confirmLabel={t('portal.passkeys.remove')}
      />
    </Card>
  );
}

function AddPortalPasskey({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const form = useAppForm({ name: '' });
  const input = useRef<HTMLInputElement>(null);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formId = `add-portal-passkey${useId().replace(/[^\w-]/g, '')}`;
  const errors = form.errors as Record<string, string | undefined>;
  const busy = creating || form.processing;

  const close = () => {
    if (busy) return;
    form.reset();
    form.clearErrors();
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.data.name.trim()) return form.setError('name', t('portal.passkeys.nameRequired'));
    setCreating(true);
    setError(null);
    const created = await createPasskey('portal.passkeys.options');
    setCreating(false);
    if ('error' in created) {
      if (created.error) setError(created.error);
      return;
    }
    form.transform((data) => ({ ...data, credential: created.credential }));
    form.post(route('portal.passkeys.store'), {
      preserveScroll: true,
      onSuccess: () => {
        form.reset();
        onClose();
      },
    });
  };

  return (
    <Modal
      open={open}
      onClose={close}
      size="sm"
      initialFocus={input}
      title={t('portal.passkeys.add')}
      description={t('portal.passkeys.addDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('portal.passkeys.cancel')}
          </Button>
          <Button type="submit" form={formId} icon={keyIcon} processing={busy}>
            {t('portal.passkeys.create')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-3">
        <TextField form={form} name="name" label={t('portal.passkeys.name')} ref={input} placeholder={t('portal.passkeys.namePlaceholder')} maxLength={100} required />
        {error || errors.credential ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error ?? errors.credential}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
