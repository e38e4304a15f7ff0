import type { AppContext } from '../../context';
import type { Acting, ActingIn } from '../../tenancy/acting';
import { inTransaction } from '../../lib/unit-of-work';
import { orFail } from '../../errors';
import { lockUser, updateUser } from '../../account/user-repository';
import { lockOrganization, updateOrganization } from '../organizations/repository';
import type { PreferencesInput } from './schema';
import { ensureCurrentValues, type Version } from '../../lib/concurrency';

/** What each settings form edits, and so what its version covers. */
export const preferenceValues = (user: { locale: string; timezone: string }) => ({ locale: user.locale, timezone: user.timezone });
export const organizationSettingValues = (org: { public_page_enabled: boolean }) => ({ public_page_enabled: org.public_page_enabled });

/** Saves the user's locale and time zone; a change is logged (no organisation) for their History. */
export async function updatePreferences(ctx: AppContext, acting: Acting, input: PreferencesInput, version?: Version): Promise<boolean> {
  const user = acting.user;
  return inTransaction(ctx, acting, async (uow) => {
    const before = (await lockUser(uow.db, user.id))!;
    ensureCurrentValues(preferenceValues(before), version);
    const old: Record<string, string> = {};
    const attributes: Record<string, string> = {};
    for (const key of ['locale', 'timezone'] as const) {
      if (before[key] !== input[key]) {
        old[key] = before[key];
        attributes[key] = input[key];
      }
    }
    if (!Object.keys(attributes).length) return false;
    const now = ctx.clock.now();
    await updateUser(uow.db, user.id, { ...attributes, updated_at: now });
    await uow.log({
      organization_id: null,
      kind: 'user.settings_updated',
      subject_id: user.id,
      facts: { settings: Object.keys(attributes).length > 1 ? 'both' : 'locale' in attributes ? 'language' : 'time_zone' },
      properties: { old, attributes },
      created_at: now,
    });
    return true;
  });
}

/** Turns the current organisation's public page on or off (logged in the organisation's activity). */
export async function updateOrganizationSettings(ctx: AppContext, acting: ActingIn, publicPageEnabled: boolean, version?: Version): Promise<boolean> {
  const org = acting.organization;
  return inTransaction(ctx, acting, async (uow) => {
    const before = orFail(await lockOrganization(uow.db, org.id));
    ensureCurrentValues(organizationSettingValues(before), version);
    if (before.public_page_enabled === publicPageEnabled) return false;
    const now = ctx.clock.now();
    // The one write path of the organisation row (organizations/repository.ts), shared with the organisation's edit form.
    await updateOrganization(uow.db, org.id, { public_page_enabled: publicPageEnabled }, now);
    await uow.log({
      organization_id: org.id,
      kind: publicPageEnabled ? 'organization.public_page_turned_on' : 'organization.public_page_turned_off',
      subject_id: org.id,
      properties: { old: { public_page_enabled: before.public_page_enabled }, attributes: { public_page_enabled: publicPageEnabled } },
      created_at: now,
    });
    return true;
  });
}
