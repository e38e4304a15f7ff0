import type { InertiaFormProps } from '@inertiajs/react';
import type { FormDataType } from '@inertiajs/core';
import { useEffect, useRef, useState } from 'react';

/** One field a colleague changed since this form was opened. */
export interface ConflictChange {
  key: string;
  /** Their value (the record as it is now). */
  theirs: unknown;
  /** This form's value when the save was refused. */
  yours: unknown;
  /** Both changed it, differently: the user chooses. Otherwise their value was taken (a merge). */
  both: boolean;
}

export type ConflictChoice = 'mine' | 'theirs';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

/**
 * The client half of optimistic concurrency (server/lib/concurrency.ts). `current` is the record
 * as the page's props have it, in the form's shape, with its `version`. When it is newer than the
 * one the form was opened on (a refused save, or a colleague's save seen live), the props are the
 * colleague's record: fields only they changed are
 * taken at once (merged); fields both changed wait for the user's choice. The form's version
 * moves to theirs only once every such field is decided, so a save before that is refused again
 * — nothing is overwritten without a decision.
 */
export function useConflict<T extends FormDataType<T> & { version: string }>(form: InertiaFormProps<T>, current: T) {
  const base = useRef(current);
  const [changes, setChanges] = useState<ConflictChange[] | null>(null);
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  const data = form.data as Record<string, unknown>;
  const now = current as Record<string, unknown>;

  // A newer record: after a refused save (the page's props come back fresh), or while the form is
  // open (the page reloads its record live when a colleague saves it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newer record (its version) starts a new comparison
  useEffect(() => {
    if (current.version === base.current.version) return;
    const was = base.current as Record<string, unknown>;
    // A field the form already holds as it now is (this user's own save, on a page that stays open) is no conflict.
    const found = Object.keys(now)
      .filter((key) => key !== 'version' && !same(now[key], was[key]) && !same(now[key], data[key]))
      .map((key) => ({ key, theirs: now[key], yours: data[key], both: !same(data[key], was[key]) && !same(data[key], now[key]) }));
    const merged = Object.fromEntries(found.filter((c) => !c.both).map((c) => [c.key, c.theirs]));
    const open = found.some((c) => c.both);
    form.setData((previous) => ({ ...previous, ...merged, ...(open ? {} : { version: current.version }) }));
    setChanges(found.length ? found : null);
    setChoices({});
    base.current = current;
  }, [current.version]);

  const decide = (next: Record<string, ConflictChoice>) => {
    setChoices(next);
    const pending = (changes ?? []).filter((c) => c.both);
    const values = Object.fromEntries(pending.filter((c) => next[c.key]).map((c) => [c.key, next[c.key] === 'theirs' ? c.theirs : c.yours]));
    const decided = pending.every((c) => next[c.key]);
    form.setData((previous) => ({ ...previous, ...values, ...(decided ? { version: base.current.version } : {}) }));
  };

  return {
    changes,
    choices,
    /** Whether every field both changed has a choice (the next save applies them). */
    decided: (changes ?? []).every((c) => !c.both || choices[c.key]),
    choose: (key: string, choice: ConflictChoice) => decide({ ...choices, [key]: choice }),
    chooseAll: (choice: ConflictChoice) => decide(Object.fromEntries((changes ?? []).filter((c) => c.both).map((c) => [c.key, choice]))),
  };
}
