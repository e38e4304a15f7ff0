import { router } from '@inertiajs/react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { xsrfToken } from '@/lib/csrf';
import { useT } from '@/i18n';

/**
 * Row selection for bulk actions on an index table. The selection lives outside the page (per
 * list and filters), so it survives moving between pages of the list; changing the filters
 * starts a new one. `all` means "every record matching the filters", however many pages.
 */
export interface BulkSelectionState {
  ids: number[];
  all: boolean;
}

const stores = new Map<string, BulkSelectionState>();
const listeners = new Set<() => void>();
const EMPTY: BulkSelectionState = { ids: [], all: false };
const emit = () => {
  for (const l of listeners) l();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export interface BulkSelection extends BulkSelectionState {
  /** How many records the action would touch. */
  count: number;
  isSelected(id: number): boolean;
  toggle(id: number): void;
  /** Ticks (or unticks, when all are ticked) every row of this page. */
  togglePage(): void;
  pageState: 'none' | 'some' | 'all';
  selectAllMatching(): void;
  clear(): void;
  /** The request body of a bulk action: ids or all, with the filters. */
  payload(filters: Record<string, unknown>): { ids: number[]; all: boolean; filters: Record<string, unknown> };
}

/** `scope` names the list and its filters (say `board-users?status=active`); `pageIds` are this page's rows. */
export function useBulkSelection(scope: string, pageIds: number[], total: number): BulkSelection {
  // Drop other lists' selections: one selection at a time, for the list in view.
  useEffect(() => {
    for (const key of [...stores.keys()]) if (key !== scope) stores.delete(key);
  }, [scope]);
  const state = useSyncExternalStore(
    subscribe,
    () => stores.get(scope) ?? EMPTY,
    () => EMPTY,
  );
  const set = useCallback(
    (next: BulkSelectionState) => {
      stores.set(scope, next);
      emit();
    },
    [scope],
  );
  const selected = new Set(state.ids);
  const onPage = pageIds.filter((id) => state.all || selected.has(id)).length;
  const pageState = pageIds.length && onPage === pageIds.length ? 'all' : onPage > 0 ? 'some' : 'none';
  return {
    ...state,
    count: state.all ? total : state.ids.length,
    pageState,
    isSelected: (id) => state.all || selected.has(id),
    toggle: (id) => {
      if (state.all) return set({ all: false, ids: pageIds.filter((p) => p !== id) });
      set({ all: false, ids: selected.has(id) ? state.ids.filter((x) => x !== id) : [...state.ids, id] });
    },
    togglePage: () => {
      if (pageState === 'all') set({ all: false, ids: state.all ? [] : state.ids.filter((id) => !pageIds.includes(id)) });
      else set({ all: false, ids: [...new Set([...state.ids, ...pageIds])] });
    },
    selectAllMatching: () => set({ all: true, ids: [] }),
    clear: () => set(EMPTY),
    payload: (filters) => ({ ids: state.all ? [] : state.ids, all: state.all, filters }),
  };
}

/** The header's "select this page" box (indeterminate when some rows are ticked). */
export function SelectPageCheckbox({ selection, label }: { selection: BulkSelection; label?: string }) {
  const t = useT();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selection.pageState === 'some';
  }, [selection.pageState]);
  return <input ref={ref} type="checkbox" aria-label={label ?? t('app.bulk.selectPageRows')} checked={selection.pageState === 'all'} onChange={selection.togglePage} className={boxClasses} />;
}

export function SelectRowCheckbox({ selection, id, label }: { selection: BulkSelection; id: number; label: string }) {
  return <input type="checkbox" aria-label={label} checked={selection.isSelected(id)} onChange={() => selection.toggle(id)} className={boxClasses} />;
}

const boxClasses = 'size-4 rounded border-slate-300 accent-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-slate-600';

/**
 * The bar of a list while rows are ticked: how many, "select all N matching", clear, and the
 * actions (buttons the page passes). It floats over the foot of the window instead of taking a
 * line above the table, so ticking the first row never moves the list; while it shows, the page
 * gets room at its foot so the last rows and the pagination can still scroll clear of it.
 */
export function BulkBar({ selection, total, noun, children }: { selection: BulkSelection; total: number; noun: (n: number) => string; children: ReactNode }) {
  const t = useT();
  const bar = useRef<HTMLDivElement>(null);
  const shown = selection.count > 0;
  useEffect(() => {
    if (!shown || !bar.current) return;
    const body = document.body;
    const room = () => (body.style.paddingBottom = `${(bar.current?.offsetHeight ?? 0) + 24}px`);
    room();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(room);
    observer?.observe(bar.current);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = '';
    };
  }, [shown]);
  if (!shown) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center p-3 sm:p-4 lg:left-64">
      <div
        ref={bar}
        role="region"
        aria-label={t('app.bulk.region')}
        className="pointer-events-auto flex w-full max-w-4xl flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 shadow-lg ring-1 ring-slate-900/5 lg:flex-row lg:items-center lg:justify-between dark:border-slate-700 dark:bg-slate-800 dark:ring-white/10"
      >
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-800 dark:text-slate-100">
          <span aria-live="polite" className="font-medium">
            {selection.all ? t('app.bulk.allSelected', { noun: noun(total) }) : t('app.bulk.selected', { noun: noun(selection.count) })}
          </span>
          {!selection.all && selection.pageState === 'all' && total > selection.count ? (
            <button type="button" onClick={selection.selectAllMatching} className={linkClasses}>
              {t('app.bulk.selectAllMatching', { noun: noun(total) })}
            </button>
          ) : null}
          <button type="button" onClick={selection.clear} className={linkClasses}>
            {t('app.bulk.clear')}
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-2">{children}</div>
      </div>
    </div>
  );
}

const linkClasses = 'rounded font-medium text-brand-800 underline underline-offset-2 hover:text-brand-950 dark:text-brand-300 dark:hover:text-brand-200';

/** A bulk action request: one POST; when it succeeds the selection is cleared and `done` runs. */
export function useBulkRequest(url: string, selection: BulkSelection, filters: Record<string, unknown>) {
  const [processing, setProcessing] = useState(false);
  const send = (body: Record<string, unknown>, done?: () => void) =>
    router.post(url, { ...body, ...selection.payload(filters) } as never, {
      preserveScroll: true,
      onStart: () => setProcessing(true),
      onFinish: () => setProcessing(false),
      onSuccess: (page) => {
        if (Object.keys((page.props as { errors?: object }).errors ?? {}).length) return;
        selection.clear();
        done?.();
      },
    });
  return { processing, send };
}

/**
 * Downloads the selection as CSV: a plain form POST (a download, not a page visit), carrying the
 * CSRF token like any form.
 */
export function downloadSelection(url: string, payload: { ids: number[]; all: boolean; filters: Record<string, unknown> }) {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = url;
  form.hidden = true;
  const add = (name: string, value: string) => {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  };
  add('_token', xsrfToken() ?? '');
  if (payload.all) add('all', '1');
  payload.ids.forEach((id, i) => {
    add(`ids[${i}]`, String(id));
  });
  for (const [key, value] of Object.entries(payload.filters)) if (typeof value === 'string' && value) add(`filters[${key}]`, value);
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
