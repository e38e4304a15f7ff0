import type { Express } from 'express';
import type { AppContext } from './context';
import { authRoutes } from './features/auth/routes';
import { pageRoutes } from './features/pages/routes';
import { profileRoutes } from './features/profile/routes';

/** Every feature's routes, in one list (order matters only for overlapping paths). */
export function registerRoutes(app: Express, ctx: AppContext): void {
  app.use(pageRoutes(ctx));
  app.use(authRoutes(ctx));
  app.use(profileRoutes(ctx));
}
