
import { useId, useRef, type FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { TextField } from '@/Components/TextField';
import { FormActions } from '@/Components/FormActions';
import { useAppForm } from '@/hooks/useAppForm';

export default function UpdatePasswordForm({ className }: { className?: string }) {
  const titleId = `update-password${useId().replace(/[^\w-]/g, '')}`;
  const currentInput = useRef<HTMLInputElement>(null);
  const newInput = useRef<HTMLInputElement>(null);
  const form = useAppForm({ current_password: '', password: '', password_confirmation: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.put('/password', {
      preserveScroll: true,
      onSuccess: () => form.reset(),
      onError: (errors) => {
        if (errors.password) {
          form.reset('password', 'password_confirmation');
          newInput.current?.focus();
        }
        if (errors.current_password) {
          form.reset('current_password');
          currentInput.current?.focus();
        }
      },
    });
  };

  return (
    <Card
      aria-labelledby={titleId}
      className={className}
      title={<span id={titleId}>Update password</span>}
      description="Use a long, random password to keep your account secure. Your other devices will be signed out."
    >
      <form onSubmit={submit} className="space-y-5" noValidate>
        {/* Its own row, as wide as one column of the row below. */}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            form={form}
            name="current_password"
            label="Current password"
            ref={currentInput}
            type="password"
            autoComplete="current-password"
            required
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            form={form}
            name="password"
            label="New password"
            hint="At least 8 characters."
            ref={newInput}
            type="password"
            autoComplete="new-password"
            required
          />
          <TextField
            form={form}
            name="password_confirmation"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            required
          />
        </div>
        <FormActions>
          <Button type="submit" processing={form.processing}>
            Save password
          </Button>
        </FormActions>
      </form>
    </Card>
  );
}
