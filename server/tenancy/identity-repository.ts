import { sql, type CompiledQuery, type InferResult } from 'kysely';
import { prepareStatement } from '../db/postgres-pool';
import type { Db, Role, User } from '../db/types';
import { organizationSeenBy, type OrganizationSeenRow } from './repository';

export interface SwitcherOrganization {
  id: number;
  name: string;
  slug: string;
  role: Role;
}

export interface SessionWithIdentity {
  data: Record<string, unknown>;
  user_id: number | null;
  last_activity: Date;
  /** The session's user (null when the session has none). */
  user: User | null;
  /** The organisation named by the session's `organization_id` as its user sees it, unless it is deleted or absent. */
  organization: OrganizationSeenRow | null;
  /** The user's organisations, by name (only when asked for). */
  organizations?: SwitcherOrganization[];
}

/** `data.organization_id` as an integer key, or null for anything else (never a cast error). */
const sessionOrganizationId = sql<
  number | null
>`case when jsonb_typeof(s.data -> 'organization_id') = 'number' and (s.data ->> 'organization_id') ~ '^[0-9]{1,9}$' then (s.data ->> 'organization_id')::int end`;

function identityQuery(db: Db, withOrganizations: boolean, hashedId: string) {
  return db
    .selectFrom('sessions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoinLateral(organizationSeenBy(db, sql.ref<number | null>('s.user_id'), sessionOrganizationId).as('o'), (j) => j.onTrue())
    .select([
      's.data',
      's.user_id',
      's.last_activity',
      'u.id as u_id',
      'u.name as u_name',
      'u.email as u_email',
      'u.email_verified_at as u_email_verified_at',
      'u.password as u_password',
      'u.is_platform_admin as u_is_platform_admin',
      'u.locale as u_locale',
      'u.timezone as u_timezone',
      'u.created_at as u_created_at',
      'u.updated_at as u_updated_at',
      'o.id as o_id',
      'o.name as o_name',
      'o.slug as o_slug',
      'o.public_page_enabled as o_public_page_enabled',
      'o.role as o_role',
      'o.two_factor_missing as o_two_factor_missing',
    ])
    .$if(withOrganizations, (q) =>
      q.select(
        sql<
          SwitcherOrganization[]
        >`(select coalesce(json_agg(json_build_object('id', so.id, 'name', so.name, 'slug', so.slug, 'role', sm.role) order by so.sort_name, so.id), '[]'::json) from memberships sm join organizations so on so.id = sm.organization_id where sm.user_id = s.user_id and so.deleted_at is null)`.as(
          'switcher_organizations',
        ),
      ),
    )
    .where('s.id', '=', hashedId);
}

type IdentityRow = InferResult<ReturnType<typeof identityQuery>>[number] & { switcher_organizations?: SwitcherOrganization[] | string };

/**
 * The query runs on every signed-in request, always the same but for the session id: it is
 * compiled once per database handle and variant, and then only its parameter changes.
 */
const compiled = new WeakMap<Db, Map<boolean, CompiledQuery<IdentityRow>>>();

function compiledIdentityQuery(db: Db, withOrganizations: boolean, hashedId: string): CompiledQuery<IdentityRow> {
  let variants = compiled.get(db);
  if (!variants) compiled.set(db, (variants = new Map()));
  let query = variants.get(withOrganizations);
  if (!query) {
    query = identityQuery(db, withOrganizations, hashedId).compile() as CompiledQuery<IdentityRow>;
    if (query.parameters.length !== 1 || query.parameters[0] !== hashedId) return query; // not reusable: never cached
    variants.set(withOrganizations, query);
    // Fixed text, one parameter: PostgreSQL parses and plans it once per connection.
    prepareStatement(query.sql);
  }
  return { ...query, parameters: [hashedId] };
}

/**
 * One round trip for everything a signed-in request needs before its handler: the session row,
 * its user, the session's current organisation with the user's membership there, and (for
 * page visits that show the switcher) the user's organisations. Nothing is cached, so nothing
 * can go stale: sign-out, role changes, removals and other nodes' writes show on the next request.
 */
export async function findSessionWithIdentity(db: Db, hashedId: string, withOrganizations: boolean): Promise<SessionWithIdentity | undefined> {
  const row = (await db.executeQuery(compiledIdentityQuery(db, withOrganizations, hashedId))).rows[0];
  if (!row) return undefined;
  const user: User | null =
    row.u_id === null || row.u_id === undefined
      ? null
      : {
          id: row.u_id,
          name: row.u_name!,
          email: row.u_email!,
          email_verified_at: row.u_email_verified_at ?? null,
          password: row.u_password!,
          is_platform_admin: row.u_is_platform_admin!,
          locale: row.u_locale!,
          timezone: row.u_timezone!,
          created_at: row.u_created_at!,
          updated_at: row.u_updated_at!,
        };
  const organization: OrganizationSeenRow | null =
    row.o_id === null || row.o_id === undefined
      ? null
      : { id: row.o_id, name: row.o_name!, slug: row.o_slug!, public_page_enabled: row.o_public_page_enabled!, role: row.o_role ?? null, two_factor_missing: row.o_two_factor_missing ?? null };
  const organizations = row.switcher_organizations;
  return {
    data: row.data ?? {},
    user_id: row.user_id,
    last_activity: row.last_activity,
    user,
    organization,
    ...(organizations === undefined ? {} : { organizations: typeof organizations === 'string' ? JSON.parse(organizations) : organizations }),
  };
}
