export type Role = 'owner' | 'admin' | 'editor' | 'viewer';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  is_platform_admin: boolean;
  locale: string;
  timezone: string;
}

export interface CurrentOrganization {
  id: number;
  name: string;
  slug: string;
  role: Role;
}

export interface OrganizationSummary {
  id: number;
  name: string;
  slug: string;
  role: Role | null;
}

/** What the signed-in user may do in the current organisation (buttons are hidden otherwise). */
export interface Abilities {
  read: boolean;
  manageRecords: boolean;
  viewActivity: boolean;
  manageMembers: boolean;
  manageOrganization: boolean;
  manageSubscription: boolean;
  deleteOrganization: boolean;
  transferOwnership: boolean;
}

export interface FlashMessages {
  success?: string;
  error?: string;
  info?: string;
}

export interface RealtimeConfig {
  key: string;
  host: string;
  port: number;
  scheme: 'http' | 'https';
}

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

export interface SharedProps {
  appName: string;
  auth: {
    user: AuthUser | null;
    organization: CurrentOrganization | null;
    organizations: OrganizationSummary[];
    can: Abilities;
  };
  flash: FlashMessages;
  realtime: RealtimeConfig;
  [key: string]: unknown;
}

/** One activity log entry, as pages receive it and as the live `ActivityLogged` event carries it. */
export interface ActivityEntry {
  id: number;
  event: string;
  subject_type: string | null;
  subject_id: number | null;
  /** The subject's name as it was when logged (else as it is now); null when it is gone. */
  subject_name: string | null;
  description: string;
  causer: { id: number; name: string } | null;
  created_at: string;
}

/** Events on `private-organizations.{id}` (namespace App.Events). */
/** A board-user import's progress, as the page shows it and the live event carries it. */
export interface BoardUserImportProgress {
  id: number;
  status: 'pending' | 'queued' | 'running' | 'completed' | 'stopped' | 'failed';
  total_rows: number;
  processed_rows: number;
  created_count: number;
  updated_count: number;
  skipped_count: number;
  failed_count: number;
  message: string | null;
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
