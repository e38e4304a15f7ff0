import { Head, Link, router } from '@inertiajs/react';
import { useState, type ReactNode } from 'react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Icon } from '@/Components/Icon';
import { checkCircleIcon } from '@/Components/icons/check-circle';
import { chevronLeftIcon } from '@/Components/icons/chevron-left';
import { infoIcon } from '@/Components/icons/info';
import { useFormatters } from '@/hooks/useFormatters';
import { PortalLayout } from '@/Layouts/PortalLayout';
import { useT } from '@/i18n';
import type { ReceiptState } from '../../../../../shared/portal';
import { route } from '../../../../../shared/routes';
import { receiptTone } from '../receipt';

export interface PortalShowProps {
  insight: {
    id: number;
    title: string;
    summary: string | null;
    category: string;
    published_at: string | null;
    /** Rendered and sanitised on the server (server/lib/markdown.ts). */
    body_html: string;
    status: ReceiptState;
    read_at: string | null;
    acknowledged_at: string | null;
  };
  /** `namedReadReceipts`: its staff see who read what; the page says so. */
  organization: { id: number; name: string; namedReadReceipts: boolean };
}

export default function PortalShow({ insight, organization }: PortalShowProps) {
  const t = useT();
  const fmt = useFormatters();
  const [processing, setProcessing] = useState(false);
  const acknowledge = () =>
    router.post(route('portal.insights.acknowledge', { id: insight.id }), {}, { preserveScroll: true, onStart: () => setProcessing(true), onFinish: () => setProcessing(false) });

  return (
    <>
      <Head title={insight.title} />
      <Link
        href={route('portal.index')}
        className="mb-6 inline-flex items-center gap-1 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-400 dark:text-slate-400 dark:hover:text-white"
      >
        <Icon icon={chevronLeftIcon} className="size-4" />
        {t('portal.show.back')}
      </Link>
      {organization.namedReadReceipts ? (
        <div role="note" className="mb-6 flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-400/30 dark:bg-sky-400/10 dark:text-sky-100">
          <Icon icon={infoIcon} className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-medium">{t('portal.show.namedReceipts', { organization: organization.name })}</p>
            <p className="mt-1 text-sky-800 dark:text-sky-200">{t('portal.show.namedReceiptsDetail')}</p>
          </div>
        </div>
      ) : null}
      <article className="rounded-2xl border border-slate-200 bg-white px-5 py-8 shadow-sm sm:px-10 sm:py-10 dark:border-slate-700/70 dark:bg-slate-900">
        <header className="border-b border-slate-200 pb-6 dark:border-slate-800">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
            <Badge tone={receiptTone[insight.status]}>{t('portal.status', { status: insight.status })}</Badge>
            <span>{t('portal.category', { category: insight.category })}</span>
            <span aria-hidden="true">·</span>
            <span>{organization.name}</span>
            {insight.published_at ? (
              <>
                <span aria-hidden="true">·</span>
                <time dateTime={insight.published_at}>{t('portal.show.published', { date: fmt.date(insight.published_at) })}</time>
              </>
            ) : null}
          </div>
          <h1 className="mt-3 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl dark:text-white">{insight.title}</h1>
          {insight.summary ? <p className="mt-4 text-lg leading-8 text-slate-600 dark:text-slate-300">{insight.summary}</p> : null}
        </header>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the server rendered from Markdown and sanitised (server/lib/markdown.ts) */}
        <div className="prose-content mt-8 max-w-none text-[1.0625rem] leading-8 break-words text-slate-800 dark:text-slate-200" dangerouslySetInnerHTML={{ __html: insight.body_html }} />
      </article>
      <section aria-labelledby="acknowledge-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-700/70 dark:bg-slate-900">
        {insight.acknowledged_at ? (
          <p id="acknowledge-title" className="flex items-start gap-3 text-emerald-800 dark:text-emerald-300" role="status">
            <Icon icon={checkCircleIcon} className="mt-0.5 size-5 shrink-0" />
            {t('portal.show.acknowledgedOn', { date: fmt.dateTime(insight.acknowledged_at) })}
          </p>
        ) : (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 id="acknowledge-title" className="text-base font-semibold text-slate-900 dark:text-white">
                {t('portal.show.acknowledgeTitle')}
              </h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('portal.show.acknowledgeText', { organization: organization.name })}</p>
            </div>
            <Button icon={checkCircleIcon} processing={processing} onClick={acknowledge} className="w-full sm:w-auto">
              {t('portal.show.acknowledge')}
            </Button>
          </div>
        )}
      </section>
    </>
  );
}

PortalShow.layout = (page: ReactNode) => <PortalLayout>{page}</PortalLayout>;
