import { Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { LanguagePicker } from '@/Components/LanguagePicker';
import { Logo } from '@/Components/Logo';
import { ThemeToggle } from '@/Components/ThemeToggle';
import { Toasts } from '@/Components/Toasts';
import { SkipLink } from './SkipLink';
import { useT } from '@/i18n';
import { route } from '../../../shared/routes';

export interface AuthLayoutProps {
  /** Heading of the card ("Sign in to your account"). */
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Under the card: "No account? Register" and the like. */
  footer?: ReactNode;
}

/** Sign-in, registration, password and organisation-selection pages: one centred card. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  const t = useT();
  return (
    <div className="relative flex min-h-screen flex-col items-center bg-slate-50 px-4 py-10 text-slate-900 sm:justify-center sm:py-12 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <div className="absolute top-4 right-4">
        <ThemeToggle />
      </div>
      <Logo href="/" markClassName="size-10" className="mb-8" />
      <main id="main" tabIndex={-1} className="w-full max-w-md focus:outline-none">
        <div className="rounded-2xl border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-8 dark:border-slate-800 dark:bg-slate-900">
          {title || description ? (
            <div className="mb-6 text-center">
              {title ? <h1 className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1> : null}
              {description ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
            </div>
          ) : null}
          {children}
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">{footer}</div> : null}
      </main>
      <footer className="mt-8 flex flex-col items-center gap-4 sm:flex-row sm:gap-6">
        <nav aria-label={t('common.footer.legal')} className="flex gap-4 text-xs text-slate-500 dark:text-slate-400">
          <Link href="/" className="rounded hover:text-slate-800 dark:hover:text-slate-200">
            {t('common.footer.home')}
          </Link>
          <Link href={route('privacy-policy')} className="rounded hover:text-slate-800 dark:hover:text-slate-200">
            {t('common.footer.privacy')}
          </Link>
          <Link href={route('terms')} className="rounded hover:text-slate-800 dark:hover:text-slate-200">
            {t('common.footer.terms')}
          </Link>
        </nav>
        <LanguagePicker />
      </footer>
      <Toasts />
    </div>
  );
}

export default AuthLayout;
