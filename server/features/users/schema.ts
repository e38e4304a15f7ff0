import { z } from 'zod';
import { queryPage, queryText } from '../../lib/query';
import { role } from '../invitations/schema';

export { inviteSchema } from '../invitations/schema';

export const memberIndexSchema = z.object({
  search: queryText(),
  page: queryPage,
});

export const updateRoleSchema = z.object({ role: role() });
