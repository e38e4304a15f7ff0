import { Select } from '@/Components/Select';
import { useT } from '@/i18n';
import { filterTags, splitTags, type TagCount } from '../types';

const chip =
  'inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-1 text-xs font-medium text-brand-800 ring-1 ring-brand-600/25 ring-inset hover:bg-brand-100 dark:bg-brand-400/10 dark:text-brand-300 dark:ring-brand-400/25 dark:hover:bg-brand-400/20';

/**
 * The tag filter: a select of the organisation's tags (with how many carry each) that adds one,
 * and the chosen tags as chips that remove themselves. `value` is the filter as the URL holds it
 * (`finance,audit`); a record must carry every chosen tag.
 */
export function TagFilter({ tags, value, onChange }: { tags: TagCount[]; value: string; onChange: (value: string) => void }) {
  const t = useT();
  const selected = splitTags(value);
  const chosen = new Set(selected.map((tag) => tag.toLowerCase()));
  const options = tags.filter((tag) => !chosen.has(tag.name.toLowerCase())).map((tag) => ({ value: tag.name, label: t('boardUsers.index.filters.tagOption', { tag: tag.name, count: tag.count }) }));
  return (
    <div>
      <label htmlFor="filter-tags" className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-300">
        {t('boardUsers.index.filters.tags')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <div className="w-44">
          <Select
            id="filter-tags"
            value=""
            onChange={(e) => e.target.value && onChange(filterTags([...selected, e.target.value]))}
            placeholder={selected.length ? t('boardUsers.index.filters.addTag') : t('boardUsers.index.filters.allTags')}
            options={options}
            disabled={!options.length && !selected.length}
          />
        </div>
        {selected.map((tag) => (
          <button key={tag} type="button" className={chip} onClick={() => onChange(filterTags(selected.filter((s) => s !== tag)))}>
            {tag}
            <span className="sr-only"> {t('boardUsers.index.filters.removeTag')}</span>
            <span aria-hidden="true">×</span>
          </button>
        ))}
      </div>
    </div>
  );
}
