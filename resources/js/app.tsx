import '../css/app.css';
import { axiosAdapter, type HttpClient } from '@inertiajs/core';
import { createInertiaApp, router } from '@inertiajs/react';
import type { ComponentType, ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n, localeOf, pageNamespace, prepareLocale } from '@/i18n';
import { syncCsrfMeta } from '@/lib/csrf';
import { usesAuthStylesheet } from '@/lib/stylesheets';
import authStylesheetUrl from '../css/auth.css?url';
import fullStylesheetUrl from '../css/full.css?url';
import { reloadOnceForNewBuild, sessionStorageOrNull } from '@/lib/staleBuild';

type PageComponent = ComponentType & { layout?: ((page: ReactNode) => ReactNode) | null };
type PageModule = { default: PageComponent };

// Every page is its own chunk, fetched when first visited (partials and the forms pages share are
// parts of pages, not pages).
const pages = import.meta.glob<PageModule>(['./Pages/**/*.tsx', '!./Pages/**/Partials/**', '!./Pages/**/Form.tsx']);

// Visits go through the app's axios instance (lib/http.ts), fetched with the first visit after
// the first page rather than with it: the first page never needs it.
let client: Promise<HttpClient> | null = null;
const lazyHttp: HttpClient = {
  request: (config) => {
    client ??= import('@/lib/http').then(
      ({ http }) => axiosAdapter(http),
      (error) => {
        client = null; // a chunk of an older build: the next visit tries again (and vite:preloadError reloads)
        throw error;
      },
    );
    return client.then((c) => c.request(config));
  },
};

const initialScript = document.querySelector<HTMLScriptElement>('script[data-page="app"]');
const initialProps = initialScript ? (JSON.parse(initialScript.textContent || '{}').props as { appName?: string; auth?: { user?: unknown }; portal?: unknown } | undefined) : undefined;
const appName = initialProps?.appName;

// Loads the signed-in shell (once); a signed-in first page starts fetching it at once, beside its page chunk.
let shell: Promise<typeof import('@/Layouts/AppLayout')> | null = null;
const loadShell = () =>
  (shell ??= import('@/Layouts/AppLayout').catch((error) => {
    shell = null;
    throw error;
  }));
if (initialProps?.auth?.user) void loadShell().catch(() => {});

// The page's utilities (lib/stylesheets, resources/css/app.css). The file is fetched beside the
// page's code, into the HTTP cache (a fetch does not hold back the window's `load`; a stylesheet
// still loading would); once the code has arrived the stylesheet goes in, from the cache, and the
// page renders when it applies. Imported here rather than by the layouts: Vite waits for a chunk's
// stylesheet before it imports the chunk.
const stylesheetUrl = (name: string) => (usesAuthStylesheet(name) ? authStylesheetUrl : fullStylesheetUrl);
const fetchedStylesheets = new Set<string>();
const prefetchStylesheet = (name: string) => {
  const url = stylesheetUrl(name);
  if (import.meta.env.DEV || fetchedStylesheets.has(url)) return;
  fetchedStylesheets.add(url);
  void fetch(url).catch(() => fetchedStylesheets.delete(url));
};
const loadStylesheet = (name: string) => (usesAuthStylesheet(name) ? import('../css/auth.css') : import('../css/full.css'));

createInertiaApp({
  title: (title) => (title ? `${title} - ${appName ?? 'Boardly'}` : (appName ?? 'Boardly')),
  resolve: async (name, visited) => {
    const loader = pages[`./Pages/${name}.tsx`];
    if (!loader) throw new Error(`Unknown page: ${name}`);
    // The page's messages and stylesheet come with its code (and a language switch lands here too).
    const locale = localeOf(visited?.props);
    prefetchStylesheet(name);
    const [module] = await Promise.all([loader(), prepareLocale(locale, [pageNamespace(name)])]);
    // No module: its chunk was gone and the page is being loaded anew (vite:preloadError below).
    if (!module) return new Promise<never>(() => {});
    await loadStylesheet(name);
    const page = module.default;
    // Pages without their own layout get the signed-in shell, fetched with the first such page
    // (auth and public pages have their own layouts and never load it); `layout = null` opts out.
    if (page.layout === undefined) {
      const [shellModule] = await Promise.all([loadShell(), prepareLocale(locale, ['app'])]);
      // No module: its chunk was gone and the page is being loaded anew, as above.
      if (!shellModule) return new Promise<never>(() => {});
      const AppLayout = shellModule.default;
      page.layout = (children: ReactNode) => <AppLayout>{children}</AppLayout>;
    }
    if (page.layout === null) page.layout = (children: ReactNode) => children;
    return page as ComponentType & { layout: (page: ReactNode) => ReactNode };
  },
  setup({ el, App, props }) {
    // Read once: later pages come over XHR, and the first one (a signed-in page, maybe) must not
    // stay in the document after signing out.
    document.querySelector('script[data-page="app"]')?.remove();
    const app = (
      <I18nProvider i18n={i18n}>
        <App {...props} />
      </I18nProvider>
    );
    // A public page arrives rendered by the server (resources/js/ssr.tsx): React takes over its HTML.
    if (el?.hasAttribute('data-server-rendered')) hydrateRoot(el, app);
    else createRoot(el!).render(app);
  },
  http: lazyHttp,
  progress: { color: '#ecb752', delay: 250 },
  defaults: {
    prefetch: { cacheFor: 30_000, hoverDelay: 75 },
    form: { recentlySuccessfulDuration: 2_000 },
  },
});

// A page chunk of an older build is gone (404 after a deploy): load the page anew, once. During a
// GET visit that is the page being visited, so the click is not lost.
let visiting: string | null = null;
router.on('start', (event) => {
  visiting = event.detail.visit.method === 'get' ? event.detail.visit.url.href : null;
});
router.on('finish', () => {
  visiting = null;
});
window.addEventListener('vite:preloadError', (event) => {
  const target = visiting;
  const load = () => (target ? window.location.assign(target) : window.location.reload());
  if (reloadOnceForNewBuild({ storage: sessionStorageOrNull(), now: Date.now, load })) event.preventDefault();
});

// The socket module (lib/echo) comes with signed-in pages: a tab that showed none has no socket to close.
// Staff or a board member in the portal: either holds a socket.
let signedIn = Boolean(initialProps?.auth?.user || initialProps?.portal);
router.on('navigate', (event) => {
  syncCsrfMeta();
  const wasSignedIn = signedIn;
  signedIn = Boolean(event.detail.page.props.auth?.user || event.detail.page.props.portal);
  if (!signedIn) {
    // Signed out: nobody is left to be online or to hear the organisation's events, and pages
    // prefetched while signed in must not be shown to whoever uses this tab next.
    if (wasSignedIn)
      void import('@/lib/echo').then(
        ({ disconnectEcho }) => disconnectEcho(),
        () => {},
      );
    router.flushAll();
  }
});
