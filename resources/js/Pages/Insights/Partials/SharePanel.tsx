import { Link, router, usePage } from '@inertiajs/react';
import { useState } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { Icon } from '@/Components/Icon';
import { TextArea } from '@/Components/TextArea';
import { useFormatters } from '@/hooks/useFormatters';
import type { InsightStatus } from '../types';

export interface Sharing {
  planAllows: boolean;
  planName: string;
  publicPageEnabled: boolean;
  publicPageUrl: string;
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
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [confirm, setConfirm] = useState<null | 'reshare' | 'unshare'>(null);
  const options = { preserveScroll: true, onStart: () => setBusy(true), onFinish: () => { setBusy(false); setConfirm(null); } };
  const share = () => router.post(`/insights/${insight.id}/share`, {}, options);
  const unshare = () => router.delete(`/insights/${insight.id}/share`, options);
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

  let body;
  if (insight.deleted_at) {
    body = <p className="text-sm text-slate-600 dark:text-slate-400">Deleted insights cannot be shared.</p>;
  } else if (insight.shared && insight.share_url) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">Anyone with this link can read the insight, without signing in. Board users’ names are never shown.</p>
        <div className="space-y-2">
          <label htmlFor="share-url" className="sr-only">
            Public link
          </label>
          {/* The whole link, wrapped: a one-line box in this narrow card showed only the host. */}
          <TextArea
            id="share-url"
            readOnly
            rows={3}
            value={insight.share_url}
            onFocus={(e) => e.currentTarget.select()}
            className="resize-none font-mono text-xs leading-5 [word-break:break-all]"
          />
          <Button variant="secondary" size="sm" icon={copied ? 'check' : 'link'} onClick={copy} aria-live="polite">
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Shared {insight.shared_at ? fmt.relative(insight.shared_at) : ''} · {fmt.number(insight.view_count)} view{insight.view_count === 1 ? '' : 's'}
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={insight.share_url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline dark:text-brand-300">
            Open the public page
            <Icon name="external" className="size-4" />
          </a>
        </div>
        {canManage ? (
          <div className="flex flex-wrap gap-2 pt-1">
            <Button variant="secondary" size="sm" onClick={() => setConfirm('reshare')} disabled={busy}>
              New link
            </Button>
            <Button variant="danger" size="sm" onClick={() => setConfirm('unshare')} disabled={busy}>
              Stop sharing
            </Button>
          </div>
        ) : null}
      </div>
    );
  } else if (!sharing.planAllows) {
    body = (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Your plan ({sharing.planName}) does not include public links.{' '}
        <Link href="/subscription" className="font-medium text-brand-700 underline dark:text-brand-300">
          See plans
        </Link>
      </p>
    );
  } else if (insight.status !== 'published') {
    body = <p className="text-sm text-slate-600 dark:text-slate-400">Publish this insight to share it with a public link.</p>;
  } else {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">Create a link anyone can open without signing in. You can turn it off at any time.</p>
        {canManage ? (
          <Button icon="link" onClick={share} processing={busy}>
            Create public link
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <Card title="Public link" headingLevel={2}>
      {errors.share ? (
        <p role="alert" className="mb-3 text-sm text-red-600 dark:text-red-400">
          {errors.share}
        </p>
      ) : null}
      {body}
      {sharing.publicPageEnabled && insight.shared ? (
        <p className="mt-4 border-t border-slate-200 pt-3 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
          Also listed on your organization’s{' '}
          <a href={sharing.publicPageUrl} target="_blank" rel="noopener noreferrer" className="underline">
            public page
          </a>
          .
        </p>
      ) : null}
      <ConfirmDialog
        open={confirm === 'reshare'}
        title="Create a new link?"
        description="The current link stops working at once. Anyone you sent it to will need the new one."
        confirmLabel="Create new link"
        tone="primary"
        processing={busy}
        onClose={() => setConfirm(null)}
        onConfirm={share}
      />
      <ConfirmDialog
        open={confirm === 'unshare'}
        title="Stop sharing?"
        description="The public link stops working at once. You can share again later; that makes a new link."
        confirmLabel="Stop sharing"
        processing={busy}
        onClose={() => setConfirm(null)}
        onConfirm={unshare}
      />
    </Card>
  );
}
