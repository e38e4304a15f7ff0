import type { Db, User } from '../../db/types';
import { findOrganizationFor } from '../../tenancy/repository';

/** What a channel grants: `true` for private channels, the member's public info for presence. */
export type ChannelGrant = false | true | { id: number; name: string };

interface ChannelRule {
  pattern: RegExp;
  authorize(db: Db, user: User, id: number): Promise<ChannelGrant>;
}

const memberOf = async (db: Db, user: User, organizationId: number) =>
  (await findOrganizationFor(db, user.id, organizationId, user.is_platform_admin)) !== undefined;

/**
 * Every channel the app uses (PRODUCT.md "Realtime"); any other name is refused. Platform admins
 * count as members: they see and manage every organisation.
 */
const rules: ChannelRule[] = [
  { pattern: /^private-organizations\.(\d{1,10})$/, authorize: (db, user, id) => memberOf(db, user, id) },
  {
    pattern: /^presence-organizations\.(\d{1,10})\.online$/,
    authorize: async (db, user, id) => ((await memberOf(db, user, id)) ? { id: user.id, name: user.name } : false),
  },
  { pattern: /^private-App\.Models\.User\.(\d{1,10})$/, authorize: async (_db, user, id) => user.id === id },
];

/** Ids the database can hold; anything else names no one's channel. */
const MAX_ID = 2_147_483_647;

export async function authorizeChannel(db: Db, user: User, channel: string): Promise<ChannelGrant> {
  for (const rule of rules) {
    const match = rule.pattern.exec(channel);
    if (!match) continue;
    const id = Number(match[1]);
    return id >= 1 && id <= MAX_ID ? rule.authorize(db, user, id) : false;
  }
  return false;
}
