import { router, usePage } from '@inertiajs/react';
import { useState } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { PlanLimitNotice, type PlanLimit } from '@/Components/LimitNotice';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { Icon } from '@/Components/Icon';
import { checkIcon } from '@/Components/icons/check';
import { externalIcon } from '@/Components/icons/external';
import { linkIcon } from '@/Components/icons/link';
import { TextArea } from '@/Components/TextArea';
import { useFormatters } from '@/hooks/useFormatters';
import type { InsightStatus } from '../types';
import { Trans, useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

export interface Sharing {
  planAllows: boolean;
  planName: string;
  publicPageEnabled: boolean;
  publicPageUrl: string;
  /** The plan's public-link limit (a plan without them shows the shared limit notice). */
  limit: PlanLimit;
}

interface Props {
  insight: { id: number; status: InsightStatus; shared: boolean; share_url: string | null; shared_at: string | null; view_count: number; deleted_at: string | null };
  sharing: Sharing;
  canManage: boolean;
}

/** Public link: create, copy, replace (new token) and turn off. */
export default function SharePanel({ insight, sharing, canManage }: Props) {
  const errors = usePage().props.errors as Record<string, string | undefined>;
  const fmt = useFormatters();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [confirm, setConfirm] = useState<null | 'reshare' | 'unshare'>(null);
  const options = {
    preserveScroll: true,
    onStart: () => setBusy(true),
    onFinish: () => {
      setBusy(false);
      setConfirm(null);
    },
  };
  const share = () => router.post(route('insights.share', { id: insight.id }), {}, options);
  const unshare = () => router.delete(route('insights.unshare', { id: insight.id }), options);
  const copy = async () => {
    if (!insight.share_url) return;
    try {
      await navigator.clipboard.writeText(insight.share_url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      document.getElementById('share-url')?.focus();
    }
  };

  let body: React.ReactNode;
  if (insight.deleted_at) {
    body = <p className="text-sm text-slate-600 dark:text-slate-400">{t('insights.share.deleted')}</p>;
  } else if (insight.shared && insight.share_url) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('insights.share.explanation')}</p>
        <div className="space-y-2">
          <label htmlFor="share-url" className="sr-only">
            {t('insights.share.linkLabel')}
          </label>
          {/* The whole link, wrapped: a one-line box in this narrow card showed only the host. */}
          <TextArea id="share-url" readOnly rows={3} value={insight.share_url} onFocus={(e) => e.currentTarget.select()} className="resize-none font-mono text-xs leading-5 [word-break:break-all]" />
          <Button variant="secondary" size="sm" icon={copied ? checkIcon : linkIcon} onClick={copy} aria-live="polite">
            {copied ? t('insights.share.copied') : t('insights.share.copy')}
          </Button>
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400" title={insight.shared_at ? fmt.dateTime(insight.shared_at) : undefined}>
          {t('insights.share.stats', { when: insight.shared_at ? fmt.relative(insight.shared_at) : '', count: insight.view_count })}
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={insight.share_url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline dark:text-brand-300">
            {t('insights.share.open')}
            <Icon icon={externalIcon} className="size-4" />
          </a>
        </div>
        {canManage ? (
          <div className="flex flex-wrap gap-2 pt-1">
            <Button variant="secondary" size="sm" onClick={() => setConfirm('reshare')} disabled={busy}>
              {t('insights.share.newLink')}
            </Button>
            <Button variant="danger" size="sm" onClick={() => setConfirm('unshare')} disabled={busy}>
              {t('insights.share.stop')}
            </Button>
          </div>
        ) : null}
      </div>
    );
  } else if (!sharing.planAllows) {
    body = <PlanLimitNotice limit={sharing.limit} />;
  } else if (!canManage) {
    // Read-only: someone who cannot create a link is not invited to (no explanation of a button they do not have).
    body = <p className="text-sm text-slate-600 dark:text-slate-400">{t('insights.share.notShared')}</p>;
  } else if (insight.status !== 'published') {
    body = <p className="text-sm text-slate-600 dark:text-slate-400">{t('insights.share.publishFirst')}</p>;
  } else {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('insights.share.createExplanation')}</p>
        <Button icon={linkIcon} onClick={share} processing={busy}>
          {t('insights.share.create')}
        </Button>
      </div>
    );
  }

  return (
    <Card title={t('insights.share.title')} headingLevel={2}>
      {errors.share ? (
        <p role="alert" className="mb-3 text-sm text-red-600 dark:text-red-400">
          {errors.share}
        </p>
      ) : null}
      {body}
      {sharing.publicPageEnabled && insight.shared ? (
        <p className="mt-4 border-t border-slate-200 pt-3 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
          {/* biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside the <a> */}
          <Trans id="insights.share.listed" components={{ 0: <a href={sharing.publicPageUrl} target="_blank" rel="noopener noreferrer" className="underline" /> }} />
        </p>
      ) : null}
      <ConfirmDialog
        open={confirm === 'reshare'}
        title={t('insights.share.reshareDialog.title')}
        description={t('insights.share.reshareDialog.description')}
        confirmLabel={t('insights.share.reshareDialog.confirm')}
        tone="primary"
        processing={busy}
        onClose={() => setConfirm(null)}
        onConfirm={share}
      />
      <ConfirmDialog
        open={confirm === 'unshare'}
        title={t('insights.share.unshareDialog.title')}
        description={t('insights.share.unshareDialog.description')}
        confirmLabel={t('insights.share.unshareDialog.confirm')}
        processing={busy}
        onClose={() => setConfirm(null)}
        onConfirm={unshare}
      />
    </Card>
  );
}
