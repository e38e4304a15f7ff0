import type { Db, User } from '../../db/types';
import { parseChannel, type ChannelKind } from '../../../shared/channels';
import { admits } from '../../tenancy/gate';
import { findOrganizationFor } from '../../tenancy/repository';
import type { ApiTokenIdentity } from '../../tenancy/api-token';

/** What a channel grants: `true` for private channels, the member's public info for presence. */
export type ChannelGrant = false | true | { id: number; name: string };

/** A member the organisation admits (tenancy/gate.ts): the channels carry what its pages show. */
const memberOf = async (db: Db, user: User, organizationId: number) => {
  const organization = await findOrganizationFor(db, user.id, organizationId, user.is_platform_admin);
  return organization !== undefined && admits(organization);
};

/**
 * Every channel the app uses (shared/channels.ts, docs/product.md "Realtime"); any other name is
 * refused. Platform admins count as members: they see and manage every organisation.
 */
const rules: Record<Exclude<ChannelKind, 'portalMember'>, (db: Db, user: User, id: number) => Promise<ChannelGrant>> = {
  organization: (db, user, id) => memberOf(db, user, id),
  online: async (db, user, id) => ((await memberOf(db, user, id)) ? { id: user.id, name: user.name } : false),
  user: async (_db, user, id) => user.id === id,
};

/** Ids the database can hold; anything else names no one's channel. */
const MAX_ID = 2_147_483_647;

/** Who asks: a staff user, or a board member of a portal session (who is never staff). */
export type ChannelAsker = { user: User; portalMemberId?: never } | { user?: never; portalMemberId: number };

/**
 * A staff user may subscribe to the staff channels above and never to a board member's; a board
 * member only to their own channel (`portalMember`) and to nothing else.
 */
export async function authorizeChannel(db: Db, asker: ChannelAsker, channel: string): Promise<ChannelGrant> {
  const parsed = parseChannel(channel);
  if (!parsed || parsed.id < 1 || parsed.id > MAX_ID) return false;
  if (parsed.kind === 'portalMember') return asker.portalMemberId !== undefined && asker.portalMemberId === parsed.id;
  return asker.user ? rules[parsed.kind](db, asker.user, parsed.id) : false;
}

/**
 * An organisation's API token (issue #28) may join its own organisation's private channel, and
 * only with `activity:read`: no presence (a token is no one), no user's or board member's
 * channel, no other organisation's.
 */
export function tokenMayJoin(token: Pick<ApiTokenIdentity, 'organization' | 'abilities'>, channel: string): boolean {
  const parsed = parseChannel(channel);
  return parsed?.kind === 'organization' && parsed.id === token.organization.id && token.abilities.includes('activity:read');
}
