import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { flash } from '../../http/session-bridge';
import { actingIn, requestActor } from '../../tenancy/from-request';
import { currentOrganization, setCurrentOrganization } from '../../tenancy/current';
import { completeLogin } from '../auth/session';
import { loadTenantRecord } from '../../tenancy/guard';
import * as invitations from './service';
import { localizeDeep, msg } from '../../i18n/message';
import { requestLocale } from '../../i18n/locale';
import { route } from '../../../shared/routes';

const tokenParam = (req: Request) => String(req.params.token ?? '').slice(0, 200);

export function invitationController(ctx: AppContext) {
  return {
    // ---- managing (current organisation, admins): 404 for another organisation's id, then 403.
    async resend(req: Request, res: Response) {
      const org = currentOrganization(req);
      const invitation = await loadTenantRecord(req, (o, id) => invitations.invitationOf(ctx, o, id), 'manageMembers');
      await invitations.resendInvitation(ctx, actingIn(req, org), invitation);
      flash(req, 'success', msg('messages.invitations.resent', { email: invitation.email }));
      res.inertia.back(route('users.index'));
    },

    async revoke(req: Request, res: Response) {
      const org = currentOrganization(req);
      const invitation = await loadTenantRecord(req, (o, id) => invitations.invitationOf(ctx, o, id), 'manageMembers');
      await invitations.revokeInvitation(ctx, actingIn(req, org), invitation);
      flash(req, 'success', msg('messages.invitations.revokedFlash', { email: invitation.email }));
      res.inertia.back(route('users.index'));
    },

    // ---- the link in the mail (guests and signed-in users)
    async show(req: Request, res: Response) {
      const view = await invitations.inspectInvitation(ctx, req.user ?? null, tokenParam(req));
      // A guest with an account signs in and lands back here.
      if (view.state === 'sign-in') req.session.put('url.intended', route('invitations.show', { token: tokenParam(req) }));
      const title = view.details ? msg('messages.titles.joinOrganization', { name: view.details.organization.name }) : msg('messages.titles.invitation');
      await res.inertia.render('Invitations/Accept', { token: tokenParam(req), ...localizeDeep(requestLocale(req), view), signedInAs: req.user?.email ?? null }, { title, status: view.status });
    },

    async accept(req: Request, res: Response) {
      const token = tokenParam(req);
      const accepted = await invitations.acceptInvitation(ctx, requestActor(req), req.user ?? null, token, req.body);
      // Not usable (used, revoked, expired, wrong account…): the page explains.
      if (!accepted) return res.redirect(303, route('invitations.show', { token }));
      const org = accepted.organization;
      if (accepted.signIn) await completeLogin(ctx, req, res, accepted.signIn, false, org.id);
      else setCurrentOrganization(req, org.id);
      flash(req, 'success', msg('messages.invitations.welcome', { organization: org.name }));
      res.redirect(303, route('dashboard'));
    },
  };
}
