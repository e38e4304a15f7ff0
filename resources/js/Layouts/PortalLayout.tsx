import { Link, router, usePage } from '@inertiajs/react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { cx } from '@/Components/cx';
import { Icon } from '@/Components/Icon';
import { homeIcon } from '@/Components/icons/home';
import { cogIcon } from '@/Components/icons/cog';
import { logoutIcon } from '@/Components/icons/logout';
import { LanguagePicker } from '@/Components/LanguagePicker';
import { Logo } from '@/Components/Logo';
import { ThemeToggle } from '@/Components/ThemeToggle';
import { Toasts } from '@/Components/Toasts';
import { SkipLink } from './SkipLink';
import { useT } from '@/i18n';
import { usePortalMemberEvent } from '@/hooks/useRealtime';
import { route } from '../../../shared/routes';

/**
 * The board portal's layout: a calm reader's page, not the staff shell (no sidebar, no
 * organisation switcher, no staff catalogs). The header names the boards the member serves and
 * links home, to their settings, and out.
 */
export function PortalLayout({ children }: { children: ReactNode }) {
  const { props, url } = usePage();
  const t = useT();
  const organizations = props.portal?.organizations ?? [];
  const [leaving, setLeaving] = useState(false);
  // Staff ended this member's access somewhere: the page asks again (and, with none left, goes to sign-in).
  usePortalMemberEvent('PortalAccessEnded', () => router.reload());
  const here = url.split('?')[0];
  const navLink = (href: string, label: string, icon: typeof homeIcon, current: boolean) => (
    <Link
      href={href}
      aria-current={current ? 'page' : undefined}
      className={cx(
        'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-400',
        current
          ? 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white'
          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
      )}
    >
      <Icon icon={icon} className="size-4" />
      {label}
    </Link>
  );

  return (
    <div className="flex min-h-screen flex-col bg-stone-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <header className="border-b border-slate-200/80 bg-white/90 dark:border-slate-800 dark:bg-slate-950/90">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Logo href={route('portal.index')} />
            <span className="hidden text-sm text-slate-500 sm:inline dark:text-slate-400">{t('portal.layout.tagline')}</span>
          </div>
          <div className="flex items-center gap-1">
            <ThemeToggle />
            <form
              onSubmit={(event) => {
                event.preventDefault();
                router.post(route('portal.logout'), {}, { onStart: () => setLeaving(true), onFinish: () => setLeaving(false) });
              }}
            >
              <Button type="submit" variant="ghost" size="sm" icon={logoutIcon} processing={leaving}>
                {t('portal.layout.signOut')}
              </Button>
            </form>
          </div>
        </div>
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-2 px-4 pb-3 sm:px-6">
          <nav aria-label={t('portal.layout.nav')} className="flex items-center gap-1">
            {navLink(route('portal.index'), t('portal.layout.homeLink'), homeIcon, here === route('portal.index'))}
            {navLink(route('portal.settings'), t('portal.layout.settingsLink'), cogIcon, here === route('portal.settings'))}
          </nav>
          {organizations.length > 0 ? (
            <p className="min-w-0 text-xs text-slate-500 dark:text-slate-400">
              <span className="sr-only">{t('portal.layout.boards', { count: organizations.length })}: </span>
              {organizations.map((o) => o.name).join(' · ')}
            </p>
          ) : null}
        </div>
      </header>

      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 focus:outline-none sm:px-6 sm:py-10">
        {children}
      </main>

      <footer className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-slate-500 sm:px-6 dark:text-slate-400">
          <span>{props.appName || 'Boardly'}</span>
          <LanguagePicker />
        </div>
      </footer>
      <Toasts />
    </div>
  );
}

export default PortalLayout;
