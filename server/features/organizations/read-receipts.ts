import type { AppContext } from '../../context';
import { inTransaction } from '../../lib/unit-of-work';
import type { ActingIn } from '../../tenancy/acting';
import { namedReadReceipts, setNamedReadReceipts } from './repository';

/**
 * Admins turn named read receipts on or off: staff then see board members' names with their
 * reads, and the portal tells board members so. Off, staff see counts only (none below three).
 * Logged in the organisation's activity; no change, no entry.
 */
export async function setReadReceipts(ctx: AppContext, acting: ActingIn, on: boolean): Promise<void> {
  const org = acting.organization;
  await inTransaction(ctx, acting, async (uow) => {
    const before = await namedReadReceipts(uow.db, org.id);
    if (before === on) return;
    await setNamedReadReceipts(uow.db, org.id, on);
    await uow.log({
      organization_id: org.id,
      kind: 'organization.read_receipts_changed',
      subject_id: org.id,
      subject_label: org.name,
      facts: { on },
      properties: { old: { named_read_receipts: before }, attributes: { named_read_receipts: on } },
    });
  });
}

export const readReceiptsNamed = (ctx: AppContext, organizationId: number) => namedReadReceipts(ctx.db, organizationId);
