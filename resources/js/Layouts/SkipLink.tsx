import { useT } from '@/i18n';

/** First focusable element of every layout: jumps over the navigation to <main id="main">. */
export function SkipLink() {
  const t = useT();
  return (
    <a href="#main" className="sr-only z-[70] rounded-lg bg-brand-400 px-4 py-2 text-sm font-semibold text-slate-900 focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
      {t('common.skipLink')}
    </a>
  );
}

export default SkipLink;
