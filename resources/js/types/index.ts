import type { Role } from '../../../server/db/types';
import type { Facts } from '../../../shared/activity-kinds';
import type { sharedProps } from '../../../server/shared-props';

export type { Role };

/** What JSON makes of a server value: Dates arrive as ISO strings. */
export type Serialized<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Serialized<U>[]
    : T extends object
      ? { [K in keyof T]: Serialized<T[K]> }
      : T;

/** Props every page receives: the type of what server/shared-props.ts builds, not a copy of it. */
export type SharedProps = Serialized<{ [K in keyof SharedSource]: Resolved<SharedSource[K]> }> & { [key: string]: unknown };
type SharedSource = ReturnType<typeof sharedProps>;
/** A lazy shared prop is a function the server calls when the page sends that prop. */
type Resolved<T> = T extends () => infer R ? Awaited<R> : T;

export type AuthUser = NonNullable<SharedProps['auth']['user']>;
/** The current organisation; `role` is null for a platform admin who is not a member. */
export type CurrentOrganization = NonNullable<SharedProps['auth']['organization']>;
export type OrganizationSummary = SharedProps['auth']['organizations'][number];
/** What the signed-in user may do in the current organisation (buttons are hidden otherwise). */
export type Abilities = SharedProps['auth']['can'];
export type FlashMessages = SharedProps['flash'];
export type RealtimeConfig = SharedProps['realtime'];

export interface Paginated<T> {
  data: T[];
  meta: {
    current_page: number;
    last_page: number;
    per_page: number;
    total: number;
    from: number | null;
    to: number | null;
  };
  links: { url: string | null; label: string; active: boolean }[];
}

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

/** Events on `private-organizations.{id}` (namespace App.Events). */
/** A board-user import's progress as the live event carries it: numbers and a status; its message comes with the page, in the reader's language. */
export interface BoardUserImportProgress {
  id: number;
  status: 'pending' | 'queued' | 'running' | 'completed' | 'stopped' | 'failed';
  total_rows: number;
  processed_rows: number;
  created_count: number;
  updated_count: number;
  skipped_count: number;
  failed_count: number;
}

export interface OrganizationEvents {
  ActivityLogged: ActivityEntry;
  BoardUserChanged: { id: number; action: string };
  InsightChanged: { id: number; action: string };
  BoardUserImportProgress: BoardUserImportProgress;
  SubscriptionChanged: Record<string, unknown>;
}

/** Events on the signed-in user's own channel, `private-App.Models.User.{id}`. */
export interface UserEvents {
  RoleChanged: { organization: { id: number; name: string }; role: Role | null; previous_role: Role };
  InvitationReceived: { invitation_id: number; organization: { id: number; name: string }; role: Role; expires_at: string };
}
