import { Link, usePage } from '@inertiajs/react';
import { useId, type FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { TextField } from '@/Components/TextField';
import { FormActions } from '@/Components/FormActions';
import { Icon } from '@/Components/Icon';
import { alertIcon } from '@/Components/icons/alert';
import { useAppForm } from '@/hooks/useAppForm';
import { Trans, useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

export interface UpdateProfileInformationFormProps {
  mustVerifyEmail: boolean;
  status: string | null;
  className?: string;
}

export default function UpdateProfileInformationForm({ mustVerifyEmail, status, className }: UpdateProfileInformationFormProps) {
  const t = useT();
  const user = usePage().props.auth.user!;
  const titleId = `profile-information${useId().replace(/[^\w-]/g, '')}`;
  const form = useAppForm({ name: user.name, email: user.email });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.patch(route('profile.update'), {
      preserveScroll: true,
      // The saved values become the new baseline (isDirty, reset).
      onSuccess: () => form.setDefaults(),
    });
  };

  const unverified = mustVerifyEmail && user.email_verified_at === null;

  return (
    <Card aria-labelledby={titleId} className={className} title={<span id={titleId}>{t('profile.information.title')}</span>} description={t('profile.information.description')}>
      <form onSubmit={submit} className="space-y-5" noValidate>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField form={form} name="name" label={t('profile.information.name')} autoComplete="name" required maxLength={255} />
          <TextField
            form={form}
            name="email"
            label={t('profile.information.email')}
            hint={unverified ? undefined : t('profile.information.emailHint')}
            type="email"
            autoComplete="username"
            required
            maxLength={255}
          />
        </div>

        {unverified ? (
          <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100">
            <div className="flex items-start gap-2">
              <Icon icon={alertIcon} className="mt-px size-5 text-amber-600 dark:text-amber-300" />
              <div className="min-w-0">
                <p className="font-medium">{t('profile.information.unverified')}</p>
                <p className="mt-1">
                  <Trans
                    id="profile.information.resend"
                    values={{ email: user.email }}
                    components={{
                      0: <span className="font-medium break-all" />,
                      1: (
                        <Link
                          href={route('verification.send')}
                          method="post"
                          as="button"
                          preserveScroll
                          className="rounded font-medium underline underline-offset-4 hover:text-amber-700 dark:hover:text-amber-200"
                        />
                      ),
                    }}
                  />
                </p>
                {status === 'verification-link-sent' ? (
                  <p role="status" className="mt-2 font-medium text-emerald-700 dark:text-emerald-300">
                    {t('profile.information.linkSent')}
                  </p>
                ) : null}
              </div>
            </div>
          </div>
        ) : null}

        <FormActions>
          <Button type="submit" processing={form.processing}>
            {t('profile.save')}
          </Button>
        </FormActions>
      </form>
    </Card>
  );
}
