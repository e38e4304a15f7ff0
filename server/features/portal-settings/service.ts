import type { AppContext } from '../../context';
import { orFail } from '../../errors';
import { inTransaction, type Actor } from '../../lib/unit-of-work';
import { deliveryChanged } from '../portal-delivery/service';
import * as repo from './repository';
import type { PortalSettingsInput } from './schema';

/**
 * Saves a board member's delivery and language; returns whether anything changed. A change of
 * delivery settles what was waiting for the digest (portal-delivery `deliveryChanged`): "off"
 * means no mail, not a pile of them the day it is turned back on; "at once" sends it now.
 */
export async function updatePortalSettings(ctx: AppContext, actor: Actor, memberId: number, input: PortalSettingsInput): Promise<boolean> {
  return inTransaction(ctx, actor, async (uow) => {
    const before = orFail(await repo.lockSettings(uow.db, memberId));
    if (before.delivery === input.delivery && before.locale === input.locale) return false;
    const now = ctx.clock.now();
    await repo.updateSettings(uow.db, memberId, { delivery: input.delivery, locale: input.locale }, now);
    if (input.delivery !== before.delivery) await deliveryChanged(ctx, uow, memberId, input.delivery);
    return true;
  });
}
