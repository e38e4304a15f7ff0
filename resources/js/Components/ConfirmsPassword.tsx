import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { confirmPassword, passwordConfirmed } from '@/lib/passwordConfirmation';
import { Button } from './Button';
import { Field } from './Field';
import { Modal } from './Modal';
import { TextInput } from './TextInput';
import { useT } from '@/i18n';

export interface ConfirmsPasswordProps {
  /** Runs once the password is confirmed (at once when it was in the last three hours). */
  onConfirmed: () => void;
  /** The trigger: call `confirm()` from a button or a form's submit handler. */
  children: (confirm: () => void, checking: boolean) => ReactNode;
  title?: string;
  content?: ReactNode;
  button?: string;
}

/**
 * Guards an action that needs the password (Jetstream's ConfirmsPassword): asks the server
 * whether it was confirmed recently, and if not, asks for it in a dialog on this page, then runs
 * the action the user asked for. The server still enforces the window on the action itself.
 */
export function ConfirmsPassword({ onConfirmed, children, title, content, button }: ConfirmsPasswordProps) {
  const t = useT();
  const formId = `confirms-password${useId().replace(/[^\w-]/g, '')}`;
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [processing, setProcessing] = useState(false);

  const close = () => {
    if (processing) return;
    setOpen(false);
    setPassword('');
    setError(undefined);
  };

  const start = async () => {
    if (checking) return;
    setChecking(true);
    try {
      if (await passwordConfirmed()) return onConfirmed();
      setOpen(true);
    } catch {
      // The status could not be read: ask; the server decides either way.
      setOpen(true);
    } finally {
      setChecking(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProcessing(true);
    const result = await confirmPassword(password);
    setProcessing(false);
    if (!result.ok) {
      setError(result.error);
      input.current?.focus();
      return;
    }
    setOpen(false);
    setPassword('');
    setError(undefined);
    onConfirmed();
  };

  return (
    <>
      {children(() => void start(), checking)}
      <Modal
        open={open}
        onClose={close}
        size="sm"
        initialFocus={input}
        closeOnBackdrop={!processing}
        title={title ?? t('app.confirmPassword.title')}
        description={content ?? t('app.confirmPassword.content')}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={processing}>
              {t('app.confirmPassword.cancel')}
            </Button>
            <Button type="submit" form={formId} processing={processing}>
              {button ?? t('app.confirmPassword.confirm')}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} noValidate>
          <Field label={t('app.confirmPassword.password')} error={error}>
            {(p) => <TextInput {...p} ref={input} type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
          </Field>
        </form>
      </Modal>
    </>
  );
}

export default ConfirmsPassword;
