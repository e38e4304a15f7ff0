import { Button } from '@/Components/Button';
import { cx } from '@/Components/cx';
import { FORM_WIDTHS, type FormWidth } from '@/Components/layout';
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
  /** As wide as the form it belongs to. */
  width?: FormWidth;
}

const plain = (_key: string, value: unknown) => (Array.isArray(value) ? value.join(', ') : value === null || value === undefined ? '' : String(value));

/** A cell that is a column on wider screens and a labelled line of its row's card on a phone. */
const cell = 'block py-1 sm:table-cell sm:py-2 sm:pr-3 before:mr-1 before:font-medium before:content-[attr(data-label)] sm:before:content-none';

/** What a colleague changed while this form was open, field by field, and the user's choice for each. */
export function ConflictNotice({ changes, choices, decided, label, show = plain, onChoose, onChooseAll, width = 'form' }: ConflictNoticeProps) {
  const t = useT();
  if (!changes) return null;
  const open = changes.filter((c) => c.both);
  const text = (key: string, value: unknown) => show(key, value) || t('common.conflict.empty');
  return (
    <section
      role="alert"
      aria-labelledby="conflict-title"
      className={cx(FORM_WIDTHS[width], 'mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:p-5 dark:border-amber-500/40 dark:bg-amber-950/40 dark:text-amber-100')}
    >
      <h2 id="conflict-title" className="text-base font-semibold">
        {t('common.conflict.title')}
      </h2>
      <p className="mt-1">{decided ? t('common.conflict.ready') : t('common.conflict.intro')}</p>
      {changes.length ? (
        <table className="mt-4 w-full text-left">
          <caption className="sr-only">{t('common.conflict.caption')}</caption>
          <thead className="sr-only sm:not-sr-only">
            <tr className="text-xs uppercase tracking-wide text-amber-800 dark:text-amber-300">
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('common.conflict.field')}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('common.conflict.theirs')}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('common.conflict.yours')}
              </th>
              <th scope="col" className="py-1 font-medium">
                {t('common.conflict.keep')}
              </th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.key} className="block border-t border-amber-200 py-2 align-top sm:table-row sm:py-0 dark:border-amber-500/30">
                <th scope="row" className="block py-1 font-semibold sm:table-cell sm:py-2 sm:pr-3 sm:font-medium">
                  {label(c.key)}
                </th>
                <td data-label={`${t('common.conflict.theirs')}:`} className={cx(cell, 'break-words sm:max-w-[16rem]')}>
                  {text(c.key, c.theirs)}
                </td>
                <td data-label={`${t('common.conflict.yours')}:`} className={cx(cell, 'break-words sm:max-w-[16rem]')}>
                  {c.both ? text(c.key, c.yours) : t('common.conflict.unchanged')}
                </td>
                <td className="block pt-2 sm:table-cell sm:py-2">
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
                    <span className="italic">{t('common.conflict.merged')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
