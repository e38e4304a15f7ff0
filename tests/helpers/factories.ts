import type { Insertable } from 'kysely';
import type { ActivityLog, ActivityLogsTable, BoardUser, BoardUsersTable, Insight, InsightsTable, Invitation, InvitationsTable, Role, User } from '../../server/db/types';
import { hashPassword } from '../../server/lib/passwords';
import { signSessionId, newSessionId } from '../../server/http/session';
import { randomToken, sha256 } from '../../server/lib/crypto';
import type { BoardUserValues } from '../../shared/board-user-fields';
import type { TestClient } from './client';
import type { TestApp } from './app';

export const PASSWORD = 'correct horse battery';
let hashed: Promise<string> | undefined;
let seq = 0;

export async function createUser(app: TestApp, overrides: Partial<{ name: string; email: string; verified: boolean; platformAdmin: boolean; password: string }> = {}): Promise<User> {
  seq += 1;
  const password = overrides.password ? await hashPassword(overrides.password) : await (hashed ??= hashPassword(PASSWORD));
  return app.ctx.db
    .insertInto('users')
    .values({
      name: overrides.name ?? `User ${seq}`,
      email: overrides.email ?? `user${seq}-${Math.random().toString(36).slice(2, 8)}@example.test`,
      password,
      email_verified_at: overrides.verified === false ? null : new Date(),
      is_platform_admin: overrides.platformAdmin ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createOrganization(app: TestApp, owner: User | null, overrides: Partial<{ name: string; slug: string; plan: 'free' | 'team' | 'business'; public_page_enabled: boolean }> = {}) {
  seq += 1;
  const org = await app.ctx.db
    .insertInto('organizations')
    .values({
      name: overrides.name ?? `Org ${seq}`,
      slug: overrides.slug ?? `org-${seq}-${Math.random().toString(36).slice(2, 8)}`,
      public_page_enabled: overrides.public_page_enabled ?? true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const now = app.ctx.clock.now();
  await app.ctx.db
    .insertInto('subscriptions')
    .values({
      organization_id: org.id,
      plan: overrides.plan ?? 'team',
      status: overrides.plan ? 'active' : 'trialing',
      trial_ends_at: overrides.plan ? null : new Date(now.getTime() + 14 * 86_400_000),
      current_period_start: now,
      current_period_end: new Date(now.getTime() + (overrides.plan ? 30 : 14) * 86_400_000),
    })
    .execute();
  if (owner) await addMember(app, org.id, owner, 'owner');
  return org;
}

export async function addMember(app: TestApp, organizationId: number, user: User, role: Role) {
  return app.ctx.db.insertInto('memberships').values({ organization_id: organizationId, user_id: user.id, role }).returningAll().executeTakeFirstOrThrow();
}

/**
 * Signs `client` in as `user` (optionally in `organizationId`) by creating the session row a
 * sign-in would create, like Laravel's actingAs. Tests of sign-in itself use the real form.
 */
export async function actingAs(app: TestApp, client: TestClient, user: User, organizationId?: number, extra: Record<string, unknown> = {}) {
  const id = newSessionId();
  const data: Record<string, unknown> = { ...extra };
  if (organizationId) data.organization_id = organizationId;
  await app.ctx.db
    .insertInto('sessions')
    .values({ id: sha256(id), user_id: user.id, data: JSON.stringify(data), ip: '127.0.0.1', user_agent: 'test', last_activity: app.ctx.clock.now() })
    .execute();
  const cookieName = `${app.ctx.config.APP_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_session`;
  client.cookies.set(cookieName, signSessionId(app.ctx.key, id));
  await client.prime('/');
  return client;
}

/** A user who belongs to a fresh organisation with `role`, signed in on a new client. */
/** An editor signed in to a fresh organisation on `plan` (the import and bulk-action tests' actor). */
export async function editorOfNewOrganization(app: TestApp, plan: 'free' | 'team' | 'business' = 'business') {
  const org = await createOrganization(app, null, { plan });
  const { client } = await memberClient(app, 'editor', org.id);
  return { orgId: org.id, client };
}

export async function memberClient(app: TestApp, role: Role, organizationId?: number) {
  const user = await createUser(app);
  const orgId = organizationId ?? (await createOrganization(app, null)).id;
  await addMember(app, orgId, user, role);
  const client = await actingAs(app, app.client(), user, orgId);
  return { user, organizationId: orgId, client };
}

/**
 * Row factories for what a test needs in the database but does not test the form of (issue #25):
 * a board user, an insight, an invitation, an activity entry. Only what a row cannot be without
 * has a default (a board user's names, an insight's title and category, an invitation's address,
 * token and expiry); every other column keeps the database's default unless the test names it, so
 * a test says exactly what matters to it. Tests of the forms themselves go through the HTTP routes.
 */
type Stamps = { deleted_at?: Date | null; created_at?: Date; updated_at?: Date };

/** A board user's fields (shared/board-user-fields.ts) plus the row's own dates; all optional. */
export type BoardUserOverrides = Partial<BoardUserValues> & Stamps;

/** Overrides for every row, or a function of the row's index (0-based). */
type PerRow<T> = T | ((index: number) => T);
/** `rows` rows (a count, or each row's own overrides, which win over `overrides`). */
const rowsOf = <T extends object>(rows: number | readonly T[], overrides: PerRow<T>): T[] =>
  (typeof rows === 'number' ? Array.from({ length: rows }, () => ({}) as T) : rows).map((row, i) => ({ ...(typeof overrides === 'function' ? overrides(i) : overrides), ...row }));

const boardUserRow = (organizationId: number, overrides: BoardUserOverrides): Insertable<BoardUsersTable> => {
  seq += 1;
  return { organization_id: organizationId, first_name: `First${seq}`, last_name: `Last${seq}`, ...overrides };
};

export async function createBoardUser(app: TestApp, organizationId: number, overrides: BoardUserOverrides = {}): Promise<BoardUser> {
  return app.ctx.db.insertInto('board_users').values(boardUserRow(organizationId, overrides)).returningAll().executeTakeFirstOrThrow();
}

/**
 * Many board users in one statement: `rows` is a count or the rows' own overrides; `overrides`
 * applies to each (a function gets the row's index). Returned in insertion order.
 */
export async function createBoardUsers(app: TestApp, organizationId: number, rows: number | readonly BoardUserOverrides[], overrides: PerRow<BoardUserOverrides> = {}): Promise<BoardUser[]> {
  const values = rowsOf(rows, overrides).map((row) => boardUserRow(organizationId, row));
  if (values.length === 0) return [];
  return app.ctx.db.insertInto('board_users').values(values).returningAll().execute();
}

export type InsightOverrides = Partial<Omit<Insertable<InsightsTable>, 'id' | 'organization_id' | 'author_id'>> & {
  /** Board users the insight is about (board_user_insight rows). */
  boardUserIds?: readonly number[];
};

const insightRow = (organizationId: number, authorId: number | null, { boardUserIds: _, ...overrides }: InsightOverrides): Insertable<InsightsTable> => {
  seq += 1;
  return { organization_id: organizationId, author_id: authorId, title: `Insight ${seq}`, category: 'governance', ...overrides };
};

export async function linkBoardUsers(app: TestApp, insightId: number, boardUserIds: readonly number[]) {
  if (boardUserIds.length > 0)
    await app.ctx.db
      .insertInto('board_user_insight')
      .values(boardUserIds.map((board_user_id) => ({ insight_id: insightId, board_user_id })))
      .execute();
}

/** An insight (a draft unless `status` says otherwise; `published_at` only when given), optionally linked to board users. */
export async function createInsight(app: TestApp, organizationId: number, authorId: number | null, overrides: InsightOverrides = {}): Promise<Insight> {
  const insight = await app.ctx.db
    .insertInto('insights')
    .values(insightRow(organizationId, authorId, overrides))
    .returningAll()
    .executeTakeFirstOrThrow();
  await linkBoardUsers(app, insight.id, overrides.boardUserIds ?? []);
  return insight;
}

/** Many insights in one statement, like createBoardUsers. */
export async function createInsights(
  app: TestApp,
  organizationId: number,
  authorId: number | null,
  rows: number | readonly InsightOverrides[],
  overrides: PerRow<InsightOverrides> = {},
): Promise<Insight[]> {
  const all = rowsOf(rows, overrides);
  if (all.length === 0) return [];
  const insights = await app.ctx.db
    .insertInto('insights')
    .values(all.map((row) => insightRow(organizationId, authorId, row)))
    .returningAll()
    .execute();
  for (const [i, insight] of insights.entries()) await linkBoardUsers(app, insight.id, all[i].boardUserIds ?? []);
  return insights;
}

export type InvitationOverrides = Partial<Omit<Insertable<InvitationsTable>, 'id' | 'organization_id' | 'token_hash'>> & {
  /** The token the mailed link carries; stored hashed. A random one when not given. */
  token?: string;
};

/** An open invitation (viewer, expiring in seven days on the app's clock) unless `overrides` say otherwise; `token` is the link's. */
export async function createInvitation(app: TestApp, organizationId: number, overrides: InvitationOverrides = {}): Promise<Invitation & { token: string }> {
  seq += 1;
  const { token = randomToken(32), ...columns } = overrides;
  const invitation = await app.ctx.db
    .insertInto('invitations')
    .values({
      organization_id: organizationId,
      email: `invitee${seq}-${Math.random().toString(36).slice(2, 8)}@example.test`,
      role: 'viewer',
      expires_at: new Date(app.ctx.clock.now().getTime() + 7 * 86_400_000),
      ...columns,
      token_hash: sha256(token),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...invitation, token };
}

export type ActivityLogOverrides = Partial<Omit<Insertable<ActivityLogsTable>, 'id' | 'organization_id'>>;

/**
 * Activity entries written as they are stored, for the pages that read them (the log, the
 * dashboard, history, pruning). An `updated` entry with no causer and no subject unless told.
 */
export async function createActivityLogs(
  app: TestApp,
  organizationId: number | null,
  rows: number | readonly ActivityLogOverrides[],
  overrides: PerRow<ActivityLogOverrides> = {},
): Promise<ActivityLog[]> {
  const values = rowsOf(rows, overrides).map((row) => ({ organization_id: organizationId, event: 'updated', ...row }));
  if (values.length === 0) return [];
  return app.ctx.db.insertInto('activity_logs').values(values).returningAll().execute();
}

export async function createActivityLog(app: TestApp, organizationId: number | null, overrides: ActivityLogOverrides = {}): Promise<ActivityLog> {
  const [entry] = await createActivityLogs(app, organizationId, [overrides]);
  return entry;
}
