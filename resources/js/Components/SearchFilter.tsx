import { router } from '@inertiajs/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { Icon } from './Icon';
import { chevronDownIcon } from './icons/chevron-down';
import { filterIcon } from './icons/filter';
import { searchIcon } from './icons/search';
import { controlClasses } from './TextInput';
import { useT } from '@/i18n';

export type FilterValues = Record<string, string | null | undefined>;

export interface SearchFilterControls {
  values: FilterValues;
  /** Change one filter; the list reloads at once (the text search alone waits for the debounce). */
  set: (key: string, value: string | null | undefined) => void;
}

export interface SearchFilterProps {
  /** Current filters as the server echoed them (e.g. `filters` prop: `{search, status, trashed}`). */
  filters: FilterValues;
  /** Where to send the query (default: the current path). */
  url?: string;
  /** Key of the text search in `filters` (default `search`). */
  searchKey?: string;
  label?: string;
  placeholder?: string;
  /** Milliseconds to wait after typing in the search box (default 300); other filters ask at once. */
  debounce?: number;
  /** Partial reload: only these props. */
  only?: string[];
  /** Extra filters (selects …), given the values and a setter. Give each one a label. */
  children?: (controls: SearchFilterControls) => ReactNode;
  className?: string;
}

/** Query keys that travel with the filters but are not filters a person set. */
const NOT_FILTERS = new Set(['sort', 'direction', 'page', 'per_page']);

const clean = (values: FilterValues) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== null && v !== undefined)) as Record<string, string>;

/**
 * PingCRM-style search: typing reloads the list (debounced, state and scroll kept, history replaced).
 * On phones the extra filters fold behind a "Filters" button (with how many are set), so the list
 * starts on the first screen; from `sm` up they are always shown.
 */
export function SearchFilter({ filters, url, searchKey = 'search', label, placeholder, debounce = 300, only, children, className }: SearchFilterProps) {
  const t = useT();
  const [values, setValues] = useState<FilterValues>(() => ({ ...filters }));
  const changed = useRef(false);
  // How long the next query waits: typing is debounced, a select or Reset is a deliberate choice.
  const wait = useRef(0);
  const id = `search${useId().replace(/[^\w-]/g, '')}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a query goes out when the values change (debounce sets how long it waits); `only` is fixed per page
  useEffect(() => {
    if (!changed.current) return;
    const send = () => router.get(url ?? window.location.pathname, clean(values), { preserveState: true, preserveScroll: true, replace: true, only });
    if (wait.current <= 0) {
      send();
      return;
    }
    const timer = window.setTimeout(send, wait.current);
    return () => window.clearTimeout(timer);
    // `only` is an array literal in most callers; the query depends on the values alone.
  }, [values, url, debounce]);

  const set = (key: string, value: string | null | undefined) => {
    changed.current = true;
    wait.current = key === searchKey ? debounce : 0;
    setValues((current) => ({ ...current, [key]: value ?? '' }));
  };
  const reset = () => {
    changed.current = true;
    wait.current = 0;
    setValues((current) => Object.fromEntries(Object.keys(current).map((key) => [key, ''])));
  };
  const active = Object.keys(clean(values)).length > 0;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = `${id}-filters`;
  // What the "Filters" button counts: the folded controls that are set (not the search, not the order).
  const setFilters = Object.keys(clean(values)).filter((key) => key !== searchKey && !NOT_FILTERS.has(key)).length;

  return (
    <div role="search" className={cx('flex flex-wrap items-center gap-3 sm:items-end', className)}>
      <div className="relative min-w-0 flex-1 max-sm:basis-full sm:max-w-sm">
        <label htmlFor={id} className="sr-only">
          {label ?? t('common.search.label')}
        </label>
        <Icon icon={searchIcon} className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="search"
          autoComplete="off"
          value={values[searchKey] ?? ''}
          onChange={(e) => set(searchKey, e.target.value)}
          placeholder={placeholder ?? t('common.search.placeholder')}
          className={cx(controlClasses, 'h-10 pl-9')}
        />
      </div>
      {children ? (
        <>
          <Button variant="secondary" icon={filterIcon} onClick={() => setFiltersOpen((open) => !open)} aria-expanded={filtersOpen} aria-controls={filtersId} className="sm:hidden">
            {setFilters ? t('common.search.filtersActive', { count: setFilters }) : t('common.search.filters')}
            <Icon icon={chevronDownIcon} className={cx('size-4 transition-transform', filtersOpen && 'rotate-180')} />
          </Button>
          <div id={filtersId} className={cx('flex flex-wrap items-end gap-3 max-sm:order-last max-sm:basis-full max-sm:[&>*]:w-full', !filtersOpen && 'max-sm:hidden')}>
            {children({ values, set })}
          </div>
        </>
      ) : null}
      <Button variant="ghost" onClick={reset} disabled={!active}>
        {t('common.search.reset')}
      </Button>
    </div>
  );
}

export default SearchFilter;
