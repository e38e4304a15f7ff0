import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { invitationController } from './controller';

export function invitationRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = invitationController(ctx);
  const { inOrganization } = guards(ctx);

  // Admins manage the current organisation's pending invitations (listed on /users).
  router.post('/invitations/:id/resend', ...inOrganization, c.resend);
  router.delete('/invitations/:id', ...inOrganization, c.revoke);

  // The link in the mail: open to guests (newcomers, or members who must sign in) and to
  // signed-in users; the page tells each what to do.
  router.get('/invitations/:token', c.show);
  router.post('/invitations/:token', c.accept);
  return router;
}
