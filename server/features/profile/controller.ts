import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { actingFrom } from '../../tenancy/from-request';
import { flash } from '../../http/session-bridge';
import { validate } from '../../lib/validation';
import { emailAvailable } from '../auth/service';
import { logout } from '../auth/session';
import { deleteAccountSchema, updatePasswordSchema, updateProfileSchema } from './schema';
import * as profile from './service';
import { securityProps } from '../account-security/profile-props';
import { recoveryCodesWaiting } from '../../account/pending-login';
import { msg } from '../../i18n/message';
import { admits } from '../../tenancy/gate';
import { route } from '../../../shared/routes';

/** The id of Profile/Edit's two-factor requirement notice (resources/js/Pages/Profile/Edit.tsx). */
export const TWO_FACTOR_REQUIRED_ANCHOR = 'two-factor-required';

export function profileController(ctx: AppContext) {
  return {
    edit: async (req: Request, res: Response) => {
      // The current organisation requires a second factor this member lacks: the page opens at it, saying why.
      const requiredBy = req.organization && !admits(req.organization) ? req.organization.name : null;
      await res.inertia.render(
        'Profile/Edit',
        {
          mustVerifyEmail: true,
          status: req.session.get<string>('status') ?? null,
          twoFactorRequiredBy: requiredBy,
          ...(await securityProps(ctx, req.user!, { id: req.session.id, recoveryCodesReady: recoveryCodesWaiting(req) })),
        },
        { title: msg('messages.titles.profile'), ...(requiredBy ? { fragment: TWO_FACTOR_REQUIRED_ANCHOR } : {}) },
      );
    },

    async update(req: Request, res: Response) {
      const input = await validate(updateProfileSchema, req.body, { email: emailAvailable(ctx, req.user!.id) });
      const { emailChanged, user } = await profile.updateProfile(ctx, actingFrom(req), input);
      req.user = user;
      flash(req, 'success', emailChanged ? msg('messages.profile.savedVerify') : msg('messages.profile.saved'));
      res.redirect(route('profile.edit'));
    },

    async updatePassword(req: Request, res: Response) {
      const acting = actingFrom(req);
      const input = await validate(updatePasswordSchema, req.body, profile.currentPasswordChecks(ctx, acting));
      await profile.updatePassword(ctx, acting, input);
      // This browser stays signed in, under a new session id.
      req.session.regenerate();
      flash(req, 'success', msg('messages.profile.passwordUpdated'));
      res.redirect(route('profile.edit'));
    },

    async destroy(req: Request, res: Response) {
      const { password } = validate(deleteAccountSchema, req.body);
      await profile.deleteAccount(ctx, actingFrom(req), password);
      await logout(ctx, req, res);
      flash(req, 'success', msg('messages.profile.deleted'));
      res.redirect('/');
    },
  };
}
