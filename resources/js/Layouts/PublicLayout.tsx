import { Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { LanguagePicker } from '@/Components/LanguagePicker';
import { Logo } from '@/Components/Logo';
import { ThemeToggle } from '@/Components/ThemeToggle';
import { Toasts } from '@/Components/Toasts';
import { SkipLink } from './SkipLink';
import { useT } from '@/i18n';
import { route } from '../../../shared/routes';

export interface PublicLayoutProps {
  children: ReactNode;
}

/** Landing, legal and public insight pages. The page decides its own width and sections. */
export function PublicLayout({ children }: PublicLayoutProps) {
  const { props } = usePage();
  const t = useT();
  const user = props.auth?.user ?? null;
  const appName = props.appName || 'Boardly';
  const year = new Date().getFullYear();

  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6 lg:px-8">
          <Logo href="/" />
          <nav aria-label={t('common.nav.account')} className="flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            {user ? (
              <Button href={route('dashboard')} size="sm">
                {t('common.nav.dashboard')}
              </Button>
            ) : (
              <>
                <Button href={route('login')} variant="ghost" size="sm">
                  {t('common.nav.signIn')}
                </Button>
                {/* On a phone the header holds the logo, the theme and "Sign in"; the sign-in page offers registration. */}
                <span className="hidden sm:block">
                  <Button href={route('register')} size="sm">
                    {t('common.nav.register')}
                  </Button>
                </span>
              </>
            )}
          </nav>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>

      <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/50">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8 dark:text-slate-400">
          {/* The server's year and the reader's may differ for a few hours around New Year: the browser's wins, without a hydration warning. */}
          <p suppressHydrationWarning>
            © {year} {appName}
          </p>
          <nav aria-label={t('common.footer.legal')}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              <li>
                <Link href={route('privacy-policy')} className="rounded hover:text-slate-900 dark:hover:text-white">
                  {t('common.footer.privacyPolicy')}
                </Link>
              </li>
              <li>
                <Link href={route('terms')} className="rounded hover:text-slate-900 dark:hover:text-white">
                  {t('common.footer.termsOfService')}
                </Link>
              </li>
              <li>
                <Link href={route('org-login')} className="rounded hover:text-slate-900 dark:hover:text-white">
                  {t('common.footer.organizationSignIn')}
                </Link>
              </li>
            </ul>
          </nav>
          {user ? null : <LanguagePicker />}
        </div>
      </footer>
      <Toasts />
    </div>
  );
}

export default PublicLayout;
