import path from 'node:path';
import express, { type Express, type Request, type RequestHandler, type Router } from 'express';
import type { AppContext } from './context';
import { inertia, manifestVersion } from './inertia';
import './http/types';
import { csrf, xsrfCookie } from './http/csrf';
import { carriesBearer, sessionUnlessBearer } from './http/bearer';
import { buildAssets } from './http/build-assets';
import { compression } from './http/compression';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { readinessGate, type Readiness } from './http/readiness';
import { requestLog } from './http/request-log';
import { onBeforeEnd } from './http/response-hooks';
import { closeWhenBodyUnread } from './http/unread-body';
import { pipeline } from './http/pipeline';
import { mountByFirstSegment } from './http/path-dispatch';
import { rootView } from './inertia/root-view';
import { builtRenderer, serverRenderer, type RendererModule, type ServerRenderer } from './inertia/server-render';
import { isServerRendered, SERVER_RENDERER_ENTRY } from '../shared/server-rendering';
import { pageStylesheetSource } from '../resources/js/lib/stylesheets';
import { securityHeaders } from './http/security-headers';
import { sessionBridge } from './http/session-bridge';
import { sessionMiddleware } from './http/session';
import { sessionIdentityLoader } from './tenancy/identity';
import { noStoreWhenSignedIn } from './http/signed-in-responses';
import { devAssets, productionAssets } from './http/vite-assets';
import { sharedProps } from './shared-props';
import { realtimeClientConfig } from './http/realtime-client-config';
import { registerRoutes } from './routes';
import { loadUser } from './features/auth/middleware';
import { loadOrganization } from './tenancy/current';
import { loadPortalMember } from './tenancy/portal';
import { realtimeWebhookRoutes } from './features/realtime-webhooks/routes';
import { apiRoutes } from './features/api/routes';
import { apiNotFound } from './features/api/http';

export interface CreateAppOptions {
  /** Vite dev server in middleware mode (npm run dev); absent in production and tests. */
  vite?: { middlewares: express.RequestHandler; transformIndexHtml?: unknown; ssrLoadModule?: (url: string) => Promise<Record<string, unknown>> };
  /** The server's renderer of public pages; default: the built one (shared/server-rendering.ts), or the dev server's. */
  renderer?: ServerRenderer;
  /** Extra routes mounted before the 404 handler (tests use this for protocol-only pages). */
  extraRoutes?: (router: Router) => void;
  /** Until it is ready, every request answers 503 (server/main.ts); absent means ready. */
  readiness?: Readiness;
  /** Counts requests for Prometheus (server/http/metrics.ts), when METRICS_PORT is set. */
  metrics?: express.RequestHandler;
}

/** The realtime server's websocket origin, as the page's CSP allows it. */
function realtimeOrigin(rt: ReturnType<typeof realtimeClientConfig>): string {
  return `${rt.scheme === 'https' ? 'wss' : 'ws'}://${rt.host}:${rt.port}`;
}

/** The built renderer, or under `npm run dev` the dev server's module (current with every edit). */
function defaultRenderer(ctx: AppContext, vite: CreateAppOptions['vite']): ServerRenderer {
  const load = vite?.ssrLoadModule;
  return serverRenderer({
    renders: isServerRendered,
    load: load ? () => load('/resources/js/ssr.tsx') as Promise<unknown> as Promise<RendererModule> : builtRenderer(path.join(ctx.paths.root, SERVER_RENDERER_ENTRY)),
    cache: !load,
    logger: ctx.logger,
  });
}

