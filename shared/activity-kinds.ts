/**
 * Every kind of activity entry, declared once: its subject type and event (the columns the log
 * filters on), the facts it stores and the tone of its badge. An entry stores facts, never a
 * sentence: `describeActivity` (shared/describe-activity.ts) builds the sentence in the reader's
 * language from the message `app.activity.sentences.<subject>.<event>`, and a test checks that
 * every kind has that message in every language, using only the facts declared here.
 */

/** How a fact is stored and shown. */
export type FactType =
  /** A name, an e-mail, a file name as it was: shown as written. */
  | 'text'
  /** A number of things: ICU plurals. */
  | 'count'
  /** An organisation role (`owner` …): translated. */
  | 'role'
  /** A plan id (`free` …): translated. */
  | 'plan'
  /** An ISO date or instant: written in the reader's locale. */
  | 'date'
  /** A machine word the sentence selects on (`language`, `canceled` …). */
  | 'choice'
  /** Yes or no: the sentence selects on `true` / `false`. */
  | 'flag';

export type BadgeTone = 'success' | 'danger' | 'warning' | 'brand' | 'info' | 'neutral';

interface KindDefinition {
  facts: Readonly<Record<string, FactType>>;
  tone: BadgeTone;
  /** False for entries that change nothing in the organisation (the dashboard leaves them out). */
  change?: false;
}

const none = {} as const;
const subscriptionFacts = { plan: 'plan', to: 'plan', until: 'date', days: 'count', reason: 'text', cause: 'choice' } as const;
const bulkFacts = { count: 'count', status: 'choice', tag: 'text' } as const;

export const ACTIVITY_KINDS = {
  'user.signed_in': { facts: none, tone: 'neutral', change: false },
  'user.updated': { facts: none, tone: 'info' },
  'user.password_changed': { facts: none, tone: 'info' },
  'user.password_reset': { facts: none, tone: 'info' },
  'user.passkey_added': { facts: { passkey: 'text' }, tone: 'success' },
  'user.passkey_renamed': { facts: { passkey: 'text' }, tone: 'info' },
  'user.passkey_removed': { facts: { passkey: 'text' }, tone: 'danger' },
  'user.settings_updated': { facts: { settings: 'choice' }, tone: 'info' },
  'user.two_factor_enabled': { facts: none, tone: 'success' },
  'user.two_factor_disabled': { facts: none, tone: 'warning' },
  'user.recovery_codes_regenerated': { facts: none, tone: 'info' },
  'user.recovery_code_used': { facts: none, tone: 'warning' },
  'user.browser_session_ended': { facts: { browser: 'text', platform: 'text', ip: 'text' }, tone: 'neutral' },
  'user.other_browser_sessions_ended': { facts: { count: 'count' }, tone: 'neutral' },
  'user.role_changed': { facts: { member: 'text', from: 'role', to: 'role' }, tone: 'info' },
  'user.member_added': { facts: { organization: 'text', role: 'role' }, tone: 'success' },
  'user.member_removed': { facts: { member: 'text', organization: 'text' }, tone: 'danger' },
  'user.member_left': { facts: { organization: 'text' }, tone: 'danger' },
  'user.ownership_transferred': { facts: { organization: 'text', member: 'text' }, tone: 'warning' },
  'organization.created': { facts: none, tone: 'success' },
  'organization.updated': { facts: none, tone: 'info' },
  'organization.deleted': { facts: none, tone: 'danger' },
  'organization.public_page_turned_on': { facts: none, tone: 'brand' },
  'organization.public_page_turned_off': { facts: none, tone: 'brand' },
  'organization.two_factor_required': { facts: none, tone: 'info' },
  'organization.two_factor_no_longer_required': { facts: none, tone: 'warning' },
  'organization.read_receipts_changed': { facts: { on: 'flag' }, tone: 'info' },
  'api_token.created': { facts: { token: 'text', abilities: 'count' }, tone: 'success' },
  'api_token.revoked': { facts: { token: 'text' }, tone: 'danger' },
  'subscription.trial_started': { facts: subscriptionFacts, tone: 'success' },
  'subscription.plan_changed': { facts: subscriptionFacts, tone: 'info' },
  'subscription.canceled': { facts: subscriptionFacts, tone: 'danger' },
  'subscription.resumed': { facts: subscriptionFacts, tone: 'success' },
  'subscription.trial_ended': { facts: subscriptionFacts, tone: 'warning' },
  'subscription.ended': { facts: subscriptionFacts, tone: 'danger' },
  'subscription.payment_failed': { facts: subscriptionFacts, tone: 'danger' },
  'subscription.payment_recovered': { facts: subscriptionFacts, tone: 'success' },
  'subscription.renewed': { facts: subscriptionFacts, tone: 'success' },
  'invitation.invitation_sent': { facts: { email: 'text', role: 'role' }, tone: 'success' },
  'invitation.invitation_resent': { facts: { email: 'text' }, tone: 'info' },
  'invitation.invitation_revoked': { facts: { email: 'text' }, tone: 'danger' },
  'board_user_import.imported': { facts: { file: 'text', created: 'count', updated: 'count', skipped: 'count', failed: 'count', stopped: 'flag' }, tone: 'success' },
  'board_user.created': { facts: none, tone: 'success' },
  'board_user.updated': { facts: none, tone: 'info' },
  'board_user.deleted': { facts: none, tone: 'danger' },
  'board_user.restored': { facts: none, tone: 'success' },
  'board_user.bulk_updated': { facts: { ...bulkFacts, action: 'choice' }, tone: 'info' },
  'board_user.bulk_deleted': { facts: bulkFacts, tone: 'danger' },
  'board_user.bulk_restored': { facts: bulkFacts, tone: 'success' },
  'board_user.portal_access_granted': { facts: none, tone: 'success' },
  'board_user.portal_access_revoked': { facts: none, tone: 'danger' },
  'board_user.portal_access_ended': { facts: { reason: 'choice' }, tone: 'warning' },
  'board_user.portal_signed_in': { facts: { method: 'choice' }, tone: 'neutral', change: false },
  'insight.created': { facts: none, tone: 'success' },
  'insight.updated': { facts: none, tone: 'info' },
  'insight.deleted': { facts: none, tone: 'danger' },
  'insight.restored': { facts: none, tone: 'success' },
  'insight.published': { facts: none, tone: 'success' },
  'insight.archived': { facts: none, tone: 'warning' },
  'insight.shared': { facts: { renewed: 'flag' }, tone: 'brand' },
  'insight.unshared': { facts: none, tone: 'brand' },
  'insight.bulk_published': { facts: { count: 'count' }, tone: 'success' },
  'insight.bulk_archived': { facts: { count: 'count' }, tone: 'warning' },
  'insight.bulk_deleted': { facts: { count: 'count' }, tone: 'danger' },
  'insight.bulk_restored': { facts: { count: 'count' }, tone: 'success' },
  'webhook.created': { facts: none, tone: 'success' },
  'webhook.updated': { facts: none, tone: 'info' },
  'webhook.deleted': { facts: none, tone: 'danger' },
  'webhook.secret_rotated': { facts: none, tone: 'warning' },
  'webhook.disabled_failing': { facts: { days: 'count' }, tone: 'danger' },
} as const satisfies Record<string, KindDefinition>;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export type SubjectType = ActivityKind extends `${infer S}.${string}` ? S : never;

