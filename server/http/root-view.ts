import type { RootViewContext } from '../inertia';
import { serializePageForHtml } from '../inertia';
import { escapeAttr } from './vite-assets';

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Applies the stored theme before first paint: `dark` only when the user chose it
 * (light is the default, the system preference is deliberately ignored).
 */
export const THEME_SCRIPT =
  "try{if(localStorage.getItem('theme')==='dark'){document.documentElement.classList.add('dark')}}catch(e){}";

export interface RootViewOptions {
  appName: string;
  assets: (nonce: string) => string;
}

export function rootView(options: RootViewOptions) {
  return ({ res, page, title, head }: RootViewContext): string => {
    const nonce = res.locals.cspNonce as string;
    const csrf = (res.locals.csrfToken as (() => string) | undefined)?.() ?? '';
    const fullTitle = title ? `${title} - ${options.appName}` : options.appName;
    return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="csrf-token" content="${escapeAttr(csrf)}">
    <meta name="color-scheme" content="light dark">
    <title>${escapeText(fullTitle)}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <script nonce="${escapeAttr(nonce)}">${THEME_SCRIPT}</script>
    ${head ?? ''}
    ${options.assets(nonce)}
  </head>
  <body class="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
    <script data-page="app" type="application/json">${serializePageForHtml(page)}</script>
    <div id="app"></div>
  </body>
</html>`;
  };
}
