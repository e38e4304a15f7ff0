import type { Db } from '../../db/types';
import type { ApiAbility } from '../../../shared/api-abilities';

/** The tokens page lists this many, newest first (revoked ones included, so the page shows their state). */
export const LIST_LIMIT = 200;

/** An organisation's tokens for its page: never the hash. */
export function listTokens(db: Db, organizationId: number) {
  return db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'hint', 'abilities', 'expires_at', 'last_used_at', 'last_used_ip', 'created_by_name', 'revoked_at', 'created_at'])
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
}

export interface NewToken {
  organization_id: number;
  name: string;
  token_hash: string;
  hint: string;
  abilities: ApiAbility[];
  expires_at: Date | null;
  created_by: number;
  created_by_name: string;
  created_at: Date;
}

export function insertToken(db: Db, token: NewToken) {
  return db
    .insertInto('api_tokens')
    .values({ ...token, abilities: JSON.stringify(token.abilities) })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** One token of the organisation, locked for the revocation (another organisation's id: none). */
export function findTokenForUpdate(db: Db, organizationId: number, tokenId: number) {
  return db.selectFrom('api_tokens').select(['id', 'name', 'revoked_at']).where('organization_id', '=', organizationId).where('id', '=', tokenId).forUpdate().executeTakeFirst();
}

export async function markRevoked(db: Db, tokenId: number, at: Date): Promise<void> {
  await db.updateTable('api_tokens').set({ revoked_at: at }).where('id', '=', tokenId).where('revoked_at', 'is', null).execute();
}

/** Whether the organisation has this token (any state): the route's 404 before its 403. */
export async function tokenExists(db: Db, organizationId: number, tokenId: number): Promise<boolean> {
  const row = await db.selectFrom('api_tokens').select('id').where('organization_id', '=', organizationId).where('id', '=', tokenId).executeTakeFirst();
  return row !== undefined;
}
