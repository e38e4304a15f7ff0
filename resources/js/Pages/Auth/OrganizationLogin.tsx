import { Head, Link } from '@inertiajs/react';
import { isValidElement, useState, type FormEvent, type KeyboardEvent, type ReactElement } from 'react';
import { Button } from '@/Components/Button';
import { TextField } from '@/Components/TextField';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { CredentialsForm } from './Partials/CredentialsForm';
import { PasskeySignIn } from './Partials/PasskeySignIn';
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
  /** Open on the board members' tab (`?as=board`: the portal's links lead here). */
  board?: boolean;
}

export default function OrganizationLogin(props: OrganizationLoginProps) {
  return props.organization ? (
    <SignInForm organization={props.organization} canResetPassword={props.canResetPassword ?? true} board={props.board ?? false} />
  ) : (
    <SlugForm slug={props.slug} notFound={props.notFound} board={props.board ?? false} />
  );
}

function SlugForm({ slug, notFound, board }: { slug: string; notFound: string | null; board: boolean }) {
  const t = useT();
  const form = useAppForm({ slug, as: board ? 'board' : '' });
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

function SignInForm({ organization, canResetPassword, board }: { organization: { name: string; slug: string }; canResetPassword: boolean; board: boolean }) {
  const t = useT();
  const [tab, setTab] = useState<'staff' | 'board'>(board ? 'board' : 'staff');
  const tabs = [
    { id: 'staff', label: t('auth.orgLogin.staffTab') },
    { id: 'board', label: t('auth.orgLogin.boardTab') },
  ] as const;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tab === 'staff' ? 'board' : 'staff';
    setTab(next);
    document.getElementById(`org-login-tab-${next}`)?.focus();
  };
  return (
    <>
      <Head title={t('auth.orgLogin.signInTo', { name: organization.name })} />
      <div role="tablist" aria-label={t('auth.orgLogin.whoTabs')} className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
        {tabs.map((item) => (
          <button
            key={item.id}
            id={`org-login-tab-${item.id}`}
            type="button"
            role="tab"
            aria-selected={tab === item.id}
            aria-controls={`org-login-panel-${item.id}`}
            tabIndex={tab === item.id ? 0 : -1}
            onClick={() => setTab(item.id)}
            onKeyDown={onKeyDown}
            className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
              tab === item.id ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white' : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
            }`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div id="org-login-panel-staff" role="tabpanel" aria-labelledby="org-login-tab-staff" hidden={tab !== 'staff'}>
        <CredentialsForm action={route('org-login.store', { slug: organization.slug })} submitLabel={t('auth.orgLogin.signInTo', { name: organization.name })} canResetPassword={canResetPassword} />
      </div>
      <div id="org-login-panel-board" role="tabpanel" aria-labelledby="org-login-tab-board" hidden={tab !== 'board'}>
        <BoardMemberForm slug={organization.slug} />
      </div>
    </>
  );
}

/** Board members: no password, a sign-in link by e-mail (or a passkey they added in the portal). */
function BoardMemberForm({ slug }: { slug: string }) {
  const t = useT();
  const form = useAppForm({ board_email: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('org-login.link', { slug }), { preserveScroll: true });
  };
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('auth.orgLogin.boardExplanation')}</p>
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField form={form} name="board_email" type="email" label={t('auth.orgLogin.boardEmail')} autoComplete="email" required />
        <Button type="submit" block processing={form.processing}>
          {t('auth.orgLogin.sendLink')}
        </Button>
      </form>
      <PasskeySignIn portal className="" />
    </div>
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
