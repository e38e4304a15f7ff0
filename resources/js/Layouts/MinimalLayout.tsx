import type { ReactNode } from 'react';
import { Logo } from '@/Components/Logo';
import { ThemeToggle } from '@/Components/ThemeToggle';
import { Toasts } from '@/Components/Toasts';

/** Bare centred frame for error pages (which opt out of page layouts with `layout = null`). */
export function MinimalLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="flex h-16 items-center justify-between px-4 sm:px-6">
        <Logo href="/" />
        <ThemeToggle />
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 pb-16">
        {children}
      </main>
      <Toasts />
    </div>
  );
}

export default MinimalLayout;
