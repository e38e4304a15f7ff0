import type { ColumnType, Generated, GeneratedAlways, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Facts } from '../../shared/activity-kinds';
import type { InsightCategory, InsightStatus } from '../../shared/insight-fields';
import type { Role } from '../../shared/member-fields';
import type { BOARD_USER_FIELDS, BoardUserField, BoardUserFieldSpec, BoardUserStatus } from '../../shared/board-user-fields';
export type { BoardUserStatus };

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | T | undefined, string | T>;

export type { Role };
export type Plan = 'free' | 'team' | 'business';
export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'ended';
export type { InsightCategory, InsightStatus };

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  email_verified_at: NullableTimestamp;
  password: string;
  is_platform_admin: Generated<boolean>;
  locale: Generated<string>;
  timezone: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: number | null;
  data: Json<Record<string, unknown>>;
  ip: string | null;
  user_agent: string | null;
  last_activity: Timestamp;
}

export interface RememberTokensTable {
  id: Generated<number>;
  user_id: number;
  selector: string;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  email: string;
  token_hash: string;
  created_at: Timestamp;
}

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string | null;
  website: string | null;
  public_page_enabled: Generated<boolean>;
  require_two_factor: Generated<boolean>;
  /** Staff see who read an insight, not only how many (the portal tells board members). */
  named_read_receipts: Generated<boolean>;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** fold_text(name), "C" collation (migration 240301). */
  sort_name: GeneratedAlways<string>;
}

