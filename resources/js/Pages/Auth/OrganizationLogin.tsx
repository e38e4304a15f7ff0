import { Head, Link } from '@inertiajs/react';
import { isValidElement, type FormEvent, type ReactElement } from 'react';
import { Button } from '@/Components/Button';
import { TextField } from '@/Components/TextField';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { CredentialsForm } from './Partials/CredentialsForm';
import { textLink } from './Partials/textLink';
import { useAppForm } from '@/hooks/useAppForm';

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
  const form = useAppForm({ slug });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/org-login');
  };
  const error = form.errors.slug ?? (form.isDirty ? undefined : (notFound ?? undefined));
  return (
    <>
      <Head title="Sign in to your organization" />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField
          form={form}
          name="slug"
          label="Organization"
          hint="The short name in your organization’s sign-in link, e.g. acme-governance."
          error={error}
          autoComplete="organization"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          required
          className="font-mono"
          placeholder="your-organisation"
        />
        <Button type="submit" block processing={form.processing}>
          Continue
        </Button>
      </form>
    </>
  );
}

function SignInForm({ organization, canResetPassword }: { organization: { name: string; slug: string }; canResetPassword: boolean }) {
  return (
    <>
      <Head title={`Sign in to ${organization.name}`} />
      <CredentialsForm action={`/org-login/${organization.slug}`} submitLabel={`Sign in to ${organization.name}`} canResetPassword={canResetPassword} />
    </>
  );
}

// Inertia 3 calls a layout function with the page's props first, then with the page element.
OrganizationLogin.layout = (page: ReactElement<OrganizationLoginProps> | OrganizationLoginProps) => {
  const org = (isValidElement(page) ? (page.props as OrganizationLoginProps) : page).organization;
  return (
    <AuthLayout
      title={org ? org.name : 'Sign in to your organization'}
      description={org ? `Sign in with your ${org.name} account.` : 'Which organization do you work with?'}
      footer={
        <div className="space-y-2">
          {org ? (
            <p>
              Not {org.name}?{' '}
              <Link href="/org-login" className={textLink}>
                Choose another organization
              </Link>
            </p>
          ) : null}
          <p>
            <Link href="/login" className={textLink}>
              Sign in without an organization
            </Link>
          </p>
        </div>
      }
    >
      {isValidElement(page) ? page : null}
    </AuthLayout>
  );
};
