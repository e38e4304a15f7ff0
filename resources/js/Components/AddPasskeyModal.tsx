import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { keyIcon } from '@/Components/icons/key';
import { Modal } from '@/Components/Modal';
import { TextField } from '@/Components/TextField';
import { useAppForm } from '@/hooks/useAppForm';
import { createPasskey } from '@/lib/passkeys';
import { route } from '../../../shared/routes';

export interface AddPasskeyLabels {
  title: string;
  description: string;
  name: string;
  placeholder: string;
  nameRequired: string;
  cancel: string;
  create: string;
}

/**
 * Naming and creating a passkey on this device, then saving it: the staff profile's and the board
 * portal's settings, each with its own routes and words.
 */
export function AddPasskeyModal({
  open,
  onClose,
  routes,
  labels,
}: {
  open: boolean;
  onClose: () => void;
  routes: { options: 'passkeys.options' | 'portal.passkeys.options'; store: 'passkeys.store' | 'portal.passkeys.store' };
  labels: AddPasskeyLabels;
}) {
  const form = useAppForm({ name: '' });
  const input = useRef<HTMLInputElement>(null);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formId = `add-passkey${useId().replace(/[^\w-]/g, '')}`;
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
    if (!form.data.name.trim()) return form.setError('name', labels.nameRequired);
    setCreating(true);
    setError(null);
    const created = await createPasskey(routes.options);
    setCreating(false);
    if ('error' in created) {
      if (created.error) setError(created.error);
      return;
    }
    form.transform((data) => ({ ...data, credential: created.credential }));
    form.post(route(routes.store), {
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
      title={labels.title}
      description={labels.description}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {labels.cancel}
          </Button>
          <Button type="submit" form={formId} icon={keyIcon} processing={busy}>
            {labels.create}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-3">
        <TextField form={form} name="name" label={labels.name} ref={input} placeholder={labels.placeholder} maxLength={100} required />
        {error || errors.credential ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error ?? errors.credential}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
