import { z } from 'zod';
import { pageNumber } from '../../lib/fields';
import { role } from '../invitations/schema';

export { inviteSchema } from '../invitations/schema';

export const memberIndexSchema = z.object({
  search: z.unknown().optional().transform((v) => (typeof v === 'string' ? v.trim().slice(0, 100) : '')),
  page: pageNumber,
});

export const updateRoleSchema = z.object({ role: role() });
