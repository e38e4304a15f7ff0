import { useForm, type InertiaFormProps } from '@inertiajs/react';
import type { FormDataType, UseFormSubmitOptions } from '@inertiajs/core';
import { useEffect, useRef } from 'react';

/** What a form focuses after a failed submit: the first invalid control, else its form-wide error. */
export const INVALID_SELECTOR = '[aria-invalid="true"]:not([disabled]), [data-form-error]';

/** Moves focus to the first invalid field of `scope` (or of the page's main region). */
export function focusFirstInvalid(scope: ParentNode | null): boolean {
  const root = scope ?? document.getElementById('main') ?? document;
  const target = root.querySelector<HTMLElement>(INVALID_SELECTOR);
  if (!target) return false;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'center', behavior: 'auto' });
  return true;
}

/** The error keys that belong to field `key`: `tags` and `tags.3`. */
const keysOf = (errors: Record<string, unknown>, key: string) => Object.keys(errors).filter((k) => k === key || k.startsWith(`${key}.`));

/**
 * Inertia's useForm with the behaviour every form here shares:
 * - a field's error goes away as soon as the field is changed (the user is fixing it);
 * - after a submit that comes back with errors, focus moves to the first invalid field of the
 *   form that was submitted (found from the focused element when submitting).
 * Success is not reported here: the server's flash message shows once, as a toast.
 */
export function useAppForm<TForm extends FormDataType<TForm>>(initial: TForm | (() => TForm)): InertiaFormProps<TForm> {
  const form = useForm<TForm>(initial);
  const submittedFrom = useRef<HTMLFormElement | null>(null);
  const focusPending = useRef(false);

  // Runs after the errors are rendered, so aria-invalid is already on the fields.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new errors object (the same invalid field again) must move the focus again
  useEffect(() => {
    if (!focusPending.current || !form.hasErrors) return;
    focusPending.current = false;
    focusFirstInvalid(submittedFrom.current?.isConnected ? submittedFrom.current : null);
  }, [form.errors, form.hasErrors]);

  const errors = form.errors as Record<string, unknown>;
  const clearFor = (keys: string[]) => {
    const stale = keys.flatMap((key) => keysOf(errors, key));
    if (stale.length) form.clearErrors(...(stale as never[]));
  };

  const setData = ((keyOrData: unknown, value?: unknown) => {
    if (typeof keyOrData === 'string') {
      clearFor([keyOrData]);
      (form.setData as (key: string, value: unknown) => void)(keyOrData, value);
      return;
    }
    const next = typeof keyOrData === 'function' ? (keyOrData as (data: TForm) => TForm)(form.data) : { ...form.data, ...(keyOrData as Partial<TForm>) };
    clearFor(Object.keys(next).filter((key) => next[key as keyof TForm] !== form.data[key as keyof TForm]));
    form.setData(next as TForm);
  }) as InertiaFormProps<TForm>['setData'];

  const watch = (options: UseFormSubmitOptions = {}): UseFormSubmitOptions => {
    const active = typeof document !== 'undefined' ? document.activeElement : null;
    submittedFrom.current = active instanceof HTMLElement ? active.closest('form') : null;
    return {
      ...options,
      onError: (errs) => {
        focusPending.current = true;
        // Should the errors render without changing (the same ones again), focus all the same.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            if (!focusPending.current) return;
            focusPending.current = false;
            focusFirstInvalid(submittedFrom.current?.isConnected ? submittedFrom.current : null);
          }),
        );
        return options.onError?.(errs);
      },
    };
  };

  return {
    ...form,
    setData,
    post: (url, options) => form.post(url, watch(options)),
    put: (url, options) => form.put(url, watch(options)),
    patch: (url, options) => form.patch(url, watch(options)),
    delete: (url, options) => form.delete(url, watch(options)),
  };
}

export default useAppForm;
