import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of code runs for, carried across awaits, timers and emitters. Node keeps
 * this context when it calls the process's `uncaughtException` / `unhandledRejection` listeners,
 * so an error that escapes every handler is still logged with the request id that caused it.
 */
const context = new AsyncLocalStorage<{ id: string }>();

export function runInRequest<T>(id: string, fn: () => T): T {
  return context.run({ id }, fn);
}

/** The id of the request the caller runs for, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.id;
}