export function createApp(ctx: AppContext, options: CreateAppOptions = {}): Express {
  const app = express();
  const { config } = ctx;
  const https = config.APP_URL.startsWith('https:');
  const dev = config.APP_ENV === 'development' && !!options.vite;

  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY ? 1 : false);
  app.set('query parser', 'extended');

  app.use(
    pipeline(
      (_req, res, next) => {
        // Caches must key every response on X-Inertia: the same URL answers HTML or JSON.
        res.vary('X-Inertia');
        next();
      },
      requestLog(ctx.logger),
      closeWhenBodyUnread,
      ...(options.metrics ? [options.metrics] : []),
      // Whole HTML/JSON answers, brotli or gzip as negotiated; built assets come precompressed (buildAssets).
      compression(),
      ...(options.readiness ? [readinessGate(options.readiness)] : []),
      securityHeaders({
        https,
        dev,
        connectSources: [realtimeOrigin(realtimeClientConfig(config))],
      }),
    ),
  );

  if (options.vite) app.use(options.vite.middlewares);
  app.use('/build', ...buildAssets(path.join(ctx.paths.root, 'public/build')));
  // Public files all have an extension; page routes never do, so they skip the filesystem.
  const publicFiles = express.static(path.join(ctx.paths.root, 'public'), { index: false, maxAge: '1h' });
  app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));

  // Signed by the realtime server, not a browser: no session, no CSRF token (see its routes.ts).
  // The JSON API (/api/v1) authenticates by bearer token alone: no session, no cookie, no CSRF.
  app.use(mountByFirstSegment([realtimeWebhookRoutes(ctx), apiRoutes(ctx)]));
  app.use(apiNotFound);

  const version = manifestVersion(ctx.paths.manifest);
  const inertiaAdapter = inertia({
    version: dev ? () => 'dev' : version,
    session: sessionBridge,
    share: (req: Request) => sharedProps(ctx, req),
    appUrl: () => config.APP_URL,
    // Signed-in pages are encrypted in the tab's history; signing out clears the key.
    encryptHistory: (req: Request) => !!req.user,
    rootView: rootView({
      appName: config.APP_NAME,
      assets: dev ? devAssets : productionAssets(ctx.paths.manifest),
      pageStylesheet: pageStylesheetSource,
    }),
    serverRender: config.SSR_ENABLED ? (options.renderer ?? defaultRenderer(ctx, dev ? options.vite : undefined)).render : undefined,
  });

  // A request without a body (every GET a browser sends) skips both parsers' checks.
  const parsers = pipeline(express.json({ limit: '1mb' }), express.urlencoded({ extended: true, limit: '1mb' }));
  const bodyParsers: RequestHandler = (req, res, next) => (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined ? parsers(req, res, next) : next());

  // Every request that reaches the app's own routes passes through these, in this order.
  app.use(
    pipeline(
      // A bearer token authenticates alone: its request gets an empty session of its own, never stored
      // nor sent back, and skips the CSRF check (http/bearer.ts).
      sessionUnlessBearer(
        sessionMiddleware({
          db: ctx.db,
          key: ctx.key,
          cookieName: `${config.APP_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_session`,
          lifetimeMinutes: config.SESSION_LIFETIME_MINUTES,
          secure: https,
          now: () => ctx.clock.now(),
          // One query: the session, its user, its organisation and membership (and the switcher's list for pages).
          load: sessionIdentityLoader(ctx.db),
          onTouchError: (error, req) => req.log?.warn({ err: error }, 'could not record session activity'),
        }),
      ),
      (req, res, next) => {
        if (!carriesBearer(req)) onBeforeEnd(res, () => xsrfCookie(req, res, ctx.key, https));
        next();
      },
      inertiaAdapter,
      bodyParsers,
      csrf({ key: ctx.key, secure: https, except: carriesBearer }),
      loadUser(ctx),
      loadPortalMember(ctx),
      noStoreWhenSignedIn,
      loadOrganization(ctx),
    ),
  );

  registerRoutes(app, ctx);
  if (options.extraRoutes) {
    const router = express.Router();
    options.extraRoutes(router);
    app.use(router);
  }

  app.use(notFoundHandler);
  app.use(errorHandler({ showDetails: config.APP_ENV === 'development', inertia: inertiaAdapter }));
  return app;
}
