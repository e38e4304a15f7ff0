import { createHash } from 'node:crypto';
import type { Response } from 'express';
import type { RootViewContext } from './';
import { pageJsonForHtml } from './';
import { onBeforeEnd } from '../http/response-hooks';
import { storesNothing } from '../http/send-whole';
import { escapeHtml, escapeText } from '../lib/html';
import { requestLocale } from '../i18n/locale';
import type { ClientAssets } from '../http/vite-assets';

/**
 * Applies the stored theme before first paint: `dark` only when the user chose it
 * (light is the default, the system preference is deliberately ignored).
 */
export const THEME_SCRIPT = "try{if(localStorage.getItem('theme')==='dark'){document.documentElement.classList.add('dark')}}catch(e){}";

/** Without JavaScript a server-rendered page is read, not operated: controls that only a script can run (the theme toggle, the language picker) are not shown. */
export const NO_SCRIPT_STYLE = '[data-requires-js]{display:none!important}';

export interface RootViewOptions {
  appName: string;
  assets: ClientAssets;
  /** The page's stylesheet by its source (`resources/css/full.css`): linked when the page arrives rendered. */
  pageStylesheet: (component: string) => string;
}

export function rootView(options: RootViewOptions) {
  return ({ req, res, page, pageJson, title, head, body }: RootViewContext): string => {
    const nonce = res.locals.cspNonce as string;
    const csrf = (res.locals.csrfToken as (() => string) | undefined)?.() ?? '';
    const fullTitle = title ? `${title} - ${options.appName}` : options.appName;
    const html = `<!DOCTYPE html>
<html lang="${requestLocale(req)}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="csrf-token" content="${escapeHtml(csrf)}">
    <meta name="color-scheme" content="light dark">
    <title>${escapeText(fullTitle)}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <script nonce="${escapeHtml(nonce)}">${THEME_SCRIPT}</script>
    <noscript><style>${NO_SCRIPT_STYLE}</style></noscript>
    ${head ?? ''}
    ${options.assets.entry(nonce)}${body === undefined ? '' : stylesheetLink(options.assets.url(options.pageStylesheet(page.component)))}
  </head>
  <body class="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
    <script data-page="app" type="application/json">${pageJsonForHtml(pageJson)}</script>
    ${body === undefined ? '<div id="app"></div>' : `<div id="app" data-server-rendered="true">${body}</div>`}
  </body>
</html>`;
    revalidatable(res, html, nonce);
    return html;
  };
}

/** A rendered page is drawn before any script runs: its utilities must come with the HTML (the client then finds them linked). */
const stylesheetLink = (url: string | undefined) => (url ? `\n    <link rel="stylesheet" href="${escapeHtml(url)}">` : '');

/**
 * The shell differs on every response only by its CSP nonce, so its ETag is taken without it:
 * a page whose content did not change answers 304 (Express compares the ETag). The browser then
 * shows its stored copy, whose scripts carry the stored nonce: a 304 must not send a CSP with a
 * new one, which would replace the stored header and block them.
 */
function revalidatable(res: Response, html: string, nonce: string): void {
  if (storesNothing(res)) return; // never kept, never revalidated
  const digest = createHash('sha256')
    .update(nonce ? html.split(nonce).join('') : html)
    .digest('base64url')
    .slice(0, 27);
  res.set('ETag', `W/"${digest}"`);
  onBeforeEnd(res, () => {
    if (res.statusCode === 304) res.removeHeader('Content-Security-Policy');
  });
}
