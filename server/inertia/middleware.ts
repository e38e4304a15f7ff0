import type { NextFunction, Request, Response } from 'express';
import { localPath } from '../http/local-path';
import { onBeforeEnd } from '../http/response-hooks';
import { sendWhole } from '../http/send-whole';
import { buildPage, type PageObject, type PropRequest } from './page';
import type { SpecialProp } from './props';
import { requestLocale } from '../i18n/locale';
import { localize } from '../i18n/message';

/** How the adapter reaches the session without knowing how sessions are built. */
export interface InertiaSessionBridge {
  /** Validation errors flashed by the previous request. */
  errors(req: Request): Record<string, unknown>;
  flashErrors(req: Request, errors: Record<string, unknown>): void;
  /** Flash messages (`success`, `error`, …) flashed by the previous request or this one. */
  flash(req: Request): Record<string, unknown>;
  /** Keep this request's flash data for the next request. */
  reflash(req: Request): void;
  /** Whether this page must clear the browser's encrypted history (the first page after signing out). */
  clearHistory?(req: Request): boolean;
}

export interface RenderOptions {
  status?: number;
  /** Page part of `<title>` on the first, HTML visit. */
  title?: string;
  /** Extra `<head>` markup for the HTML visit (already escaped by the caller). */
  head?: string;
  encryptHistory?: boolean;
  clearHistory?: boolean;
  /** An anchor the page's URL carries (`#…`): Inertia scrolls to it, as a browser does. */
  fragment?: string;
}

export interface RootViewContext {
  req: Request;
  res: Response;
  page: PageObject;
  /** The page serialised, as the browser receives it. */
  pageJson: string;
  title?: string;
  head?: string;
  /** The page rendered on the server (HTML for inside the root element); absent: the browser renders it. */
  body?: string;
}

export interface InertiaOptions {
  version: () => string;
  rootView: (ctx: RootViewContext) => string | Promise<string>;
  share?: (req: Request) => Record<string, unknown> | Promise<Record<string, unknown>>;
  session: InertiaSessionBridge;
  /** The app's own base URL (APP_URL): absolute URLs are built from it, never from the Host header. */
  appUrl: () => string;
  /** Whether pages answered to this request are encrypted in the browser's history, unless a render says. */
  encryptHistory?: (req: Request) => boolean;
  /** A first (HTML) visit's page (and its JSON) rendered on the server, or null to leave it to the browser (server-render.ts). */
  serverRender?: (page: PageObject, pageJson: string) => Promise<string | null>;
}

/**
 * Page name → the props its component takes. Empty here; the app fills it in (server/pages.ts)
 * by declaration merging, and `render` is typed from it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging (a type alias could not be)
export interface PageRegistry {}

/** What the server may pass for a prop of type T: T as the page receives it, or what JSON turns into it (a Date for a string). */
export type Wire<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? readonly Wire<U>[]
    : T extends (...args: never[]) => unknown
      ? never
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

type PageName = keyof PageRegistry extends never ? string : keyof PageRegistry & string;
/**
 * A prop may also be lazy (buildPage calls it only when the response includes the prop) or a
 * special prop (defer(), optional()…; their value is not type-checked against the page).
 */
type MaybeLazy<P> = { [K in keyof P]: P[K] | (() => P[K] | Promise<P[K]>) | SpecialProp };
type PagePropsOf<K> = K extends keyof PageRegistry ? MaybeLazy<Wire<PageRegistry[K]>> : Record<string, unknown>;
/** Props may be left out only when the page takes none that are required. */
type RenderArgs<K> = {} extends PagePropsOf<K> ? [props?: PagePropsOf<K>, options?: RenderOptions] : [props: PagePropsOf<K>, options?: RenderOptions];

export interface InertiaResponse {
  render<K extends PageName>(component: K, ...args: RenderArgs<K>): Promise<void>;
  /** Adds page props for this request only (middleware-level sharing). */
  share(props: Record<string, unknown>): void;
  /** A redirect the browser must do with a full page load (another site, a download…). */
  location(url: string): void;
  /** Redirect to the previous page (same-origin Referer, else `fallback`). */
  back(fallback?: string): void;
  /** Flash validation errors (into the request's error bag) and redirect back. */
  validationFailed(errors: Record<string, string>, fallback?: string): void;
}

