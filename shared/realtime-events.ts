/**
 * Every realtime event, declared once: its name and its payload (as JSON carries it), per channel
 * kind. The server's broadcast (`uow.broadcast`, `broadcaster.publish`) accepts only these names
 * with these payloads on a channel of that kind; the client's listener hooks (hooks/useRealtime.ts)
 * take their payload types from here. On the wire an event is published as `App\Events\<Name>`
 * (Echo's default namespace), so the client listens for `<Name>`.
 *
 * A new event: add it to `OrganizationEvents`, `UserEvents` or `PortalMemberEvents` below, publish it with
 * `uow.broadcast`, listen with `useOrganizationEvent` / `useLiveReload`.
 */
import type { ActivityKind, Facts } from './activity-kinds';
import type { ChannelKind, ChannelName } from './channels';
import type { Plan, Role, SubscriptionStatus } from '../server/db/types';

/** One activity log entry, as pages receive it and as the live `ActivityLogged` event carries it. */
export interface ActivityEntry {
  id: number;
  event: string;
  subject_type: string | null;
  subject_id: number | null;
  /** The subject's name as it was when logged (else as it is now); null when it is gone. */
  subject_name: string | null;
  /** What the sentence says, as values (shared/activity-kinds.ts): the page builds it in its language. */
  facts: Facts | null;
  /** Only on old entries whose facts could not be read back: their sentence as written. */
  description: string | null;
  /** `name` is null when the account is gone. */
  causer: { id: number; name: string | null } | null;
  created_at: string;
}

export type ImportStatus = 'pending' | 'queued' | 'running' | 'completed' | 'stopped' | 'failed';

/** A board-user import's progress as the live event carries it: numbers and a status; its message comes with the page, in the reader's language. */
export interface BoardUserImportProgress {
  id: number;
  status: ImportStatus;
  total_rows: number;
  processed_rows: number;
  created_count: number;
  updated_count: number;
  skipped_count: number;
  failed_count: number;
}

/** A change to a board user or an insight: its id (0 for a bulk action or an import) and what happened. */
export interface RecordChanged {
  id: number;
  action: string;
}

/** The subscription events the log records (`subscription.<event>` activity kinds). */
export type SubscriptionEvent = ActivityKind extends infer K ? (K extends `subscription.${infer E}` ? E : never) : never;

export interface SubscriptionChanged {
  id: number;
  event: SubscriptionEvent;
  plan: Plan;
  status: SubscriptionStatus;
  from_plan: Plan;
  from_status: SubscriptionStatus;
  current_period_end: string | null;
  ends_at: string | null;
  trial_ends_at: string | null;
}

/** Events on an organisation's private channel, `private-organizations.{id}`. */
export interface OrganizationEvents {
  ActivityLogged: ActivityEntry;
  BoardUserChanged: RecordChanged;
  InsightChanged: RecordChanged;
  /** Board members read or acknowledged an insight: only which one (never who, nor how many). */
  InsightReadinessChanged: { id: number };
  BoardUserImportProgress: BoardUserImportProgress;
  SubscriptionChanged: SubscriptionChanged;
}

/** Events on the signed-in user's own channel, `private-App.Models.User.{id}`. */
export interface UserEvents {
  RoleChanged: { organization: { id: number; name: string }; role: Role | null; previous_role: Role };
  /** An organisation the user belongs to was deleted by another member. */
  OrganizationDeleted: { organization: { id: number; name: string } };
  InvitationReceived: { invitation_id: number; organization: { id: number; name: string }; role: Role; expires_at: string };
}

/** Events on a board member's own channel, `private-portal-members.{id}` (portal sessions only). */
export interface PortalMemberEvents {
  /** Their access to this organisation's board ended (revoked, inactive, deleted, e-mail changed). */
  PortalAccessEnded: { organization: { id: number; name: string } };
}

/** The events of each channel kind (the presence channel carries only membership, no app events). */
export interface RealtimeEvents {
  organization: OrganizationEvents;
  user: UserEvents;
  portalMember: PortalMemberEvents;
  online: Record<never, never>;
}

export type RealtimeEventName<K extends ChannelKind = ChannelKind> = K extends ChannelKind ? keyof RealtimeEvents[K] & string : never;

/**
 * One broadcast: channels of one kind, an event of that kind and its payload. A union of every
 * allowed combination, so a wrong name, a payload of the wrong shape or an event sent on the
 * wrong kind of channel does not compile.
 */
export type RealtimeMessage = {
  [K in ChannelKind]: {
    [E in keyof RealtimeEvents[K]]: { channels: ChannelName<K>[]; event: E; data: RealtimeEvents[K][E] };
  }[keyof RealtimeEvents[K]];
}[ChannelKind];
