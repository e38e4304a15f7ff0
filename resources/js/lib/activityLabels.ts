import type { BadgeTone } from '@/Components/Badge';
import { i18n, t } from '@/i18n';

/**
 * How the activity log names events and subject types: `app.activity.events.<event>` and
 * `app.activity.subjects.<type>` in the interface's language, read when shown; an event the
 * catalogs do not know yet is spelled out from its name ("member_added" → "Member added").
 */
const humanise = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

function known(id: string): string | null {
  const text = i18n._(id);
  return text === id ? null : text;
}

export const eventLabel = (event: string) => known(`app.activity.events.${event}`) ?? humanise(event);
export const subjectLabel = (type: string) => known(`app.activity.subjects.${type}`) ?? humanise(type);

/** What an entry is about: its subject's name, or "Board user #34 (deleted)" when it is gone. */
export function subjectText(entry: { subject_type: string | null; subject_id: number | null; subject_name?: string | null }): string | null {
  if (entry.subject_name) return entry.subject_name;
  if (!entry.subject_type) return null;
  return entry.subject_id ? t('app.activity.deletedSubject', { subject: subjectLabel(entry.subject_type), id: entry.subject_id }) : subjectLabel(entry.subject_type);
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
