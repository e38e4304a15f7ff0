import type { AppContext } from '../../context';
import { ValidationError } from '../../errors';
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
      kind: required ? 'organization.two_factor_required' : 'organization.two_factor_no_longer_required',
      subject_id: org.id,
      subject_label: org.name,
      properties: { old: { require_two_factor: before }, attributes: { require_two_factor: required } },
    });
  });
}

/** Whether the organisation requires two factors of its members (the organisation settings page). */
export const isRequired = (ctx: AppContext, organizationId: number) => organizationRequirement(ctx.db, organizationId);
