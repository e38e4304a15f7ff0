export interface Paginated<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number; from: number | null; to: number | null };
  links: { url: string | null; label: string; active: boolean }[];
}

export interface PageOptions {
  page: number;
  perPage: number;
  path: string;
  query: Record<string, unknown>;
}

/**
 * A page and its PingCRM-style links (they keep the rest of the query string): `fetchPage` answers
 * the rows with the filtered total in `__total`; `countAll` counts alone, for a page past the end.
 * Index pages reach it through `defineListQuery` (server/db/list-query.ts), the one way they list.
 */
export async function paginated<O>(
  fetchPage: (limit: number, offset: number) => Promise<(O & { __total?: number | string })[]>,
  countAll: () => Promise<number>,
  options: PageOptions,
): Promise<Paginated<O>> {
  const { perPage } = options;
  let page = Math.max(1, options.page);
  const rows = await fetchPage(perPage, (page - 1) * perPage);
  let total = rows.length ? Number(rows[0].__total) : 0;
  // Past the end (a deleted row, an old link): count alone to build the links.
  if (!rows.length && page > 1) total = await countAll();
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const data = rows.map(({ __total, ...rest }) => rest as O);
  const url = (p: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(options.query)) {
      if (k === 'page' || v === undefined || v === null || v === '') continue;
      params.set(k, String(v));
    }
    if (p > 1) params.set('page', String(p));
    const qs = params.toString();
    return qs ? `${options.path}?${qs}` : options.path;
  };
  const links: Paginated<O>['links'] = [{ url: page > 1 ? url(page - 1) : null, label: 'Previous', active: false }];
  for (const p of pageWindow(page, lastPage)) {
    links.push(p === null ? { url: null, label: '…', active: false } : { url: url(p), label: String(p), active: p === page });
  }
  links.push({ url: page < lastPage ? url(page + 1) : null, label: 'Next', active: false });
  page = Math.min(page, lastPage);
  const from = data.length ? (options.page - 1) * perPage + 1 : null;
  return {
    data,
    meta: { current_page: options.page, last_page: lastPage, per_page: perPage, total, from, to: from === null ? null : from + data.length - 1 },
    links,
  };
}

/** 1 … 4 5 [6] 7 8 … 20 */
function pageWindow(current: number, last: number): (number | null)[] {
  const pages = new Set([1, last]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= last) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}
