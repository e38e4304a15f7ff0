import { z } from 'zod';
import { queryPage, queryText } from '../../lib/query';
import { role } from '../invitations/schema';
import type { MembershipField } from '../../../shared/member-fields';

export { inviteSchema } from '../invitations/schema';

export const memberIndexSchema = z.object({
  search: queryText(),
  page: queryPage,
});

export const updateRoleSchema = z.object({ role: role() } satisfies Record<MembershipField, z.ZodType>);
