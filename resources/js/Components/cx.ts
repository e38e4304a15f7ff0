/** Joins class names, skipping falsy values: cx('a', cond && 'b', undefined) → 'a b'. */
export type ClassValue = string | number | false | null | undefined;

export function cx(...values: ClassValue[]): string {
  let out = '';
  for (const value of values) {
    if (!value) continue;
    out = out ? `${out} ${value}` : String(value);
  }
  return out;
}
