import type { Translate } from '@/i18n';
import type { Role } from '@/types';

/** What a role may do, under the role picker and on a member's page. */
export const roleDescription = (t: Translate, role: Role): string => t(`users.roles.${role}`);
