import { Head, Link, useForm } from '@inertiajs/react';
import { isValidElement, type FormEvent, type ReactElement } from 'react';
import { Button } from '@/Components/Button';
import { Checkbox } from '@/Components/Checkbox';
import { TextField } from '@/Components/TextField';
import { AuthLayout } from '@/Layouts/AuthLayout';

export interface OrganizationLoginProps {
  /** Null on the first step (asking for the slug), and for an unknown slug. */
  organization: { name: string; slug: string } | null;
  slug: string;
  /** "No such organisation." when the address named an unknown slug. */
  notFound: string | null;
  canResetPassword?: boolean;
}

const textLink =
  'rounded font-medium text-brand-700 underline decoration-brand-300 underline-offset-4 hover:decoration-current dark:text-brand-300 dark:decoration-brand-300/50';

export default function OrganizationLogin(props: OrganizationLoginProps) {
  return props.organization ? <SignInForm organization={props.organization} canResetPassword={props.canResetPassword ?? true} /> : <SlugForm slug={props.slug} notFound={props.notFound} />;
}

function SlugForm({ slug, notFound }: { slug: string; notFound: string | null }) {
  const form = useForm({ slug });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/org-login');
  };
  const error = form.errors.slug ?? (form.isDirty ? undefined : (notFound ?? undefined));
  return (
    <>
      <Head title="Sign in to your organisation" />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField
          form={form}
          name="slug"
          label="Organisation"
          hint="The short name in your organisation’s sign-in link, e.g. acme-governance."
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
  const form = useForm({ email: '', password: '', remember: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(`/org-login/${organization.slug}`, { onFinish: () => form.reset('password') });
  };
  return (
    <>
      <Head title={`Sign in to ${organization.name}`} />
      {(form.errors as Record<string, string | undefined>).slug ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-400/10 dark:text-red-200">
          {(form.errors as Record<string, string | undefined>).slug}
        </p>
      ) : null}
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField
          form={form}
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          required
          placeholder="email@example.com"
        />
        <div className="relative">
          <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" required />
          {canResetPassword ? (
            <Link href="/forgot-password" className={`absolute top-0 right-0 text-sm ${textLink}`}>
              Forgot your password?
            </Link>
          ) : null}
        </div>
        <Checkbox label="Remember me" name="remember" checked={form.data.remember} onChange={(e) => form.setData('remember', e.target.checked)} />
        <Button type="submit" block processing={form.processing}>
          Sign in to {organization.name}
        </Button>
      </form>
    </>
  );
}

// Inertia 3 calls a layout function with the page's props first, then with the page element.
OrganizationLogin.layout = (page: ReactElement<OrganizationLoginProps> | OrganizationLoginProps) => {
  const org = (isValidElement(page) ? (page.props as OrganizationLoginProps) : page).organization;
  return (
    <AuthLayout
      title={org ? org.name : 'Sign in to your organisation'}
      description={org ? `Sign in with your ${org.name} account.` : 'Which organisation do you work with?'}
      footer={
        <div className="space-y-2">
          {org ? (
            <p>
              Not {org.name}?{' '}
              <Link href="/org-login" className={textLink}>
                Choose another organisation
              </Link>
            </p>
          ) : null}
          <p>
            <Link href="/login" className={textLink}>
              Sign in without an organisation
            </Link>
          </p>
        </div>
      }
    >
      {isValidElement(page) ? page : null}
    </AuthLayout>
  );
};
