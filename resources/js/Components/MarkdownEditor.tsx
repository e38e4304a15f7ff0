import { useFormatters } from '@/hooks/useFormatters';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { http } from '@/lib/http';
import { cx } from './cx';
import { Spinner } from './Spinner';
import { TextArea } from './TextArea';
import { useT } from '@/i18n';

export interface MarkdownEditorProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  value: string;
  onChange: (value: string) => void;
  /** POST endpoint answering `{ html }`: the server's own renderer and sanitiser. */
  previewUrl: string;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
}

/**
 * A Markdown text area with a Preview tab. The preview HTML comes from the server, rendered and
 * sanitised exactly as the published page will be (never rendered in the browser).
 */
export function MarkdownEditor({ id, value, onChange, previewUrl, rows = 14, maxLength, placeholder, ...aria }: MarkdownEditorProps) {
  const t = useT();
  const fmt = useFormatters();
  const autoId = useId().replace(/[^\w-]/g, '');
  const base = id ?? `markdown${autoId}`;
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [html, setHtml] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const writeTab = useRef<HTMLButtonElement>(null);
  const previewTab = useRef<HTMLButtonElement>(null);

  const showPreview = async () => {
    setTab('preview');
    setLoading(true);
    setFailed(false);
    try {
      const response = await http.post<{ html: string }>(previewUrl, { body: value }, { headers: { Accept: 'application/json' } });
      setHtml(response.data.html);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    if (tab === 'write') {
      void showPreview();
      previewTab.current?.focus();
    } else {
      setTab('write');
      writeTab.current?.focus();
    }
  };

  const tabClass = (selected: boolean) =>
    cx(
      'rounded-md px-3 py-1.5 text-sm font-medium',
      selected ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white' : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
    );

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="tablist" aria-label={t('app.markdown.mode')} className="inline-flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
          <button
            ref={writeTab}
            type="button"
            role="tab"
            id={`${base}-write`}
            aria-selected={tab === 'write'}
            aria-controls={`${base}-write-panel`}
            tabIndex={tab === 'write' ? 0 : -1}
            onClick={() => setTab('write')}
            onKeyDown={onTabKey}
            className={tabClass(tab === 'write')}
          >
            {t('app.markdown.write')}
          </button>
          <button
            ref={previewTab}
            type="button"
            role="tab"
            id={`${base}-preview`}
            aria-selected={tab === 'preview'}
            aria-controls={`${base}-preview-panel`}
            tabIndex={tab === 'preview' ? 0 : -1}
            onClick={() => void showPreview()}
            onKeyDown={onTabKey}
            className={tabClass(tab === 'preview')}
          >
            {t('app.markdown.preview')}
          </button>
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('app.markdown.hint')}
          {maxLength ? ` ${fmt.number(value.length)} / ${fmt.number(maxLength)}` : ''}
        </p>
      </div>
      <div id={`${base}-write-panel`} role="tabpanel" aria-labelledby={`${base}-write`} hidden={tab !== 'write'}>
        <TextArea id={id} value={value} rows={rows} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} className="font-mono" {...aria} />
      </div>
      <div
        id={`${base}-preview-panel`}
        role="tabpanel"
        aria-labelledby={`${base}-preview`}
        hidden={tab !== 'preview'}
        aria-busy={loading || undefined}
        className="min-h-40 rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-900"
      >
        {loading ? (
          <Spinner label={t('app.markdown.rendering')} />
        ) : failed ? (
          <p className="text-sm text-red-600 dark:text-red-400">{t('app.markdown.failed')}</p>
        ) : html ? (
          // Rendered and sanitised by the server (server/lib/markdown.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the server rendered from Markdown and sanitised (server/lib/markdown.ts)
          <div className="prose-content text-slate-800 dark:text-slate-200" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('app.markdown.empty')}</p>
        )}
      </div>
    </div>
  );
}

export default MarkdownEditor;
