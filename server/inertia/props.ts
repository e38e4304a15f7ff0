/**
 * Prop wrappers of the Inertia protocol. A plain value (or a function) is an ordinary prop:
 * sent on every full visit and when a partial reload asks for it.
 */
export type Resolvable<T = unknown> = T | (() => T | Promise<T>);

const kind = Symbol('inertia.prop');

interface Wrapped<K extends string> {
  readonly [kind]: K;
  readonly value: Resolvable;
}

export interface AlwaysProp extends Wrapped<'always'> {}
export interface OptionalProp extends Wrapped<'optional'> {}
export interface DeferredProp extends Wrapped<'deferred'> {
  readonly group: string;
}
export interface OnceProp extends Wrapped<'once'> {
  readonly key?: string;
  readonly expiresAt: number | null;
}
export interface MergeProp extends Wrapped<'merge'> {
  readonly mode: 'append' | 'prepend' | 'deep';
  readonly matchOn: string[];
  /** A merge prop may also be deferred. */
  readonly deferGroup?: string;
}

export type SpecialProp = AlwaysProp | OptionalProp | DeferredProp | OnceProp | MergeProp;

/** Included even when a partial reload did not ask for it. */
export const always = (value: Resolvable): AlwaysProp => ({ [kind]: 'always', value });

/** Never on a full visit; only when a partial reload names it. */
export const optional = (value: () => unknown): OptionalProp => ({ [kind]: 'optional', value });

/** Left out of the first response; the client fetches each group in its own partial reload. */
export const defer = (value: () => unknown, group = 'default'): DeferredProp => ({ [kind]: 'deferred', value, group });

/** Resolved once, then kept by the client until it expires (`ttlMs`). */
export const once = (value: Resolvable, options: { key?: string; ttlMs?: number } = {}): OnceProp => ({
  [kind]: 'once',
  value,
  key: options.key,
  expiresAt: options.ttlMs ? Date.now() + options.ttlMs : null,
});

interface MergeOptions {
  matchOn?: string | string[];
  defer?: string | boolean;
}

function mergeProp(mode: MergeProp['mode'], value: Resolvable, options: MergeOptions = {}): MergeProp {
  const matchOn = options.matchOn === undefined ? [] : Array.isArray(options.matchOn) ? options.matchOn : [options.matchOn];
  const deferGroup = options.defer === true ? 'default' : options.defer || undefined;
  return { [kind]: 'merge', value, mode, matchOn, deferGroup };
}

/** The client appends the new value to what it has (infinite lists). */
export const merge = (value: Resolvable, options?: MergeOptions) => mergeProp('append', value, options);
export const prepend = (value: Resolvable, options?: MergeOptions) => mergeProp('prepend', value, options);
export const deepMerge = (value: Resolvable, options?: MergeOptions) => mergeProp('deep', value, options);

export function isSpecial(value: unknown): value is SpecialProp {
  return typeof value === 'object' && value !== null && kind in value;
}

export function kindOf(value: SpecialProp): SpecialProp[typeof kind] {
  return value[kind];
}
