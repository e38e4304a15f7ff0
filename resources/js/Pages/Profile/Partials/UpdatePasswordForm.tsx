import { useForm } from '@inertiajs/react';
import { useId, useRef, type FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Field } from '@/Components/Field';
import { FormActions } from '@/Components/FormActions';
import { TextInput } from '@/Components/TextInput';

export default function UpdatePasswordForm({ className }: { className?: string }) {
  const titleId = `update-password${useId().replace(/[^\w-]/g, '')}`;
  const currentInput = useRef<HTMLInputElement>(null);
  const newInput = useRef<HTMLInputElement>(null);
  const form = useForm({ current_password: '', password: '', password_confirmation: '' });

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
          <Field label="Current password" error={form.errors.current_password}>
            {(props) => (
              <TextInput
                {...props}
                ref={currentInput}
                type="password"
                name="current_password"
                value={form.data.current_password}
                onChange={(e) => form.setData('current_password', e.target.value)}
                autoComplete="current-password"
                required
              />
            )}
          </Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="New password" hint="At least 8 characters." error={form.errors.password}>
            {(props) => (
              <TextInput
                {...props}
                ref={newInput}
                type="password"
                name="password"
                value={form.data.password}
                onChange={(e) => form.setData('password', e.target.value)}
                autoComplete="new-password"
                required
              />
            )}
          </Field>
          <Field label="Confirm password" error={form.errors.password_confirmation}>
            {(props) => (
              <TextInput
                {...props}
                type="password"
                name="password_confirmation"
                value={form.data.password_confirmation}
                onChange={(e) => form.setData('password_confirmation', e.target.value)}
                autoComplete="new-password"
                required
              />
            )}
          </Field>
        </div>
        <FormActions recentlySuccessful={form.recentlySuccessful}>
          <Button type="submit" processing={form.processing}>
            Save password
          </Button>
        </FormActions>
      </form>
    </Card>
  );
}
