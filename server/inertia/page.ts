import { isSpecial, kindOf, type SpecialProp } from './props';

export interface PageObject {
  component: string;
  props: Record<string, unknown> & { errors: Record<string, unknown> };
  url: string;
  version: string;
  flash?: Record<string, unknown>;
  sharedProps?: string[];
  mergeProps?: string[];
  prependProps?: string[];
  deepMergeProps?: string[];
  matchPropsOn?: string[];
  deferredProps?: Record<string, string[]>;
  onceProps?: Record<string, { prop: string; expiresAt: number | null }>;
  encryptHistory?: true;
  clearHistory?: true;
}

/** What the request says about which props it wants. */
export interface PropRequest {
  partialComponent?: string;
  only: string[];
  except: string[];
  reset: string[];
  exceptOnce: string[];
}

export interface PageInput {
  component: string;
  url: string;
  version: string;
  shared: Record<string, unknown>;
  props: Record<string, unknown>;
  flash?: Record<string, unknown>;
  encryptHistory?: boolean;
  clearHistory?: boolean;
}

/** A prop's value: lazy props are called; a promise is returned as it is, for the caller to await. */
function propValue(value: unknown): unknown {
  return typeof value === 'function' ? (value as () => unknown)() : value;
}

/** Builds the page object: decides which props to resolve and which metadata to send. */
export async function buildPage(input: PageInput, request: PropRequest): Promise<PageObject> {
  const all: Record<string, unknown> = { ...input.shared, ...input.props };
  const isPartial = request.partialComponent === input.component;
  const only = new Set(request.only);
  const except = new Set(request.except);
  const reset = new Set(request.reset);
  const exceptOnce = new Set(request.exceptOnce);

  const included: string[] = [];
  const deferred: Record<string, string[]> = {};
  const onceProps: NonNullable<PageObject['onceProps']> = {};

  for (const [key, value] of Object.entries(all)) {
    const special = isSpecial(value) ? (value as SpecialProp) : undefined;
    const k = special ? kindOf(special) : 'plain';
    if (key === 'errors' || k === 'always') {
      included.push(key);
      continue;
    }
    if (k === 'once') {
      const once = special as Extract<SpecialProp, { expiresAt: number | null }>;
      const onceKey = once.key ?? key;
      onceProps[onceKey] = { prop: key, expiresAt: once.expiresAt };
      const asked = isPartial && only.has(key);
      if (!asked && exceptOnce.has(onceKey)) continue;
    }
    if (isPartial) {
      if (only.size > 0 && !only.has(key)) continue;
      if (except.has(key)) continue;
      included.push(key);
      continue;
    }
    // Full visit.
    if (k === 'optional') continue;
    const deferGroup = k === 'deferred' ? (special as { group: string }).group : k === 'merge' ? (special as { deferGroup?: string }).deferGroup : undefined;
    if (deferGroup) {
      (deferred[deferGroup] ??= []).push(key);
      continue;
    }
    included.push(key);
  }

  // Plain values are set as they are; only the props that are promises are awaited (together).
  const props: Record<string, unknown> = {};
  const pending: Promise<void>[] = [];
  try {
    for (const key of included) {
      const value = all[key];
      const v = propValue(isSpecial(value) ? (value as SpecialProp).value : value);
      props[key] = v;
      if (v instanceof Promise) pending.push(v.then((resolved) => void (props[key] = resolved)));
    }
  } catch (error) {
    // A lazy prop threw: the page fails with its error, and the props already started may not
    // reject unobserved (that would end the process).
    await Promise.allSettled(pending);
    throw error;
  }
  if (pending.length) await Promise.all(pending);
  props.errors ??= {};

  const page: PageObject = {
    component: input.component,
    props: props as PageObject['props'],
    url: input.url,
    version: input.version,
  };
  const sharedKeys = Object.keys(input.shared).filter((k) => k in props && k !== 'errors');
  if (sharedKeys.length) page.sharedProps = sharedKeys;
  if (input.flash && Object.keys(input.flash).length) page.flash = input.flash;

  const merges = { append: [] as string[], prepend: [] as string[], deep: [] as string[], match: [] as string[] };
  for (const key of included) {
    const value = all[key];
    if (!isSpecial(value) || kindOf(value as SpecialProp) !== 'merge' || reset.has(key)) continue;
    const m = value as Extract<SpecialProp, { mode: string }>;
    merges[m.mode === 'append' ? 'append' : m.mode].push(key);
    for (const field of m.matchOn) merges.match.push(`${key}.${field}`);
  }
  if (merges.append.length) page.mergeProps = merges.append;
  if (merges.prepend.length) page.prependProps = merges.prepend;
  if (merges.deep.length) page.deepMergeProps = merges.deep;
  if (merges.match.length) page.matchPropsOn = merges.match;
  if (Object.keys(deferred).length) page.deferredProps = deferred;
  if (Object.keys(onceProps).length) page.onceProps = onceProps;
  if (input.encryptHistory) page.encryptHistory = true;
  if (input.clearHistory) page.clearHistory = true;
  return page;
}

/** The page's JSON (`JSON.stringify(page)`) for a `<script type="application/json">`: no `</script>` or `<!--` can end or confuse the block. */
export function pageJsonForHtml(json: string): string {
  return json
    .replace(/\//g, '\\/')
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
