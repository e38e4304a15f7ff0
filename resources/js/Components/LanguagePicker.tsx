import { router, usePage } from '@inertiajs/react';
import { useId, useState } from 'react';
import { localeOf, useT } from '@/i18n';
import { LOCALE_NAMES, LOCALES } from '../../../shared/i18n';
import { cx } from './cx';
import { route } from '../../../shared/routes';

/**
 * The guest's language (sign-in and public pages): each language named in itself. Choosing one
 * posts it to /locale, which remembers it in a cookie; the page comes back in that language
 * without a reload. A signed-in user's language is their setting (/settings).
 */
export function LanguagePicker({ className }: { className?: string }) {
  const t = useT();
  const props = usePage().props as Record<string, unknown>;
  const current = localeOf(props);
  const id = `language${useId().replace(/[^\w-]/g, '')}`;
  const [processing, setProcessing] = useState(false);
  return (
    <div data-requires-js className={cx('flex items-center gap-2', className)}>
      <label htmlFor={id} className="text-xs text-slate-500 dark:text-slate-400">
        {t('common.language.label')}
      </label>
      <select
        id={id}
        name="locale"
        value={current}
        disabled={processing}
        onChange={(e) =>
          router.post(
            route('locale.update'),
            { locale: e.target.value },
            {
              preserveScroll: true,
              onStart: () => setProcessing(true),
              onFinish: () => setProcessing(false),
              // Pages prefetched before carry the old language: the next visit asks again.
              onSuccess: () => router.flushAll(),
            },
          )
        }
        className="h-8 rounded-md border border-slate-300 bg-white py-0 pr-8 pl-2 text-xs text-slate-700 shadow-sm focus:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-400 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}

export default LanguagePicker;
