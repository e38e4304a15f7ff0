import { Card } from '@/Components/Card';
import { useFormatters } from '@/hooks/useFormatters';
import { useT } from '@/i18n';

/** server/features/insights/readiness.ts: a count below `minShown` arrives as null, never as a number. */
export interface Readiness {
  recipients: number;
  read: number | null;
  acknowledged: number | null;
  minShown: number;
  readers: { id: number; name: string; read_at: string | null; acknowledged_at: string | null }[] | null;
}

/** How many of the insight's board members (with portal access) read and acknowledged it; names only when the organisation chose so. */
export default function ReadinessPanel({ readiness }: { readiness: Readiness }) {
  const t = useT();
  const fmt = useFormatters();
  const count = (n: number | null) => (n === null ? t('insights.show.readiness.fewer', { min: readiness.minShown }) : fmt.number(n));
  return (
    <Card title={t('insights.show.readiness.title')} description={t('insights.show.readiness.description')}>
      {readiness.recipients === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('insights.show.readiness.none')}</p>
      ) : (
        <div className="space-y-4 text-sm">
          <p className="text-slate-600 dark:text-slate-400">{t('insights.show.readiness.recipients', { count: readiness.recipients })}</p>
          <dl className="grid grid-cols-2 gap-3" aria-live="polite">
            {(
              [
                ['read', t('insights.show.readiness.read'), readiness.read],
                ['acknowledged', t('insights.show.readiness.acknowledged'), readiness.acknowledged],
              ] as const
            ).map(([key, label, value]) => (
              <div key={key} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
                <dd data-testid={`readiness-${key}`} className="mt-0.5 font-semibold text-slate-900 dark:text-white">
                  {count(value)}
                </dd>
              </div>
            ))}
          </dl>
          {readiness.readers ? (
            <>
              <p className="text-xs text-slate-500 dark:text-slate-400">{t('insights.show.readiness.named')}</p>
              <ul className="divide-y divide-slate-200 dark:divide-slate-700/70">
                {readiness.readers.map((r) => (
                  <li key={r.id} className="py-2">
                    <span className="block font-medium text-slate-900 dark:text-white">{r.name}</span>
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      {r.acknowledged_at
                        ? t('insights.show.readiness.acknowledgedOn', { date: fmt.dateTime(r.acknowledged_at) })
                        : r.read_at
                          ? t('insights.show.readiness.readOn', { date: fmt.dateTime(r.read_at) })
                          : t('insights.show.readiness.notRead')}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-xs text-slate-500 dark:text-slate-400">{t('insights.show.readiness.privacy', { min: readiness.minShown })}</p>
          )}
        </div>
      )}
    </Card>
  );
}
