import { router } from '@inertiajs/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { Icon } from './Icon';
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

const clean = (values: FilterValues) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== null && v !== undefined)) as Record<string, string>;

/** PingCRM-style search: typing reloads the list (debounced, state and scroll kept, history replaced). */
export function SearchFilter({ filters, url, searchKey = 'search', label, placeholder, debounce = 300, only, children, className }: SearchFilterProps) {
  const t = useT();
  const [values, setValues] = useState<FilterValues>(() => ({ ...filters }));
  const changed = useRef(false);
  // How long the next query waits: typing is debounced, a select or Reset is a deliberate choice.
  const wait = useRef(0);
  const id = `search${useId().replace(/[^\w-]/g, '')}`;

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

  return (
    <div role="search" className={cx('flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end', className)}>
      <div className="relative min-w-0 flex-1 sm:max-w-sm">
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
      {children ? <div className="flex flex-wrap items-end gap-3">{children({ values, set })}</div> : null}
      <Button variant="ghost" onClick={reset} disabled={!active} className="self-start sm:self-auto">
        {t('common.search.reset')}
      </Button>
    </div>
  );
}

export default SearchFilter;
