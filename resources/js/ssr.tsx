/**
 * The server's renderer (ADR 0042): the pages of shared/server-rendered-pages.ts rendered to HTML
 * by the same components the browser hydrates. Built by `vite build --ssr` (SERVER_RENDERER_DIR) and
 * imported by the server (server/inertia/server-render.ts); nothing here runs in a browser.
 */
import type { Page } from '@inertiajs/core';
import { createInertiaApp } from '@inertiajs/react';
import type { Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { i18n, localeOf } from '@/i18n';
import { isServerRendered } from '../../shared/server-rendering';

type PageComponent = ComponentType & { layout?: ((page: ReactNode) => ReactNode) | null };

// Exactly the pages of SERVER_RENDERED_PAGES (tests/unit/server-rendering.test.ts).
const pages = import.meta.glob<{ default: PageComponent }>(['./Pages/Insights/Public/*.tsx', './Pages/Welcome*.tsx', './Pages/Legal/*.tsx', './Pages/Errors/*.tsx']);

/** Every page catalog in every language, loaded once: a render never waits for one. */
const catalogs = import.meta.glob<Messages>(['../../lang/*/*.json', '!../../lang/*/validation.json', '!../../lang/*/messages.json', '!../../lang/*/mail.json'], {
  eager: true,
  import: 'default',
});
for (const [file, messages] of Object.entries(catalogs)) {
  const locale = /lang\/([^/]+)\/[^/]+\.json$/.exec(file)?.[1];
  if (locale) i18n.load(locale, messages);
}

export const renderablePages = (): string[] => Object.keys(pages).map((file) => file.slice('./Pages/'.length, -'.tsx'.length));

async function resolve(name: string): Promise<ComponentType & { layout?: (page: ReactNode) => ReactNode }> {
  const loader = pages[`./Pages/${name}.tsx`];
  if (!loader) throw new Error(`Not a server-rendered page: ${name}`);
  const page = (await loader()).default;
  // As in app.tsx: `layout = null` is a page drawn without a layout (these pages never take the signed-in shell).
  if (page.layout === null) page.layout = (children: ReactNode) => children;
  return page as ComponentType & { layout?: (page: ReactNode) => ReactNode };
}

/** The page's HTML inside the root element, or null for a page the server does not render. */
export async function render(serverPage: { component: string; props: Record<string, unknown>; url: string; version: string }): Promise<string | null> {
  // The page object as the server sends it; what the browser adds (restored history state) a first visit never has.
  const page = { ...serverPage, rescuedProps: [], rememberedState: {} } as unknown as Page;
  if (!isServerRendered(page.component)) return null;
  const locale = localeOf(page.props);
  let html: string | null = null;
  await createInertiaApp({
    page,
    resolve,
    setup: ({ App, props }) => (
      <I18nProvider i18n={i18n}>
        <App {...props} />
      </I18nProvider>
    ),
    // One synchronous step: no other render can change the language between these two lines.
    render: (app, options) => {
      i18n.activate(locale);
      html = renderToString(app, options);
      return html;
    },
  });
  return html;
}
