/** A LIKE/ILIKE pattern matching `term` anywhere, with `%`, `_` and `\` in the term taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
