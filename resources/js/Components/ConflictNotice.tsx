import { Button } from '@/Components/Button';
import type { ConflictChange, ConflictChoice } from '@/hooks/useConflict';
import { useT } from '@/i18n';

export interface ConflictNoticeProps {
  changes: ConflictChange[] | null;
  choices: Record<string, ConflictChoice>;
  decided: boolean;
  /** The field's label as the form shows it. */
  label: (key: string) => string;
  /** A value as a person reads it (a status's name, a list of tags). */
  show?: (key: string, value: unknown) => string;
  onChoose: (key: string, choice: ConflictChoice) => void;
  onChooseAll: (choice: ConflictChoice) => void;
}

const plain = (_key: string, value: unknown) => (Array.isArray(value) ? value.join(', ') : value === null || value === undefined ? '' : String(value));

/** What a colleague changed while this form was open, field by field, and the user's choice for each. */
export function ConflictNotice({ changes, choices, decided, label, show = plain, onChoose, onChooseAll }: ConflictNoticeProps) {
  const t = useT();
  if (!changes) return null;
  const open = changes.filter((c) => c.both);
  const text = (key: string, value: unknown) => show(key, value) || t('common.conflict.empty');
  return (
    <section role="alert" aria-labelledby="conflict-title" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:p-5 dark:border-amber-500/40 dark:bg-amber-950/40 dark:text-amber-100">
      <h2 id="conflict-title" className="text-base font-semibold">
        {t('common.conflict.title')}
      </h2>
      <p className="mt-1">{decided ? t('common.conflict.ready') : t('common.conflict.intro')}</p>
      {changes.length ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left">
            <caption className="sr-only">{t('common.conflict.caption')}</caption>
            <thead>
              <tr className="text-xs uppercase tracking-wide text-amber-800 dark:text-amber-300">
                <th scope="col" className="py-1 pr-3 font-medium">{t('common.conflict.field')}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t('common.conflict.theirs')}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t('common.conflict.yours')}</th>
                <th scope="col" className="py-1 font-medium">{t('common.conflict.keep')}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((c) => (
                <tr key={c.key} className="border-t border-amber-200 align-top dark:border-amber-500/30">
                  <th scope="row" className="py-2 pr-3 font-medium">{label(c.key)}</th>
                  <td className="max-w-[16rem] break-words py-2 pr-3">{text(c.key, c.theirs)}</td>
                  <td className="max-w-[16rem] break-words py-2 pr-3">{c.both ? text(c.key, c.yours) : t('common.conflict.unchanged')}</td>
                  <td className="py-2">
                    {c.both ? (
                      <div className="flex flex-wrap gap-2" role="group" aria-label={t('common.conflict.choiceFor', { field: label(c.key) })}>
                        <Button size="sm" variant={choices[c.key] === 'theirs' ? 'primary' : 'secondary'} aria-pressed={choices[c.key] === 'theirs'} onClick={() => onChoose(c.key, 'theirs')}>
                          {t('common.conflict.useTheirs')}
                        </Button>
                        <Button size="sm" variant={choices[c.key] === 'mine' ? 'primary' : 'secondary'} aria-pressed={choices[c.key] === 'mine'} onClick={() => onChoose(c.key, 'mine')}>
                          {t('common.conflict.keepMine')}
                        </Button>
                      </div>
                    ) : (
                      t('common.conflict.merged')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {open.length > 1 ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => onChooseAll('theirs')}>
            {t('common.conflict.allTheirs')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onChooseAll('mine')}>
            {t('common.conflict.allMine')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
