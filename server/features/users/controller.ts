import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { flash } from '../../http/session-bridge';
import { validate } from '../../lib/validation';
import { versionSchema } from '../../lib/concurrency';
import * as invitations from '../invitations/service';
import { actingIn } from '../../tenancy/from-request';
import { clearCurrentOrganization, currentOrganization } from '../../tenancy/current';
import { authorize, loadTenantRecord, routeOrganization } from '../../tenancy/guard';
import { grantableRoles, isOwnerLike } from '../../tenancy/policy';
import { inviteSchema, memberIndexSchema, updateRoleSchema } from './schema';
import * as members from './service';
import { localizeOrNull, msg } from '../../i18n/message';
import { requestLocale } from '../../i18n/locale';
import { route } from '../../../shared/routes';

/**
 * Members of the current organisation (/users). Routes naming a member load it first (404 for
 * anyone outside the organisation), then check the role (403).
 */
export function userController(ctx: AppContext) {
  const load = async (req: Request) => {
    const member = await loadTenantRecord(req, (org, id) => members.findMemberView(ctx, org, id), 'manageMembers');
    const acting = actingIn(req);
    return { acting, org: acting.organization, member };
  };

  return {
    async index(req: Request, res: Response) {
      const org = currentOrganization(req);
      authorize(req, 'manageMembers');
      const filters = validate(memberIndexSchema, req.query);
      await res.inertia.render(
        'Users/Index',
        {
          members: await members.listMembers(ctx, org, filters),
          invitations: await invitations.listPendingInvitations(ctx, org.id),
          usage: await invitations.memberUsage(ctx, org.id),
          filters: { search: filters.search },
          currentUserId: req.user!.id,
          canManageOwners: isOwnerLike(actingIn(req, org)),
        },
        { title: msg('messages.titles.members') },
      );
    },

    async create(req: Request, res: Response) {
      const org = currentOrganization(req);
      authorize(req, 'manageMembers');
      await res.inertia.render('Users/Create', { roles: grantableRoles(actingIn(req, org)), usage: await invitations.memberUsage(ctx, org.id) }, { title: msg('messages.titles.inviteMember') });
    },

    async store(req: Request, res: Response) {
      const org = currentOrganization(req);
      authorize(req, 'manageMembers');
      const input = await validate(inviteSchema, req.body, { email: invitations.inviteeChecks(ctx, org) });
      await invitations.invite(ctx, actingIn(req, org), input);
      flash(req, 'success', msg('messages.members.invited', { email: input.email }));
      res.redirect(route('users.index'));
    },

    async show(req: Request, res: Response) {
      const { acting, org, member } = await load(req);
      const isSelf = member.id === req.user!.id;
      await res.inertia.render(
        'Users/Show',
        { member, abilities: members.memberAbilities(acting, member), isSelf, leaveRefusal: isSelf ? localizeOrNull(requestLocale(req), await members.whyNotLeave(ctx, org)) : null },
        { title: member.name },
      );
    },

    async edit(req: Request, res: Response) {
      const { acting, member } = await load(req);
      await res.inertia.render(
        'Users/Edit',
        { member, abilities: members.memberAbilities(acting, member), isSelf: member.id === req.user!.id },
        { title: msg('messages.titles.edit', { name: member.name }) },
      );
    },

    async update(req: Request, res: Response) {
      const { acting, member } = await load(req);
      const { role } = validate(updateRoleSchema, req.body);
      const { version } = validate(versionSchema, req.body);
      const changed = await members.changeRole(ctx, acting, member, role, version);
      flash(req, 'success', changed ? msg('messages.members.roleChanged', { name: member.name, role }) : msg('messages.members.noChanges'));
      res.redirect(route('users.show', { id: member.id }));
    },

    async destroy(req: Request, res: Response) {
      const { acting, org, member } = await load(req);
      await members.removeMember(ctx, acting, member);
      flash(req, 'success', msg('messages.members.removed', { name: member.name, organization: org.name }));
      res.redirect(route('users.index'));
    },

    async leave(req: Request, res: Response) {
      const org = routeOrganization(req);
      await members.leaveOrganization(ctx, actingIn(req, org));
      clearCurrentOrganization(req, org.id);
      flash(req, 'success', msg('messages.members.left', { organization: org.name }));
      res.redirect(route('organizations.index'));
    },
  };
}
