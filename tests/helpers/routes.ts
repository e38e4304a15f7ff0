import type { Express } from 'express';

export interface RouteEntry {
  method: string;
  path: string;
  /** The route's own middleware and handler, in order (not the app-wide ones). */
  handlers: unknown[];
}

/**
 * Every route of an Express 5 app, read from its router stack (nested routers included), as
 * the method and the path-to-regexp v8 pattern it was registered with (`/insights/:id`).
 */
export function listRoutes(app: Express): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (stack: any[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths: unknown[] = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) {
          if (typeof p !== 'string') continue;
          for (const m of Object.keys(layer.route.methods)) {
            if (m === '_all') continue;
            out.push({ method: m.toUpperCase(), path: (prefix + p).replace(/\/{2,}/g, '/'), handlers: layer.route.stack.map((l: { handle: unknown }) => l.handle) });
          }
        }
      } else if (Array.isArray(layer.handle?.stack)) {
        walk(layer.handle.stack, prefix + (typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : ''));
      }
    }
  };
  walk((app as any).router.stack, '');
  return out;
}

/** The `:name` parameters of a route pattern, in order. */
export const routeParams = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** Fills a pattern's parameters with raw (already URL-encoded) path segments. */
export const fillRoute = (path: string, values: Record<string, string>): string => path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? '1');
