import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

/** The first segment of a route path ('/board-users/:id' → 'board-users'), or null when it can vary. */
function fixedFirstSegment(routePath: unknown): string | null {
  if (typeof routePath !== 'string') return null;
  const segment = routePath.split('/')[1] ?? '';
  return /^[\w.~-]*$/.test(segment) ? segment.toLowerCase() : null;
}

/**
 * Mounts feature routers so a request only walks the routers that have a route under its first
 * path segment (`/board-users/…` never tries the auth, insights or organisation routes), in the
 * order given. A router with a route whose first segment is a parameter or a pattern, or with
 * middleware of its own, is tried for every path, as `app.use(router)` would. Routers keep their
 * full paths, so they read the same as before.
 */
export function mountByFirstSegment(routers: Router[]): RequestHandler {
  const segments = routers.map((router) => {
    const found = new Set<string>();
    for (const layer of (router as unknown as { stack: { route?: { path?: unknown } }[] }).stack) {
      const segment = layer.route ? fixedFirstSegment(layer.route.path) : null;
      if (segment === null) return null; // tried for every path
      found.add(segment);
    }
    return found;
  });
  const known = new Set(segments.flatMap((s) => (s ? [...s] : [])));
  const plans = new Map<string, Router[]>();
  for (const segment of known)
    plans.set(
      segment,
      routers.filter((_, i) => segments[i] === null || segments[i]!.has(segment)),
    );
  const everywhere = routers.filter((_, i) => segments[i] === null);

  const dispatch = (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    const end = path.indexOf('/', 1);
    const segment = (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
    const plan = plans.get(segment) ?? everywhere;
    let i = 0;
    const step = (error?: unknown): void => {
      // 'router' / 'route': that router is done with the request; the next one may take it.
      if (error && error !== 'router' && error !== 'route') return next(error);
      const router = plan[i++];
      if (!router) return next();
      router(req, res, step);
    };
    step();
  };
  // Like a Router's own `stack`: whatever lists the app's routes (tests, tooling) still finds them all.
  return Object.assign(dispatch, { stack: routers.flatMap((router) => (router as unknown as { stack: unknown[] }).stack) });
}
