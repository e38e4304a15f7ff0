import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { requirePasswordConfirmed } from '../auth/middleware';
import { browserSessionsController } from './controller';

/** The signed-in browsers of Profile/Edit (the list itself is its `sessions` prop). */
export function browserSessionRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = browserSessionsController(ctx);
  const { signedIn } = guards(ctx);
  router.delete('/user/other-browser-sessions', ...signedIn, c.destroyOthers);
  router.delete('/user/browser-sessions/:id', ...signedIn, requirePasswordConfirmed(ctx), c.destroy);
  return router;
}
