import { Head, usePage } from '@inertiajs/react';
import { Button } from '@/Components/Button';
import { MinimalLayout } from '@/Layouts/MinimalLayout';

export interface NotFoundProps {
  status: number;
  message: string;
}

/** The server's generic 404 text (server/http/errors.ts); a specific message is shown as is. */
const DEFAULT_MESSAGE = 'The page you are looking for could not be found.';

export default function NotFound({ message }: NotFoundProps) {
  const user = usePage().props.auth?.user ?? null;
  return (
    <MinimalLayout>
      <Head title="Page not found" />
      <div className="max-w-lg text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-700 dark:text-brand-300">Error 404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">We couldn’t find that page</h1>
        {message && message !== DEFAULT_MESSAGE ? <p className="mt-4 text-base font-medium text-slate-800 dark:text-slate-200">{message}</p> : null}
        <p className="mt-4 text-base text-slate-600 dark:text-slate-400">
          The link may be old or mistyped, or it may point to something that was removed or that you don’t have access to.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button href={user ? '/dashboard' : '/'} icon="home">
            {user ? 'Go to your dashboard' : 'Go to the home page'}
          </Button>
          <Button variant="secondary" icon="arrow-left" onClick={() => window.history.back()}>
            Go back
          </Button>
        </div>
      </div>
    </MinimalLayout>
  );
}

NotFound.layout = null;
