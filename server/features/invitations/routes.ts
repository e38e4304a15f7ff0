import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { invitationController } from './controller';
import { path } from '../../../shared/routes';

export function invitationRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = invitationController(ctx);
  const { inOrganization } = guards(ctx);

  // Admins manage the current organisation's pending invitations (listed on /users).
  router.post(path('invitations.resend'), ...inOrganization, c.resend);
  router.delete(path('invitations.destroy'), ...inOrganization, c.revoke);

  // The link in the mail: open to guests (newcomers, or members who must sign in) and to
  // signed-in users; the page tells each what to do.
  router.get(path('invitations.show'), c.show);
  router.post(path('invitations.accept'), c.accept);
  return router;
}
