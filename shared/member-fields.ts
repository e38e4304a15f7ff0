/**
 * Members and invitations, declared once (issue #25): the roles in order of power, and the fields
 * an invitation and a membership edit. The server's validation (server/features/invitations/schema.ts,
 * users/schema.ts), the policy's role list (server/tenancy/policy.ts), the database's `Role` type
 * and the pages' forms derive from here.
 */
export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export interface MemberFieldSpec {
  kind: 'email' | 'role';
  /** Its name in validation messages: `validation.attributes.<attribute>`. */
  attribute: string;
  max?: number;
  required: true;
}

/** Inviting someone: their address and the role they will have. */
export const INVITATION_FIELDS = {
  email: { kind: 'email', attribute: 'email', max: 255, required: true },
  role: { kind: 'role', attribute: 'role', required: true },
} as const satisfies Record<string, MemberFieldSpec>;

/** Changing a member: their role (the rest is theirs to edit in their profile). */
export const MEMBERSHIP_FIELDS = {
  role: INVITATION_FIELDS.role,
} as const satisfies Record<string, MemberFieldSpec>;

export type InvitationField = keyof typeof INVITATION_FIELDS;
export type MembershipField = keyof typeof MEMBERSHIP_FIELDS;

type FormValues<F extends Record<string, MemberFieldSpec>> = { [K in keyof F]: F[K]['kind'] extends 'role' ? Role : string };
export type InvitationFormValues = FormValues<typeof INVITATION_FIELDS>;
export type MembershipFormValues = FormValues<typeof MEMBERSHIP_FIELDS>;
