import { Head, usePage } from '@inertiajs/react';
import { Button } from '@/Components/Button';
import type { IconName } from '@/Components/Icon';
import { Icon } from '@/Components/Icon';
import { MinimalLayout } from '@/Layouts/MinimalLayout';

export interface ErrorPageProps {
  status: number;
  message: string;
  /** Stack trace; the server sends it only in development. */
  details?: string;
}

const copy: Record<number, { title: string; text: string; icon: IconName }> = {
  400: { title: 'Bad request', text: 'The request could not be understood.', icon: 'alert' },
  403: { title: 'You don’t have access', text: 'Your role in this organization does not allow this. Ask an owner or admin if you need it.', icon: 'lock' },
  404: { title: 'Page not found', text: 'The page you asked for does not exist.', icon: 'search' },
  405: { title: 'Not allowed', text: 'That action is not possible here.', icon: 'alert' },
  413: { title: 'Too large', text: 'What you sent is larger than we accept.', icon: 'alert' },
  419: { title: 'Page expired', text: 'The page was open too long and its security token expired. Reload it and try again.', icon: 'clock' },
  429: { title: 'Too many requests', text: 'You have made a lot of requests in a short time. Please wait a minute and try again.', icon: 'clock' },
  500: { title: 'Something went wrong', text: 'An error on our side stopped this page. It has been logged; please try again in a moment.', icon: 'alert' },
  503: { title: 'Down for maintenance', text: 'The service is briefly unavailable. Please try again shortly.', icon: 'cog' },
};

/** Document titles as the server writes them in the first HTML response (server/http/error-handler.ts). */
const documentTitles: Record<number, string> = {
  400: 'Bad request',
  403: 'Forbidden',
  405: 'Method not allowed',
  413: 'Too large',
  419: 'Page expired',
  429: 'Too many requests',
  500: 'Server error',
  503: 'Service unavailable',
};

/** The server's default messages (server/http/errors.ts): the page's own text replaces them. */
const generic = new Set([
  'Error',
  'Bad request.',
  'You are not allowed to do that.',
  'The page you are looking for could not be found.',
  'That method is not allowed here.',
  'That request is too large.',
  'The page expired, please try again.',
  'Too many requests. Please slow down.',
  'Something went wrong on our side. We have been told and are looking into it.',
  'We are down for maintenance and will be back shortly.',
]);

export default function ErrorPage({ status, message, details }: ErrorPageProps) {
  const user = usePage().props.auth?.user ?? null;
  const entry = copy[status] ?? { title: status >= 500 ? 'Something went wrong' : 'Something is not right', text: 'Please try again.', icon: 'alert' as IconName };
  const showMessage = Boolean(message) && !generic.has(message) && message !== entry.title;

  return (
    <MinimalLayout>
      <Head title={`${status} ${documentTitles[status] ?? 'Error'}`} />
      <div className="w-full max-w-3xl text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-400/10 dark:text-brand-300">
          <Icon name={entry.icon} className="size-6" />
        </span>
        <p className="mt-4 text-sm font-semibold tracking-wide text-brand-700 dark:text-brand-300">Error {status}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{entry.title}</h1>
        {showMessage ? <p className="mt-4 text-base font-medium text-slate-800 dark:text-slate-200">{message}</p> : null}
        <p className="mx-auto mt-3 max-w-lg text-base text-slate-600 dark:text-slate-400">{entry.text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {status === 419 || status === 429 || status >= 500 ? (
            <Button icon="arrow" onClick={() => window.location.reload()}>
              Try again
            </Button>
          ) : null}
          <Button href={user ? '/dashboard' : '/'} variant={status === 419 || status === 429 || status >= 500 ? 'secondary' : 'primary'} icon="home">
            {user ? 'Go to your dashboard' : 'Go to the home page'}
          </Button>
          <Button variant="secondary" icon="arrow-left" onClick={() => window.history.back()}>
            Go back
          </Button>
        </div>
        {details ? (
          <details className="mt-10 text-left" open>
            <summary className="cursor-pointer text-sm font-medium text-slate-700 dark:text-slate-300">Details (shown in development only)</summary>
            <pre tabIndex={0} className="mt-3 max-h-96 overflow-auto rounded-lg bg-slate-900 p-4 text-xs leading-5 text-slate-100 dark:bg-black/40">{details}</pre>
          </details>
        ) : null}
      </div>
    </MinimalLayout>
  );
}

ErrorPage.layout = null;
