import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { actingFrom, actingIn } from '../../tenancy/from-request';
import { flash } from '../../http/session-bridge';
import { clearCurrentOrganization, setCurrentOrganization } from '../../tenancy/current';
import { validate } from '../../lib/validation';
import { versionSchema } from '../../lib/concurrency';
import { routeOrganization } from '../../tenancy/guard';
import { can } from '../../tenancy/policy';
import { createOrganizationSchema, organizationIndexSchema, readReceiptsSchema, transferOwnershipSchema, updateOrganizationSchema } from './schema';
import { readReceiptsNamed, setReadReceipts } from './read-receipts';
import { isRequired as twoFactorRequired } from '../two-factor/requirement';
import * as organizations from './service';
import { localizeOrNull, msg } from '../../i18n/message';
import { requestLocale } from '../../i18n/locale';
import { route } from '../../../shared/routes';

/** The /organizations resource: validate → service → render or redirect. */
export function organizationController(ctx: AppContext) {
  return {
    async index(req: Request, res: Response) {
      const filters = validate(organizationIndexSchema, req.query);
      const list = await organizations.listOrganizations(ctx, actingFrom(req), filters);
      await res.inertia.render(
        'Organizations/Index',
        { organizations: list, filters: { search: filters.search }, everyOrganization: req.user!.is_platform_admin },
        { title: msg('messages.titles.organizations') },
      );
    },

    create: (_req: Request, res: Response) => res.inertia.render('Organizations/Create', {}, { title: msg('messages.titles.newOrganization') }),

    async store(req: Request, res: Response) {
      const input = await validate(createOrganizationSchema, req.body, { slug: organizations.slugAvailable(ctx) });
      const org = await organizations.createOrganization(ctx, actingFrom(req), input);
      setCurrentOrganization(req, org.id);
      flash(req, 'success', msg('messages.organizations.created', { name: org.name }));
      res.redirect(route('organizations.show', { id: org.id }));
    },

    async show(req: Request, res: Response) {
      const details = localizedDetails(req, await organizations.organizationDetails(ctx, actingFrom(req), routeOrganization(req)));
      await res.inertia.render('Organizations/Show', details, { title: details.organization.name });
    },

    async edit(req: Request, res: Response) {
      const target = routeOrganization(req);
      const details = localizedDetails(req, await organizations.organizationDetails(ctx, actingFrom(req), target));
      const transferable = can(target.role, 'transferOwnership', req.user!.is_platform_admin) ? await organizations.transferCandidates(ctx, target) : [];
      const [requireTwoFactor, namedReadReceipts] = await Promise.all([twoFactorRequired(ctx, target.id), readReceiptsNamed(ctx, target.id)]);
      await res.inertia.render(
        'Organizations/Edit',
        { ...details, members: transferable, requireTwoFactor, namedReadReceipts },
        { title: msg('messages.titles.edit', { name: details.organization.name }) },
      );
    },

    /** Named read receipts on or off (admins and owners: the route's guard). */
    async updateReadReceipts(req: Request, res: Response) {
      const target = routeOrganization(req);
      const { named_read_receipts } = validate(readReceiptsSchema, req.body);
      await setReadReceipts(ctx, actingIn(req, target), named_read_receipts);
      flash(req, 'success', named_read_receipts ? msg('messages.organizations.readReceipts.on') : msg('messages.organizations.readReceipts.off'));
      res.redirect(303, route('organizations.edit', { id: target.id }));
    },

    async update(req: Request, res: Response) {
      const target = routeOrganization(req);
      const input = await validate(updateOrganizationSchema, req.body, { slug: organizations.slugAvailable(ctx, target.id) });
      const { version } = validate(versionSchema, req.body);
      await organizations.updateOrganization(ctx, actingIn(req, target), input, version);
      flash(req, 'success', msg('messages.organizations.saved'));
      res.redirect(route('organizations.edit', { id: target.id }));
    },

    async destroy(req: Request, res: Response) {
      const target = routeOrganization(req);
      await organizations.deleteOrganization(ctx, actingIn(req, target));
      clearCurrentOrganization(req, target.id);
      flash(req, 'success', msg('messages.organizations.deleted', { name: target.name }));
      res.redirect(route('organizations.index'));
    },

    async transfer(req: Request, res: Response) {
      const target = routeOrganization(req);
      const { user_id } = validate(transferOwnershipSchema, req.body);
      const { name } = await organizations.transferOwnership(ctx, actingIn(req, target), user_id);
      flash(req, 'success', msg('messages.organizations.transferred', { name, organization: target.name }));
      res.redirect(route('organizations.show', { id: target.id }));
    },
  };
}

/** Why the reader may not leave is a message: in their language. */
function localizedDetails<D extends { leaveRefusal: string | null }>(req: Request, details: D): D {
  return { ...details, leaveRefusal: localizeOrNull(requestLocale(req), details.leaveRefusal) };
}
