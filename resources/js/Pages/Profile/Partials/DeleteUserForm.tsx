import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { TextField } from '@/Components/TextField';
import { Icon } from '@/Components/Icon';
import { alertIcon } from '@/Components/icons/alert';
import { trashIcon } from '@/Components/icons/trash';
import { Modal } from '@/Components/Modal';
import { useAppForm } from '@/hooks/useAppForm';
import { confirmPassword } from '@/lib/passwordConfirmation';
import { useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

/**
 * Deleting asks for the password in a dialog. Typing it there also confirms it (the server asks
 * for a confirmation in the last three hours before any deletion), so the account is deleted in
 * one go, with no detour through /confirm-password.
 */
export default function DeleteUserForm({ className }: { className?: string }) {
  const t = useT();
  const uid = useId().replace(/[^\w-]/g, '');
  const titleId = `delete-account${uid}`;
  const formId = `delete-account-form${uid}`;
  const passwordInput = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useAppForm({ password: '' });

  const [confirmingPassword, setConfirmingPassword] = useState(false);
  const busy = form.processing || confirmingPassword;
  const close = (force = false) => {
    if (busy && !force) return;
    setConfirming(false);
    form.clearErrors();
    form.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setConfirmingPassword(true);
    const confirmed = await confirmPassword(form.data.password);
    setConfirmingPassword(false);
    if (!confirmed.ok) {
      form.setError('password', confirmed.error);
      passwordInput.current?.focus();
      return;
    }
    form.delete(route('profile.destroy'), {
      preserveScroll: true,
      onSuccess: () => close(true),
      onError: () => passwordInput.current?.focus(),
      onFinish: () => form.reset(),
    });
  };

  return (
    <Card aria-labelledby={titleId} className={className} title={<span id={titleId}>{t('profile.delete.title')}</span>} description={t('profile.delete.description')}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 sm:flex-1 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-200">
          <Icon icon={alertIcon} className="mt-px size-5 text-red-600 dark:text-red-300" />
          <div>
            <p className="font-medium">{t('profile.delete.warning')}</p>
            <p className="mt-0.5 text-red-700 dark:text-red-300">{t('profile.delete.lastOwner')}</p>
          </div>
        </div>
        <Button variant="danger" icon={trashIcon} onClick={() => setConfirming(true)} className="self-start sm:self-center">
          {t('profile.delete.title')}
        </Button>
      </div>

      <Modal
        open={confirming}
        onClose={() => close()}
        role="alertdialog"
        size="sm"
        initialFocus={passwordInput}
        closeOnBackdrop={!busy}
        title={t('profile.delete.dialogTitle')}
        description={t('profile.delete.dialogDescription')}
        footer={
          <>
            <Button variant="secondary" onClick={() => close()} disabled={busy}>
              {t('profile.cancel')}
            </Button>
            <Button type="submit" form={formId} variant="danger" processing={busy}>
              {t('profile.delete.title')}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} noValidate>
          <TextField form={form} name="password" label={t('profile.password')} ref={passwordInput} type="password" autoComplete="current-password" required />
        </form>
      </Modal>
    </Card>
  );
}
