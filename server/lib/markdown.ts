import type { Marked as MarkedClass } from 'marked';
import type SanitizeHtml from 'sanitize-html';
import { lazyPackage } from './lazy-package';

// Loaded with the first Markdown rendered, not at start (sanitize-html brings a whole HTML and CSS parser).
const markedPackage = lazyPackage<{ Marked: typeof MarkedClass }>('marked');
const sanitizePackage = lazyPackage<typeof SanitizeHtml>('sanitize-html');
const sanitizeHtml = (html: string, options: SanitizeHtml.IOptions) => sanitizePackage()(html, options);

/**
 * Markdown → safe HTML (docs/decisions/0004-markdown-sanitising.md). Marked turns the text into
 * HTML (passing any raw HTML through); sanitize-html then keeps only an allow-list of tags,
 * attributes and URL schemes. Whatever Marked does, only allow-listed markup reaches a page.
 */
let markedInstance: MarkedClass | null = null;
const marked = () => (markedInstance ??= new (markedPackage().Marked)({ gfm: true, breaks: false, async: false }));

const HEADING_SHIFT: Record<string, SanitizeHtml.Transformer> = Object.fromEntries(
  [1, 2, 3, 4, 5, 6].map((level) => [`h${level}`, (_tagName: string, attribs: SanitizeHtml.Attributes) => ({ tagName: `h${Math.min(level + 1, 6)}`, attribs })]),
);

const ALIGNMENTS = new Set(['left', 'center', 'right']);
function keepAlignment(tagName: string, attribs: SanitizeHtml.Attributes): SanitizeHtml.Tag {
  const align = attribs.align?.trim().toLowerCase();
  return { tagName, attribs: align && ALIGNMENTS.has(align) ? { align } : {} };
}

const SANITIZE: SanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'strong',
    'b',
    'em',
    'i',
    'del',
    's',
    'sub',
    'sup',
    'mark',
    'abbr',
    'ul',
    'ol',
    'li',
    'code',
    'pre',
    'kbd',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'input',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'loading', 'referrerpolicy'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    abbr: ['title'],
    code: ['class'],
    // GFM task lists render disabled checkboxes.
    input: ['type', 'checked', 'disabled'],
  },
  allowedClasses: { code: [/^language-[\w-]{1,40}$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Images load from https only: no data: URLs, no mixed content.
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside these is dropped with the tag (never shown as text either).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object', 'embed', 'svg', 'math'],
  parseStyleAttributes: false,
  enforceHtmlBoundary: false,
  transformTags: {
    // The page's title is its only <h1>: an author's "# Heading" becomes an <h2>, and every level
    // shifts down one (clamped at <h6>), raw HTML headings included.
    ...HEADING_SHIFT,
    // Column alignment (GFM `|:--|--:|:-:|`): only left/center/right survive.
    th: keepAlignment,
    td: keepAlignment,
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
    // Only absolute https images: a relative src would make every reader's browser call our own URLs.
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: { ...rest, ...(src && /^https:\/\//i.test(src.trim()) ? { src: src.trim() } : {}), loading: 'lazy', referrerpolicy: 'no-referrer' } };
    },
    input: (tagName, attribs) =>
      attribs.type === 'checkbox' ? { tagName, attribs: { type: 'checkbox', disabled: '', ...(attribs.checked !== undefined ? { checked: '' } : {}) } } : { tagName: 'span', attribs: {}, text: '' },
  },
  exclusiveFilter: (frame) => (frame.tag === 'input' && frame.attribs.type !== 'checkbox') || (frame.tag === 'img' && !frame.attribs.src),
};

/** Renders user Markdown to HTML that is safe to insert into a page. */
export function renderMarkdown(markdown: string): string {
  const html = marked().parse(markdown ?? '') as string;
  return sanitizeHtml(html, SANITIZE);
}

/** Sanitises HTML that did not come from Markdown (same allow-list). */
export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** Plain text of some Markdown (descriptions, previews): no markup at all. */
export function markdownToText(markdown: string, maxLength = 300): string {
  const html = marked().parse(markdown ?? '') as string;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: SANITIZE.nonTextTags })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}
