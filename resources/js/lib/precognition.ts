/**
 * `laravel-precognition` as Inertia sees it (vite.config.ts points Inertia's imports here): the
 * library is fetched when something first uses live validation, not with every first load.
 *
 * Inertia imports four names at module scope. `resolveName` and `toSimpleValidationErrors` are
 * small pure functions, kept here identical to the library's (tests/unit/precognition.test.ts
 * compares them). `client` and `createValidator` hand out stand-ins that forward every call to the
 * real objects: calls made while the library is still on its way are queued and replayed in order,
 * after which the stand-in is the real object in all but identity. Until then a validator reports
 * the state of a validator that has done nothing yet (no errors, nothing touched or validating);
 * its events fire once the replayed calls change that state, as the real one's would.
 */
import type * as Precognition from 'laravel-precognition';
import type { Client, NamedInputEvent, SimpleValidationErrors, ValidationCallback, ValidationErrors, Validator } from 'laravel-precognition';

type Library = typeof Precognition;

let library: Library | null = null;
let loading: Promise<Library> | null = null;

/** Fetches the library once (again after a failure). */
export function loadPrecognition(): Promise<Library> {
  return (loading ??= import('laravel-precognition').then(
    (module) => (library = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

/** Normalise the validation errors as Inertia formatted errors (the library's, unchanged). */
export const toSimpleValidationErrors = (errors: ValidationErrors | SimpleValidationErrors): SimpleValidationErrors =>
  // biome-ignore lint/performance/noAccumulatingSpread: the library's code, kept unchanged (a handful of fields)
  Object.keys(errors).reduce((carry, key) => ({ ...carry, [key]: Array.isArray(errors[key]) ? errors[key][0] : errors[key] }), {} as SimpleValidationErrors);

/** Resolve the input's "name" attribute (the library's, unchanged). */
export const resolveName = (name: string | NamedInputEvent): string => (typeof name !== 'string' ? name.target.name : name);

type Call = (target: never) => unknown;

/**
 * An object whose methods run on `real()` once it exists, and are queued until then: a queued
 * call answers `self` for the chainable methods, or a promise of the real answer for the rest.
 */
function forwarder<T extends object>(real: () => T | null, chainable: ReadonlySet<PropertyKey>, idle: Partial<Record<keyof T, () => unknown>>, queue: (call: Call) => Promise<unknown>): T {
  // The real object's own errors surface where a queued chainable call can no longer throw them.
  const report = (error: unknown) => console.error(error);
  const self: T = new Proxy({} as T, {
    get(_target, property) {
      const target = real();
      if (target) {
        const value = (target as Record<PropertyKey, unknown>)[property];
        return typeof value === 'function'
          ? (...args: unknown[]) => {
              const result = (value as (...a: unknown[]) => unknown).apply(target, args);
              return result === target ? self : result;
            }
          : value;
      }
      if (property === 'then') return undefined; // not a thenable
      const answer = idle[property as keyof T];
      if (answer) return answer;
      return (...args: unknown[]) => {
        const result = queue((t) => (t as Record<PropertyKey, (...a: unknown[]) => unknown>)[property](...args));
        if (!chainable.has(property)) return result;
        result.catch(report);
        return self;
      };
    },
  });
  return self;
}

const clientChainable = new Set<PropertyKey>([
  'useHttpClient',
  'withBaseURL',
  'withTimeout',
  'withCredentials',
  'withXsrfCookieName',
  'withXsrfHeaderName',
  'fingerprintRequestsUsing',
  'determineSuccessUsing',
]);

let clientQueue: Promise<unknown> = Promise.resolve();

/** The library's shared client. */
export const client: Client = forwarder<Client>(
  () => library?.client ?? null,
  clientChainable,
  {},
  (call) => {
    const result = clientQueue.then(loadPrecognition).then((lib) => call(lib.client as never));
    clientQueue = result.catch(() => {});
    return result;
  },
);

const validatorChainable = new Set<PropertyKey>(['validate', 'touch', 'setErrors', 'forgetError', 'reset', 'setTimeout', 'on', 'validateFiles', 'withoutFileValidation', 'defaults']);

/** A validator that is created with the library, and until then records what it is asked to do. */
export function createValidator(callback: ValidationCallback, initialData?: Record<string, unknown>): Validator {
  let real: Validator | null = null;
  const ready = async () => {
    if (!real) {
      const lib = await loadPrecognition();
      real ??= lib.createValidator(callback, initialData);
    }
    return real;
  };
  let queued: Promise<unknown> = ready().catch(() => {}); // a failed fetch is tried again by the next call
  return forwarder<Validator>(
    () => real,
    validatorChainable,
    { touched: () => [], validating: () => false, valid: () => [], errors: () => ({}), hasErrors: () => false },
    (call) => {
      const result = queued.then(ready).then((validator) => call(validator as never));
      queued = result.catch(() => {});
      return result;
    },
  );
}
