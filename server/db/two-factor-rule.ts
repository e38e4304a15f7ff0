import { sql } from 'kysely';

/**
 * The organisation's two-factor rule, written once: `org` requires it, the user is a member
 * (`role` not null) and has neither a confirmed TOTP credential nor a passkey. CASE is lazy, so
 * organisations that do not require it pay nothing.
 */
export const twoFactorMissingSql = (org: { requires: string; role: string; userId: string }) =>
  sql<boolean>`case when ${sql.ref(org.requires)} and ${sql.ref(org.role)} is not null then not (exists (select 1 from two_factor_credentials t where t.user_id = ${sql.ref(org.userId)} and t.confirmed_at is not null) or exists (select 1 from passkeys p where p.user_id = ${sql.ref(org.userId)})) else false end`;
