import type { Db } from '../db/types';

/** The bearer token's one lookup: by the secret's hash, live (not revoked, not expired) in a live organisation. */
export function findLiveToken(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('organizations as o', 'o.id', 't.organization_id')
    .select(['t.id', 't.organization_id', 't.name', 't.abilities', 't.last_used_at', 'o.name as organization_name', 'o.slug as organization_slug', 'o.public_page_enabled'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', now)]))
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Last used (time and address), at most once a minute per token: bookkeeping, never in the request's way. */
export async function touchToken(db: Db, id: number, at: Date, ip: string | null): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: at, last_used_ip: ip })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(at.getTime() - 60_000))]))
    .execute();
}
