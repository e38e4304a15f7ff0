import { useId, useRef, type FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { TextField } from '@/Components/TextField';
import { FormActions } from '@/Components/FormActions';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

export default function UpdatePasswordForm({ className }: { className?: string }) {
  const t = useT();
  const titleId = `update-password${useId().replace(/[^\w-]/g, '')}`;
  const currentInput = useRef<HTMLInputElement>(null);
  const newInput = useRef<HTMLInputElement>(null);
  const form = useAppForm({ current_password: '', password: '', password_confirmation: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.put(route('user-password.update'), {
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
    <Card aria-labelledby={titleId} className={className} title={<span id={titleId}>{t('profile.updatePassword.title')}</span>} description={t('profile.updatePassword.description')}>
      <form onSubmit={submit} className="space-y-5" noValidate>
        {/* Its own row, as wide as one column of the row below. */}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField form={form} name="current_password" label={t('profile.updatePassword.current')} ref={currentInput} type="password" autoComplete="current-password" required />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField form={form} name="password" label={t('profile.updatePassword.new')} hint={t('profile.updatePassword.hint')} ref={newInput} type="password" autoComplete="new-password" required />
          <TextField form={form} name="password_confirmation" label={t('profile.updatePassword.confirm')} type="password" autoComplete="new-password" required />
        </div>
        <FormActions>
          <Button type="submit" processing={form.processing}>
            {t('profile.updatePassword.save')}
          </Button>
        </FormActions>
      </form>
    </Card>
  );
}
