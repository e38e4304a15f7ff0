import type { Role } from '@/types';

export interface MemberRow {
  id: number;
  name: string;
  email: string;
  role: Role;
  last_active_at: string | null;
  /** Set while the member has the organization open (from the realtime server). */
  online_since: string | null;
  joined_at: string;
}

export interface Member extends MemberRow {
  membership_id: number;
  email_verified_at: string | null;
  /** The membership's version, carried by the role form (optimistic concurrency). */
  version: string;
}

export interface PendingInvitation {
  id: number;
  email: string;
  role: Role;
  invited_by: string | null;
  expires_at: string;
  expired: boolean;
  sent_at: string;
}

export interface MemberUsage {
  plan: 'free' | 'team' | 'business';
  plan_name: string;
  /** null: unlimited. */
  limit: number | null;
  members: number;
  pending: number;
}

export interface MemberAbilities {
  update: boolean;
  remove: boolean;
  /** Roles the signed-in user may give. */
  roles: Role[];
}