interface FactValues {
  text: string | null;
  count: number;
  role: string;
  plan: string;
  date: string | null;
  choice: string;
  flag: boolean;
}

type Definition<K extends ActivityKind> = (typeof ACTIVITY_KINDS)[K];
/** The facts a kind stores, typed: a writer that forgets one does not compile. Subscription and bulk facts are optional (each event uses some). */
export type FactsOf<K extends ActivityKind> = K extends `subscription.${string}` | `board_user.bulk_${string}`
  ? { -readonly [F in keyof Definition<K>['facts']]?: ValueOf<Definition<K>['facts'][F]> }
  : { -readonly [F in keyof Definition<K>['facts']]: ValueOf<Definition<K>['facts'][F]> };
type ValueOf<T> = T extends keyof FactValues ? FactValues[T] : never;

export type Facts = Record<string, string | number | boolean | null>;

export const isActivityKind = (value: string): value is ActivityKind => Object.hasOwn(ACTIVITY_KINDS, value);

export const kindOf = (entry: { subject_type: string | null; event: string }): ActivityKind | null => {
  const kind = `${entry.subject_type ?? ''}.${entry.event}`;
  return isActivityKind(kind) ? kind : null;
};

/** The columns a kind is stored as. */
export function splitKind(kind: ActivityKind): { subject_type: string; event: string } {
  const dot = kind.indexOf('.');
  return { subject_type: kind.slice(0, dot), event: kind.slice(dot + 1) };
}

export const sentenceId = (kind: ActivityKind) => `app.activity.sentences.${kind}`;

/** Every event name, for the log's filter and its labels. */
export const ACTIVITY_EVENTS = [...new Set(Object.keys(ACTIVITY_KINDS).map((k) => splitKind(k as ActivityKind).event))].sort();

export function eventTone(event: string): BadgeTone {
  const kind = (Object.keys(ACTIVITY_KINDS) as ActivityKind[]).find((k) => splitKind(k).event === event);
  return kind ? ACTIVITY_KINDS[kind].tone : 'neutral';
}

export const isChange = (entry: { subject_type: string | null; event: string }) => {
  const kind = kindOf(entry);
  return !kind || !('change' in ACTIVITY_KINDS[kind]);
};
