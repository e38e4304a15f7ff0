import { Head, Link } from '@inertiajs/react';
import { isValidElement, type FormEvent, type ReactElement } from 'react';
import { Button } from '@/Components/Button';
import { TextField } from '@/Components/TextField';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { CredentialsForm } from './Partials/CredentialsForm';
import { textLink } from './Partials/textLink';
import { useAppForm } from '@/hooks/useAppForm';
import { Trans, useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface OrganizationLoginProps {
  /** Null on the first step (asking for the slug), and for an unknown slug. */
  organization: { name: string; slug: string } | null;
  slug: string;
  /** "No such organisation." when the address named an unknown slug. */
  notFound: string | null;
  canResetPassword?: boolean;
}

export default function OrganizationLogin(props: OrganizationLoginProps) {
  return props.organization ? <SignInForm organization={props.organization} canResetPassword={props.canResetPassword ?? true} /> : <SlugForm slug={props.slug} notFound={props.notFound} />;
}

function SlugForm({ slug, notFound }: { slug: string; notFound: string | null }) {
  const t = useT();
  const form = useAppForm({ slug });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('org-login.find'));
  };
  const error = form.errors.slug ?? (form.isDirty ? undefined : (notFound ?? undefined));
  return (
    <>
      <Head title={t('auth.orgLogin.title')} />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField
          form={form}
          name="slug"
          label={t('auth.orgLogin.slug')}
          hint={t('auth.orgLogin.slugHint')}
          error={error}
          autoComplete="organization"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          required
          className="font-mono"
          placeholder={t('auth.orgLogin.slugPlaceholder')}
        />
        <Button type="submit" block processing={form.processing}>
          {t('auth.orgLogin.continue')}
        </Button>
      </form>
    </>
  );
}

function SignInForm({ organization, canResetPassword }: { organization: { name: string; slug: string }; canResetPassword: boolean }) {
  const t = useT();
  return (
    <>
      <Head title={t('auth.orgLogin.signInTo', { name: organization.name })} />
      <CredentialsForm action={route('org-login.store', { slug: organization.slug })} submitLabel={t('auth.orgLogin.signInTo', { name: organization.name })} canResetPassword={canResetPassword} />
    </>
  );
}

// Inertia 3 calls a layout function with the page's props first, then with the page element.
OrganizationLogin.layout = (page: ReactElement<OrganizationLoginProps> | OrganizationLoginProps) => {
  const org = (isValidElement(page) ? (page.props as OrganizationLoginProps) : page).organization;
  return (
    <AuthLayout
      title={org ? org.name : <Trans id="auth.orgLogin.heading" />}
      description={org ? <Trans id="auth.orgLogin.signInWith" values={{ name: org.name }} /> : <Trans id="auth.orgLogin.which" />}
      footer={
        <div className="space-y-2">
          {org ? (
            <p>
              <Trans id="auth.orgLogin.notThis" values={{ name: org.name }} components={{ 0: <Link href={route('org-login')} className={textLink} /> }} />
            </p>
          ) : null}
          <p>
            <Link href={route('login')} className={textLink}>
              <Trans id="auth.orgLogin.withoutOrganization" />
            </Link>
          </p>
        </div>
      }
    >
      {isValidElement(page) ? page : null}
    </AuthLayout>
  );
};