export interface MembershipsTable {
  id: Generated<number>;
  organization_id: number;
  user_id: number;
  role: Role;
  last_active_at: NullableTimestamp;
  /** Set while the member has the organisation open (presence webhooks); null when offline. */
  online_since: NullableTimestamp;
  presence_changed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvitationsTable {
  id: Generated<number>;
  organization_id: number;
  email: string;
  role: Role;
  token_hash: string;
  invited_by: number | null;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ActivityProperties {
  old?: Record<string, unknown>;
  attributes?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ActivityLogsTable {
  id: Generated<number>;
  organization_id: number | null;
  causer_id: number | null;
  /** The API token that made the change (no user acting): migration 2026_11_28_000004. */
  causer_token_id: number | null;
  event: string;
  subject_type: string | null;
  subject_id: number | null;
  /** The subject's name when the entry was written ("Anna Smith", an insight's title). */
  subject_label: string | null;
  /** Only on entries written before facts were stored that the migration could not read (migration 280001). */
  description: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the entry's sentence says, as values (shared/activity-kinds.ts); the sentence is built when shown. */
  facts: Json<Facts>;
  properties: Json<ActivityProperties>;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  organization_id: number;
  plan: Plan;
  status: SubscriptionStatus;
  provider: Generated<string>;
  trial_ends_at: NullableTimestamp;
  current_period_start: NullableTimestamp;
  current_period_end: NullableTimestamp;
  canceled_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubscriptionEventsTable {
  id: Generated<number>;
  subscription_id: number;
  organization_id: number;
  event: string;
  from_plan: Plan | null;
  to_plan: Plan | null;
  from_status: SubscriptionStatus | null;
  to_status: SubscriptionStatus | null;
  amount_cents: Generated<number>;
  currency: Generated<string>;
  actor_id: number | null;
  /** The billing provider's reference of the charge (migration 300001). */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** A board-user field's column, from its kind in shared/board-user-fields.ts (a new field needs no line here). */
type BoardUserColumn<S extends BoardUserFieldSpec> = S['kind'] extends 'status'
  ? Generated<BoardUserStatus>
  : S['kind'] extends 'tags'
    ? ColumnType<string[], string[] | undefined, string[]>
    : S['kind'] extends 'date'
      ? ColumnType<string | null, string | null | undefined, string | null>
      : S extends { required: true }
        ? string
        : string | null;
type BoardUserColumns = { [K in BoardUserField]: BoardUserColumn<(typeof BOARD_USER_FIELDS)[K]> };

export interface BoardUsersTable extends BoardUserColumns {
  id: Generated<number>;
  organization_id: number;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** fold_text(last name) \x01 fold_text(first name), "C" collation: the name order (migration 240301). */
  sort_name: GeneratedAlways<string>;
  /** Names both ways, e-mail, board and tags, folded: what the list's search matches (migration 240301). */
  search_text: GeneratedAlways<string>;
  /** The tags in lower case, GIN-indexed: what the tag filter matches (migration 240301). */
  tag_keys: GeneratedAlways<string[]>;
}

export interface InsightsTable {
  id: Generated<number>;
  organization_id: number;
  author_id: number | null;
  title: string;
  summary: string | null;
  body: Generated<string>;
  category: InsightCategory;
  status: Generated<InsightStatus>;
  published_at: NullableTimestamp;
  share_token: string | null;
  shared_at: NullableTimestamp;
  view_count: Generated<number>;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BoardUserInsightTable {
  insight_id: number;
  board_user_id: number;
}

import type { PortalDelivery } from '../../shared/portal';
import type { ApiAbility } from '../../shared/api-abilities';
export type { PortalDelivery };

/** One board member's identity: one per e-mail address, across organisations. */
export interface PortalMembersTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  locale: Generated<string>;
  delivery: Generated<PortalDelivery>;
  last_signed_in_at: NullableTimestamp;
  digest_sent_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A board-user record a portal member may act as; no row: no access. */
export interface BoardUserPortalAccessTable {
  board_user_id: number;
  organization_id: number;
  portal_member_id: number;
  granted_by: number | null;
  granted_at: Timestamp;
  activated_at: NullableTimestamp;
  last_seen_at: NullableTimestamp;
}

export interface PortalLoginLinksTable {
  id: Generated<number>;
  portal_member_id: number;
  organization_id: number | null;
  token_hash: string;
  browser_hash: string | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PortalPasskeysTable {
  id: Generated<number>;
  portal_member_id: number;
  name: string;
  credential_id: string;
  public_key: string;
  counter: ColumnType<string | number | bigint, number | undefined, number>;
  transports: Json<string[]>;
  last_used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface InsightReceiptsTable {
  insight_id: number;
  board_user_id: number;
  organization_id: number;
  read_at: Timestamp;
  acknowledged_at: NullableTimestamp;
}

export interface PortalNotificationsTable {
  id: Generated<number>;
  portal_member_id: number;
  board_user_id: number;
  insight_id: number;
  organization_id: number;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

export interface ApiTokensTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  token_hash: string;
  hint: string;
  abilities: Json<ApiAbility[]>;
  expires_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  last_used_ip: string | null;
  created_by: number | null;
  created_by_name: string | null;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  organization_id: number;
  url: string;
  description: string | null;
  events: Json<string[]>;
  /** Sealed under APP_KEY (lib/encryption.ts). */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: NullableTimestamp;
  enabled: Generated<boolean>;
  disabled_reason: string | null;
  failing_since: NullableTimestamp;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  endpoint_id: number;
  organization_id: number;
  message_id: string;
  event_type: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<'pending' | 'succeeded' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  attempted_at: Timestamp;
  response_status: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string | null;
}

export interface InsightViewsTable {
  insight_id: number;
  visitor_hash: string;
  viewed_at: Timestamp;
}

export interface TwoFactorCredentialsTable {
  user_id: number;
  secret: string;
  confirmed_at: NullableTimestamp;
  last_used_step: number | null;
  created_at: Timestamp;
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: NullableTimestamp;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  credential_id: string;
  public_key: string;
  /** bigint: read it through Number(). */
  counter: ColumnType<string | number | bigint, number | undefined, number>;
  transports: Json<string[]>;
  last_used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface KnownDevicesTable {
  id: Generated<number>;
  user_id: number;
  device_hash: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  remember_tokens: RememberTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  activity_logs: ActivityLogsTable;
  subscriptions: SubscriptionsTable;
  subscription_events: SubscriptionEventsTable;
  board_users: BoardUsersTable;
  insights: InsightsTable;
  board_user_insight: BoardUserInsightTable;
  insight_views: InsightViewsTable;
  two_factor_credentials: TwoFactorCredentialsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  passkeys: PasskeysTable;
  known_devices: KnownDevicesTable;
  portal_members: PortalMembersTable;
  api_tokens: ApiTokensTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  board_user_portal_access: BoardUserPortalAccessTable;
  portal_login_links: PortalLoginLinksTable;
  portal_passkeys: PortalPasskeysTable;
  insight_receipts: InsightReceiptsTable;
  portal_notifications: PortalNotificationsTable;
  mail_outbox: MailOutboxTable;
  demo_seed: DemoSeedTable;
}

/** The demo seed's sign-ins, one row (server/db/seed.ts): printed again on every start. */
export interface DemoSeedTable {
  id: number;
  password: string;
  password_hash: string;
  organization_name: string;
  organization_slug: string;
  created_at: Generated<Date>;
}

/** A queued mail (server/mail/queue.ts): pending until sent_at, or failed_at after the last attempt. */
export interface MailOutboxTable {
  id: Generated<number>;
  message: Json<{ to: string; subject: string; text: string; html: string }>;
  attempts: Generated<number>;
  available_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  sent_at: NullableTimestamp;
  failed_at: NullableTimestamp;
  created_at: Timestamp;
}

/** What every repository takes first: the database or an open transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Organization = Selectable<OrganizationsTable>;
export type Membership = Selectable<MembershipsTable>;
export type Invitation = Selectable<InvitationsTable>;
export type ActivityLog = Selectable<ActivityLogsTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type SubscriptionEvent = Selectable<SubscriptionEventsTable>;
export type BoardUser = Selectable<BoardUsersTable>;
export type Insight = Selectable<InsightsTable>;
export type PortalMember = Selectable<PortalMembersTable>;
