import { escapeHtml } from './html';

export interface PageMeta {
  title: string;
  description: string;
  /** The page's canonical, absolute URL (on APP_URL). */
  url: string;
  type: 'article' | 'website';
  siteName: string;
  publishedTime?: string;
  section?: string;
}

/** A description as previews show it: one line, at most 300 characters. */
export const metaDescription = (text: string): string => text.replace(/\s+/g, ' ').trim().slice(0, 300);

/** <meta> description, canonical link, Open Graph and Twitter card tags for a public page's <head>, every value escaped. */
export function metaTags(m: PageMeta): string {
  const tags: [string, string, string][] = [
    ['name', 'description', m.description],
    ['property', 'og:type', m.type],
    ['property', 'og:title', m.title],
    ['property', 'og:description', m.description],
    ['property', 'og:url', m.url],
    ['property', 'og:site_name', m.siteName],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', m.title],
    ['name', 'twitter:description', m.description],
  ];
  if (m.publishedTime) tags.push(['property', 'article:published_time', m.publishedTime]);
  if (m.section) tags.push(['property', 'article:section', m.section]);
  return [`<link rel="canonical" href="${escapeHtml(m.url)}">`, ...tags.map(([attr, name, content]) => `<meta ${attr}="${name}" content="${escapeHtml(content)}">`)].join('\n    ');
}

/** Pages that stand for no document of their own (errors, a withdrawn link): kept out of search results. */
export const NO_INDEX = '<meta name="robots" content="noindex">';
