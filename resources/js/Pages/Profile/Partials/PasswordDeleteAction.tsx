import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, type ButtonVariant } from '@/Components/Button';
import type { IconGlyph } from '@/Components/Icon';
import { Modal } from '@/Components/Modal';
import { TextField } from '@/Components/TextField';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';

export interface PasswordDeleteActionProps {
  /** Where the DELETE with `password` goes (Fortify/Jetstream take the password in the request). */
  url: string;
  label: string;
  title: string;
  description: string;
  variant?: ButtonVariant;
  icon?: IconGlyph;
  className?: string;
}

/** A button that asks for the password in a dialog and sends it with a DELETE (turn off 2FA, sign out other browsers). */
export default function PasswordDeleteAction({ url, label, title, description, variant = 'secondary', icon, className }: PasswordDeleteActionProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const form = useAppForm({ password: '' });
  const formId = `password-action${useId().replace(/[^\w-]/g, '')}`;
  const close = () => {
    if (form.processing) return;
    setOpen(false);
    form.reset();
    form.clearErrors();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.delete(url, { preserveScroll: true, onSuccess: () => setOpen(false), onFinish: () => form.reset() });
  };
  return (
    <>
      <Button variant={variant} icon={icon} className={className} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        open={open}
        onClose={close}
        role={variant === 'danger' ? 'alertdialog' : 'dialog'}
        size="sm"
        initialFocus={input}
        title={title}
        description={description}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={form.processing}>
              {t('profile.cancel')}
            </Button>
            <Button type="submit" form={formId} variant={variant === 'danger' ? 'danger' : 'primary'} processing={form.processing}>
              {label}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} noValidate>
          <TextField form={form} name="password" label={t('profile.password')} ref={input} type="password" autoComplete="current-password" required />
        </form>
      </Modal>
    </>
  );
}
