import type { BadgeTone } from '@/Components/Badge';

/** How the activity log names events and subject types (unknown ones: "member_added" → "Member added"). */
const EVENT_LABELS: Record<string, string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  restored: 'Restored',
  shared: 'Shared',
  unshared: 'Unshared',
  member_added: 'Member added',
  member_removed: 'Member removed',
  role_changed: 'Role changed',
  signed_in: 'Signed in',
  settings_updated: 'Settings',
};

const SUBJECT_LABELS: Record<string, string> = {
  board_user: 'Board user',
  insight: 'Insight',
  member: 'Member',
  organization: 'Organization',
  subscription: 'Subscription',
  invitation: 'Invitation',
  user: 'User',
};

const humanise = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

export const eventLabel = (event: string) => EVENT_LABELS[event] ?? humanise(event);
export const subjectLabel = (type: string) => SUBJECT_LABELS[type] ?? humanise(type);

/** What an entry is about: its subject's name, or "Board user #34 (deleted)" when it is gone. */
export function subjectText(entry: { subject_type: string | null; subject_id: number | null; subject_name?: string | null }): string | null {
  if (entry.subject_name) return entry.subject_name;
  if (!entry.subject_type) return null;
  return entry.subject_id ? `${subjectLabel(entry.subject_type)} #${entry.subject_id} (deleted)` : subjectLabel(entry.subject_type);
}

/** Entries that change nothing in the organisation (the dashboard leaves them out; the server's NOT_A_CHANGE). */
const NOT_A_CHANGE = new Set(['signed_in']);
export const isChange = (entry: { event: string }) => !NOT_A_CHANGE.has(entry.event);

const TONES: [RegExp, BadgeTone][] = [
  [/^(created|restored|member_added|published|resumed|renewed|trial_started|payment_recovered|invitation_sent|imported|bulk_restored|bulk_published)$/, 'success'],
  [/^(deleted|member_removed|canceled|ended|payment_failed|invitation_revoked|bulk_deleted)$/, 'danger'],
  [/^(trial_ended|archived|past_due|ownership_transferred|bulk_archived)$/, 'warning'],
  [/^(shared|unshared)$/, 'brand'],
  [/^(updated|role_changed|settings_updated|plan_changed|invitation_resent|bulk_updated)$/, 'info'],
];

export const eventTone = (event: string): BadgeTone => TONES.find(([pattern]) => pattern.test(event))?.[1] ?? 'neutral';