declare global {
  namespace Express {
    interface Request {
      isInertia: boolean;
    }
    interface Response {
      inertia: InertiaResponse;
    }
  }
}

const list = (header: string | undefined) =>
  (header ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function propRequest(req: Request): PropRequest {
  return {
    partialComponent: req.get('X-Inertia-Partial-Component') || undefined,
    only: list(req.get('X-Inertia-Partial-Data')),
    except: list(req.get('X-Inertia-Partial-Except')),
    reset: list(req.get('X-Inertia-Reset')),
    exceptOnce: list(req.get('X-Inertia-Except-Once-Props')),
  };
}

/** This request's URL on the app's own origin. */
export function fullUrl(req: Request, appUrl: string): string {
  return appUrl.replace(/\/+$/, '') + req.originalUrl;
}

/** The Referer as a path of this app, else the fallback: never an open redirect. */
export function previousUrl(req: Request, appUrl: string, fallback = '/'): string {
  return localPath(req.get('referer'), appUrl) ?? fallback;
}

export function inertia(options: InertiaOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    req.isInertia = req.get('X-Inertia') === 'true';
    res.vary('X-Inertia');

    if (req.isInertia && req.method === 'GET' && req.get('X-Inertia-Version') !== undefined && req.get('X-Inertia-Version') !== options.version()) {
      options.session.reflash(req);
      res.status(409).set('X-Inertia-Location', fullUrl(req, options.appUrl())).end();
      return;
    }

    const extra: Record<string, unknown> = {};

    res.inertia = {
      share(props) {
        Object.assign(extra, props);
      },
      async render(component: string, ...args: [props?: object, options?: RenderOptions]) {
        const props = (args[0] ?? {}) as Record<string, unknown>;
        const renderOptions = args[1] ?? {};
        const shared = { ...(options.share ? await options.share(req) : {}), ...extra };
        const page = await buildPage(
          {
            component,
            url: renderOptions.fragment ? `${req.originalUrl.replace(/#.*$/, '')}#${encodeURIComponent(renderOptions.fragment)}` : req.originalUrl,
            version: options.version(),
            shared: { ...shared, errors: options.session.errors(req) },
            props,
            flash: options.session.flash(req),
            encryptHistory: renderOptions.encryptHistory ?? options.encryptHistory?.(req),
            clearHistory: renderOptions.clearHistory ?? options.session.clearHistory?.(req),
          },
          propRequest(req),
        );
        res.status(renderOptions.status ?? 200);
        if (req.isInertia) {
          sendWhole(res.set('X-Inertia', 'true').type('json'), JSON.stringify(page));
          return;
        }
        // The title may be a msg(...) (messages.titles.…): written in the request's language.
        const title = renderOptions.title === undefined ? undefined : localize(requestLocale(req), renderOptions.title);
        const pageJson = JSON.stringify(page);
        const body = (await options.serverRender?.(page, pageJson)) ?? undefined;
        const html = await options.rootView({ req, res, page, pageJson, title, head: renderOptions.head, body });
        sendWhole(res.type('html'), html);
      },
      location(url) {
        if (req.isInertia) {
          res.status(409).set('X-Inertia-Location', url).end();
        } else {
          res.redirect(url);
        }
      },
      back(fallback = '/') {
        res.redirect(303, previousUrl(req, options.appUrl(), fallback));
      },
      validationFailed(errors, fallback) {
        const bag = req.get('X-Inertia-Error-Bag');
        options.session.flashErrors(req, bag ? { [bag]: errors } : errors);
        res.inertia.back(fallback);
      },
    };

    onBeforeEnd(res, (_res, body) => {
      if (res.headersSent) return;
      const location = res.get('Location');
      // PUT/PATCH/DELETE must not be replayed by the browser on the redirect target.
      if (res.statusCode === 302 && ['PUT', 'PATCH', 'DELETE'].includes(req.method)) res.status(303);
      if (!req.isInertia) return;
      if (location && res.statusCode >= 300 && res.statusCode < 400 && location.includes('#')) {
        // XHR redirects drop fragments; the client re-visits this URL itself.
        res.status(409).set('X-Inertia-Redirect', location).removeHeader('Location');
        return;
      }
      const empty = body === undefined || body === null || (body as { length?: number }).length === 0;
      if (res.statusCode === 200 && empty) {
        res.status(303).set('Location', previousUrl(req, options.appUrl()));
      }
    });
    next();
  };
}
