import { Head, Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { Badge } from '@/Components/Badge';
import { EmptyState } from '@/Components/EmptyState';
import { Pagination } from '@/Components/Pagination';
import { useFormatters } from '@/hooks/useFormatters';
import { PublicLayout } from '@/Layouts/PublicLayout';
import type { Paginated } from '@/types';
import { categoryLabel } from '../types';
import { useT } from '@/i18n';
import { documentIcon } from '@/Components/icons/document';

export interface PublicIndexProps {
  organization: { name: string; slug: string; description: string | null; website: string | null };
  insights: Paginated<{ title: string; summary: string | null; category: string; published_at: string | null; url: string }>;
}

export default function PublicIndex({ organization, insights }: PublicIndexProps) {
  const fmt = useFormatters();
  const t = useT();
  return (
    <>
      <Head title={t('insights.public.headTitle', { organization: organization.name })} />
      <section className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40">
        <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{t('insights.public.eyebrow')}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl dark:text-white">{organization.name}</h1>
          {organization.description ? <p className="mt-4 max-w-2xl text-base whitespace-pre-line text-slate-600 dark:text-slate-300">{organization.description}</p> : null}
          {organization.website && /^https?:\/\//i.test(organization.website) ? (
            <a href={organization.website} rel="noopener noreferrer nofollow" className="mt-4 inline-block text-sm font-medium text-brand-700 underline dark:text-brand-300">
              {organization.website.replace(/^https?:\/\//i, '')}
            </a>
          ) : null}
        </div>
      </section>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
        {insights.data.length === 0 ? (
          <EmptyState icon={documentIcon} title={t('insights.public.empty.title')} text={t('insights.public.empty.text', { organization: organization.name })} />
        ) : (
          <ul className="space-y-4">
            {insights.data.map((insight) => (
              <li key={insight.url}>
                <article className="group relative rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow dark:border-slate-700/70 dark:bg-slate-900 dark:hover:border-brand-400/50">
                  <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                    <Badge tone="brand">{categoryLabel(t, insight.category)}</Badge>
                    {insight.published_at && <time dateTime={insight.published_at}>{fmt.date(insight.published_at)}</time>}
                  </div>
                  <h2 className="mt-2 text-lg font-semibold break-words text-slate-900 dark:text-white">
                    <Link href={insight.url} className="after:absolute after:inset-0 focus:outline-none">
                      {insight.title}
                    </Link>
                  </h2>
                  {insight.summary ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{insight.summary}</p> : null}
                </article>
              </li>
            ))}
          </ul>
        )}
        <Pagination links={insights.links} meta={insights.meta} className="mt-8" />
      </div>
    </>
  );
}

PublicIndex.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
