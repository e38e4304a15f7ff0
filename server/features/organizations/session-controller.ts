import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { cleanParam } from '../../lib/query';
import { flash } from '../../http/session-bridge';
import { fail, validate } from '../../lib/validation';
import { intendedUrl } from '../auth/middleware';
import { routeOrganization } from '../../tenancy/guard';
import { setCurrentOrganization } from '../../tenancy/current';
import { checkCredentials } from '../auth/service';
import { completeLogin, loginClient } from '../auth/session';
import { organizationLoginSchema, organizationSlugSchema, selectOrganizationSchema } from './schema';
import * as organizations from './service';
import { deferToChallenge } from '../../account/pending-login';
import { localize, msg } from '../../i18n/message';
import { requestLocale } from '../../i18n/locale';
import { route } from '../../../shared/routes';

const slugParam = (req: Request) => (cleanParam(req.params.slug, 255) ?? '').toLowerCase();

/** Which organisation a session acts in: choosing, switching, and signing in to one. */
export function organizationSessionController(ctx: AppContext) {
  return {
    async showSelect(req: Request, res: Response) {
      const mine = await organizations.selectableOrganizations(ctx, req.user!);
      await res.inertia.render(
        'Auth/OrganizationSelect',
        { organizations: mine, currentId: req.organization?.id ?? null, canBrowseAll: req.user!.is_platform_admin },
        { title: msg('messages.titles.chooseOrganization') },
      );
    },

    async select(req: Request, res: Response) {
      const { organization_id } = validate(selectOrganizationSchema, req.body);
      const target = await organizations.visibleOrganization(ctx, req.user!, organization_id);
      if (!target) fail('organization_id', msg('validation.organizations.chooseOne'));
      setCurrentOrganization(req, target);
      res.redirect(intendedUrl(req));
    },

    async switch(req: Request, res: Response) {
      const target = routeOrganization(req);
      setCurrentOrganization(req, target);
      flash(req, 'success', msg('messages.organizations.switched', { name: target.name }));
      res.redirect(route('dashboard'));
    },

    showSlugForm: (req: Request, res: Response) =>
      res.inertia.render('Auth/OrganizationLogin', { organization: null, slug: '', notFound: null, board: req.query.as === 'board' }, { title: msg('messages.titles.organizationSignIn') }),

    async findSlug(req: Request, res: Response) {
      const { slug } = validate(organizationSlugSchema, req.body);
      const org = await organizations.organizationBySlug(ctx, slug);
      if (!org) fail('slug', organizations.NO_SUCH_ORGANIZATION);
      // A board member sent here from the portal stays on the board members' tab.
      res.redirect(`${route('org-login.show', { slug: org.slug })}${req.body?.as === 'board' ? '?as=board' : ''}`);
    },

    async showLogin(req: Request, res: Response) {
      const slug = slugParam(req);
      const org = await organizations.organizationBySlug(ctx, slug);
      if (!org) {
        // Unknown or deleted: the slug form again, saying so, with a 404 status.
        return res.inertia.render(
          'Auth/OrganizationLogin',
          { organization: null, slug, notFound: localize(requestLocale(req), organizations.NO_SUCH_ORGANIZATION) },
          { title: msg('messages.titles.organizationSignIn'), status: 404 },
        );
      }
      return res.inertia.render(
        'Auth/OrganizationLogin',
        { organization: { name: org.name, slug: org.slug }, slug: org.slug, notFound: null, canResetPassword: true, board: req.query.as === 'board' },
        { title: msg('messages.titles.organizationSignInTo', { name: org.name }) },
      );
    },

    async login(req: Request, res: Response) {
      const org = await organizations.organizationBySlug(ctx, slugParam(req));
      if (!org) fail('slug', organizations.NO_SUCH_ORGANIZATION);
      const input = validate(organizationLoginSchema, req.body);
      // Under the normal sign-in throttle; non-members are refused.
      const user = await checkCredentials(ctx, loginClient(req), input, (candidate) => organizations.organizationLoginRefusal(ctx, org, candidate));
      // With two-factor sign-in on, the same challenge as /login comes first.
      if (await deferToChallenge(ctx, req, user, { remember: input.remember, organizationId: org.id })) return res.redirect(route('two-factor.login'));
      await completeLogin(ctx, req, res, user, input.remember, org.id);
      flash(req, 'success', msg('messages.organizations.welcome', { name: org.name }));
      res.redirect(intendedUrl(req));
    },
  };
}
