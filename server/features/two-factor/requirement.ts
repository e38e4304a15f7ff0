import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../../context';
import { HttpError, ValidationError } from '../../http/errors';
import { preloadedTwoFactorMissing } from '../../http/identity';
import { flash } from '../../http/session-bridge';
import { inTransaction } from '../../lib/unit-of-work';
import type { ActingIn } from '../../tenancy/acting';
import { organizationRequirement, setOrganizationRequirement, twoFactorRequirement } from './repository';
import { msg } from '../../i18n/message';

/** Admins turn on "require two-factor sign-in for members" (logged in the organisation's activity). */
export async function setRequirement(ctx: AppContext, acting: ActingIn, required: boolean): Promise<void> {
  const org = acting.organization;
  // Requiring it without having it would lock the admin out of the page they are on.
  if (required && !(await twoFactorRequirement(ctx.db, org.id, acting.user.id)).satisfied) {
    throw new ValidationError({ require_two_factor: msg('validation.twoFactor.requirementNeedsOwn') });
  }
  await inTransaction(ctx, acting, async (uow) => {
    const before = await organizationRequirement(uow.db, org.id);
    if (before === required) return;
    await setOrganizationRequirement(uow.db, org.id, required);
    await uow.log({
      organization_id: org.id,
      event: 'updated',
      subject_type: 'organization',
      subject_id: org.id,
      subject_label: org.name,
      description: required ? `Required two-factor sign-in for members of ${org.name}` : `Stopped requiring two-factor sign-in for members of ${org.name}`,
      properties: { old: { require_two_factor: before }, attributes: { require_two_factor: required } },
    });
  });
}

/** What a member without two factors may still reach: setting it up, and leaving. */
const OPEN_PATHS = [/^\/profile$/, /^\/user\//, /^\/logout$/, /^\/confirm-password$/, /^\/password$/, /^\/verify-email/, /^\/email\//, /^\/organizations\/select$/, /^\/organizations\/\d+\/switch$/];

export const SETUP_NOTICE = (name: string) => msg('messages.twoFactor.setupRequired', { name });

/**
 * The current organisation requires two factors and this member has neither TOTP nor a passkey:
 * every page but the set-up sends them to their profile's security section first.
 */
export function requireTwoFactorSetup(ctx: AppContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const org = req.organization;
    if (!req.user || !org || org.role === null || OPEN_PATHS.some((p) => p.test(req.path))) return next();
    // Usually answered by the session's own query; asked separately only when that did not load it.
    const missing = preloadedTwoFactorMissing(req, req.user.id, org.id) ?? (await unmetRequirement(ctx, org.id, req.user.id));
    if (!missing) return next();
    if (!req.isInertia && req.accepts(['html', 'json']) === 'json') return next(new HttpError(403, SETUP_NOTICE(org.name)));
    flash(req, 'info', SETUP_NOTICE(org.name));
    res.redirect(303, '/profile');
  };
}

async function unmetRequirement(ctx: AppContext, organizationId: number, userId: number): Promise<boolean> {
  const { required, satisfied } = await twoFactorRequirement(ctx.db, organizationId, userId);
  return required && !satisfied;
}

/** Whether the organisation requires two factors of its members (the organisation settings page). */
export const isRequired = (ctx: AppContext, organizationId: number) => organizationRequirement(ctx.db, organizationId);
