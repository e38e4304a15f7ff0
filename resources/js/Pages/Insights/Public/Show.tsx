import { Head, Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { Badge } from '@/Components/Badge';
import { Icon } from '@/Components/Icon';
import { chevronLeftIcon } from '@/Components/icons/chevron-left';
import { useFormatters } from '@/hooks/useFormatters';
import { PublicLayout } from '@/Layouts/PublicLayout';
import { categoryLabel } from '../types';
import { useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

export interface PublicShowProps {
  organization: { name: string; slug: string; publicPageEnabled: boolean };
  insight: {
    title: string;
    summary: string | null;
    category: string;
    published_at: string | null;
    updated_at: string;
    /** Rendered and sanitised on the server (server/lib/markdown.ts). */
    body_html: string;
  };
  url: string;
}

export default function PublicShow({ organization, insight }: PublicShowProps) {
  const fmt = useFormatters();
  const t = useT();
  return (
    <>
      <Head title={insight.title} />
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        {organization.publicPageEnabled ? (
          <Link
            href={route('public-insights.index', { orgSlug: organization.slug })}
            className="mb-6 inline-flex items-center gap-1 rounded text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
          >
            <Icon icon={chevronLeftIcon} className="size-4" />
            {t('insights.public.allFrom', { organization: organization.name })}
          </Link>
        ) : null}
        <header className="border-b border-slate-200 pb-6 dark:border-slate-800">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
            <Badge tone="brand">{categoryLabel(t, insight.category)}</Badge>
            {insight.published_at ? <time dateTime={insight.published_at}>{fmt.date(insight.published_at)}</time> : null}
            <span aria-hidden="true">·</span>
            <span>{organization.name}</span>
          </div>
          <h1 className="mt-3 text-3xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl dark:text-white">{insight.title}</h1>
          {insight.summary ? <p className="mt-4 text-lg leading-8 text-slate-600 dark:text-slate-300">{insight.summary}</p> : null}
        </header>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the server rendered from Markdown and sanitised (server/lib/markdown.ts) */}
        <div className="prose-content mt-8 max-w-none break-words text-slate-800 dark:text-slate-200" dangerouslySetInnerHTML={{ __html: insight.body_html }} />
      </article>
    </>
  );
}

PublicShow.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
