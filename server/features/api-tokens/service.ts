import type { AppContext } from '../../context';
import { inTransaction } from '../../lib/unit-of-work';
import { orFail } from '../../errors';
import type { ActingIn } from '../../tenancy/acting';
import { generateApiToken } from '../../tenancy/api-token';
import { isApiAbility } from '../../../shared/api-abilities';
import { findTokenForUpdate, insertToken, listTokens, markRevoked } from './repository';
import type { CreateApiTokenInput } from './schema';

const DAY = 24 * 60 * 60 * 1000;

export type ApiTokenState = 'active' | 'expired' | 'revoked';

/** The organisation's tokens as its page lists them, each with its state now. */
export async function apiTokenList(ctx: AppContext, organizationId: number) {
  const now = ctx.clock.now();
  const rows = await listTokens(ctx.db, organizationId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    hint: `${row.hint}…`,
    abilities: (Array.isArray(row.abilities) ? row.abilities : []).filter(isApiAbility),
    created_by_name: row.created_by_name,
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    last_used_ip: row.last_used_ip,
    revoked_at: row.revoked_at,
    state: (row.revoked_at ? 'revoked' : row.expires_at && row.expires_at <= now ? 'expired' : 'active') as ApiTokenState,
  }));
}

/**
 * A new token for the organisation. Only its SHA-256 is stored; the secret is returned for the
 * maker to see once. The maker's name is kept with it: the token outlives their membership.
 */
export async function createApiToken(ctx: AppContext, acting: ActingIn, input: CreateApiTokenInput): Promise<{ id: number; name: string; token: string }> {
  const org = acting.organization;
  const { token, hash, hint } = generateApiToken();
  const now = ctx.clock.now();
  return inTransaction(ctx, acting, async (uow) => {
    const row = await insertToken(uow.db, {
      organization_id: org.id,
      name: input.name,
      token_hash: hash,
      hint,
      abilities: input.abilities,
      expires_at: input.expires_in_days === null ? null : new Date(now.getTime() + input.expires_in_days * DAY),
      created_by: acting.user.id,
      created_by_name: acting.user.name,
      created_at: now,
    });
    await uow.log({
      organization_id: org.id,
      kind: 'api_token.created',
      subject_id: row.id,
      subject_label: row.name,
      facts: { token: row.name, abilities: input.abilities.length },
      properties: { attributes: { name: row.name, abilities: input.abilities, expires_in_days: input.expires_in_days } },
    });
    return { id: row.id, name: row.name, token };
  });
}

/** Revokes one of the organisation's tokens at once (404 for another organisation's); revoking twice changes nothing. */
export async function revokeApiToken(ctx: AppContext, acting: ActingIn, tokenId: number): Promise<{ name: string }> {
  const org = acting.organization;
  return inTransaction(ctx, acting, async (uow) => {
    const token = orFail(await findTokenForUpdate(uow.db, org.id, tokenId));
    if (token.revoked_at) return { name: token.name };
    await markRevoked(uow.db, token.id, ctx.clock.now());
    await uow.log({ organization_id: org.id, kind: 'api_token.revoked', subject_id: token.id, subject_label: token.name, facts: { token: token.name } });
    return { name: token.name };
  });
}
