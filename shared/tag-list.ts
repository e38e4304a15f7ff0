/**
 * A list of tags as one line of text, the way the board-user export writes it and the importer
 * and the form read it. Tags are separated by `;` or `,`; a tag that holds a separator or starts
 * with a quote is written in double quotes, a quote inside doubled, as CSV quotes a field:
 * `finance; "a,b"; "c;d"; """quoted"""`. So any tag survives a round trip exactly.
 */

/** `['a,b', 'x']` → `"a,b"; x` (`separator` '; ' by default; the form uses ', '). */
export function joinTags(tags: readonly string[], separator = '; '): string {
  return tags.map((tag) => (tag.startsWith('"') || /[,;]/.test(tag) ? `"${tag.replaceAll('"', '""')}"` : tag)).join(separator);
}

/**
 * The tags of a line. `separators` are the characters that may separate tags: by default `;`
 * when one separates tags (outside quotes), else `,` (the export writes `; `; a hand-made file
 * often has commas); the form passes `,`. A quoted tag keeps its separators and doubled quotes;
 * text around a tag is trimmed; empty tags are dropped.
 */
export function splitTags(text: string, separators = ';,'): string[] {
  if (!text) return [];
  const first = tokenize(text, separators[0]);
  return first.separated || separators.length === 1 ? first.tags : tokenize(text, separators[1]).tags;
}

function tokenize(text: string, separator: string): { tags: string[]; separated: boolean } {
  const tags: string[] = [];
  let separated = false;
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    let quoted: string | null = null;
    if (text[i] === '"') {
      quoted = '';
      for (i++; i < text.length; i++) {
        if (text[i] !== '"') quoted += text[i];
        else if (text[i + 1] === '"') quoted += text[i++];
        else break;
      }
      i++; // past the closing quote
    }
    // An unquoted tag, or anything after a closing quote, runs to the next separator.
    const end = text.indexOf(separator, i);
    const rest = text.slice(i, end === -1 ? undefined : end).trim();
    const tag = quoted === null ? rest : quoted + rest;
    if (tag.trim()) tags.push(tag);
    if (end === -1) return { tags, separated };
    separated = true;
    i = end + separator.length;
  }
}
