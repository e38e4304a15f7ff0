/**
 * "Acme & Co." → "acme-co": accents dropped, anything else but letters and digits a single dash,
 * at most `max` characters. The server derives organisation slugs with it (then makes them unique);
 * the form shows the same as its suggestion.
 */
export function slugify(name: string, max: number): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
}
