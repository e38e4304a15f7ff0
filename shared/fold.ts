/** Letters that are no base letter plus an accent: written out as the database's `fold_text` does. */
const SPELLED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ĳ: 'ij', ł: 'l', ø: 'o', đ: 'd', ð: 'd', ħ: 'h', ı: 'i', ŧ: 't', ŀ: 'l' };

/**
 * The app's one fold (ADR 0023), as the database's `fold_text` (migration 240301) computes it:
 * lower case, accents dropped, ß æ œ þ ĳ ł ø đ ð ħ ı ŧ ŀ spelled out. Where text is compared in
 * the browser or in the server's own code (the live activity filter, the import's header names),
 * it folds the same way the database's search does: "lukasiewicz" finds "Łukasiewicz".
 */
export function foldText(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæœþĳłøđðħıŧŀ]/g, (c) => SPELLED[c]);
}
