import { pathToFileURL } from 'node:url';
import type { Logger } from '../lib/logger';
import type { PageObject } from './page';

/** What resources/js/ssr.tsx exports: a page's HTML inside the root element, or null for a page it does not render. */
export interface RendererModule {
  render(page: PageObject): Promise<string | null>;
}

/** The app's view of the renderer: HTML, or null when the page is left to the browser. */
export interface ServerRenderer {
  /** `pageJson` is the page as the browser receives it: what the HTML must be drawn from. */
  render(page: PageObject, pageJson: string): Promise<string | null>;
}

export interface ServerRendererOptions {
  /** Which pages are rendered on the server (shared/server-rendering.ts). */
  renders: (component: string) => boolean;
  /** Loads the renderer: the built bundle, or the dev server's module. */
  load: () => Promise<RendererModule>;
  /** Load once and keep it (the built bundle); false: load for every render (the dev server keeps its modules current). */
  cache?: boolean;
  logger: Logger;
}

/**
 * Server rendering that never fails a request: a renderer that cannot be loaded or throws leaves
 * the page to the browser (the client-rendered shell, as before), and says so once per page in the
 * log rather than on every request. The renderer runs in this process (ADR 0042).
 */
export function serverRenderer(options: ServerRendererOptions): ServerRenderer {
  let loading: Promise<RendererModule> | null = null;
  const reported = new Set<string>();
  const reportOnce = (key: string, error: unknown, message: string) => {
    if (reported.has(key)) return;
    reported.add(key);
    options.logger.error({ err: error }, message);
  };
  return {
    async render(page, pageJson) {
      if (!options.renders(page.component)) return null;
      let module: RendererModule;
      try {
        const loaded = loading ?? options.load();
        if (options.cache !== false) loading = loaded;
        module = await loaded;
      } catch (error) {
        reportOnce('\0load', error, 'server rendering is unavailable (the renderer did not load): public pages are rendered in the browser');
        return null;
      }
      try {
        // The page as the browser receives it (dates as strings…), not the server's objects: the HTML must be what the client will draw from it.
        return await module.render(JSON.parse(pageJson) as PageObject);
      } catch (error) {
        reportOnce(page.component, error, `server rendering of ${page.component} failed: the page is rendered in the browser`);
        return null;
      }
    },
  };
}

/** The built renderer (SERVER_RENDERER_ENTRY, written by `npm run build`). */
export const builtRenderer = (file: string) => (): Promise<RendererModule> => import(pathToFileURL(file).href) as Promise<RendererModule>;
