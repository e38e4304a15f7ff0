import { Head, usePage } from '@inertiajs/react';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { useFormatters } from '@/hooks/useFormatters';
import { DEFAULT_TIME_ZONE, formatDate } from '@/lib/format';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  /** ISO date of the last revision. */
  updatedAt: string;
  intro: ReactNode;
  sections: LegalSection[];
  /** The page's words around the text: "Last updated <time>" and the contents' heading. */
  labels: {
    updated: (time: ReactNode) => ReactNode;
    contents: string;
  };
}

/** A long legal text: title, revision date, table of contents and numbered sections. */
export function LegalDocument({ title, updatedAt, intro, sections, labels }: LegalDocumentProps) {
  const { date } = useFormatters();
  const { i18n } = useLingui();
  const signedIn = Boolean(usePage().props.auth?.user);
  // A guest reads the date in the page's language; a user, in their own locale setting.
  const updated = (signedIn ? date(updatedAt) : formatDate(updatedAt, { locale: i18n.locale, timeZone: DEFAULT_TIME_ZONE })) || updatedAt;
  return (
    <>
      <Head title={title.replace(/\u00AD/g, '')} />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <header className="max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight break-words hyphens-auto text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
          <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{labels.updated(<time dateTime={updatedAt}>{updated}</time>)}</p>
          <div className="mt-6 space-y-4 text-base leading-7 text-slate-700 dark:text-slate-300">{intro}</div>
        </header>

        <div className="mt-10 grid gap-10 lg:grid-cols-[15rem_1fr]">
          <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-24 lg:self-start">
            <h2 id="toc-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
              {labels.contents}
            </h2>
            <ol className="mt-3 space-y-1.5 border-l border-slate-200 text-sm dark:border-slate-800">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent py-0.5 pl-4 text-slate-600 hover:border-slate-400 hover:text-slate-900 dark:text-slate-400 dark:hover:border-slate-500 dark:hover:text-white"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <div className="legal-text min-w-0 max-w-3xl">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-heading`}
                className="scroll-mt-24 border-b border-slate-200 py-8 first:pt-0 last:border-b-0 dark:border-slate-800"
              >
                <h2 id={`${section.id}-heading`} className="text-xl font-semibold break-words hyphens-auto text-slate-900 dark:text-white">
                  {index + 1}. {section.title}
                </h2>
                <div className="mt-4 space-y-4 text-base leading-7 text-slate-700 dark:text-slate-300">{section.body}</div>
              </section>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}

/** A table inside a legal section: scrolls sideways on phones, keyboard-scrollable, captioned. */
export function LegalTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to scroll (axe: scrollable-region-focusable)
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export default LegalDocument;
