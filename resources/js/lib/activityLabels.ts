import { useCallback } from 'react';
import { useFormatters } from '@/hooks/useFormatters';
import { t, useT } from '@/i18n';
import * as shared from '../../../shared/describe-activity';

export { eventTone, isChange } from '../../../shared/activity-kinds';

/**
 * How the pages name activity (shared/describe-activity.ts, in the interface's language):
 * `app.activity.events.<event>`, `app.activity.subjects.<type>` and each entry's sentence, built
 * from its facts when shown.
 */
export const eventLabel = (event: string) => shared.eventLabel(t, event);
export const subjectLabel = (type: string) => shared.subjectTypeLabel(t, type);
export const subjectText = (entry: Pick<shared.DescribableEntry, 'subject_type' | 'subject_id' | 'subject_name'>) => shared.subjectText(t, entry);

/** `describe(entry)`: the entry's sentence for this reader (their language, their dates). */
export function useDescribeActivity(): (entry: shared.DescribableEntry) => string {
  const translate = useT();
  const { date } = useFormatters();
  return useCallback((entry: shared.DescribableEntry) => shared.describeActivity(entry, { t: translate, formatDate: (iso) => date(iso) }), [translate, date]);
}

/** A causer's name, or "deleted user" in the reader's language. */
export const causerName = (causer: { name: string | null }) => causer.name ?? t('app.activity.deletedUser');
/** An organisation's name, or "deleted organization" in the reader's language. */
export const organizationName = (organization: { name: string | null }) => organization.name ?? t('app.activity.deletedOrganization');
/** Fields whose logged values are machine words, and the value list that names them. */
const ENUM_FIELDS: Record<string, 'status' | 'role' | 'plan' | 'category'> = { status: 'status', role: 'role', previous_owner_role: 'role', plan: 'plan', category: 'category' };

/** A logged value of `field` as the reader says it (`inactive` → "Inaktiv"); other values as logged. */
export function fieldValueLabel(field: string, value: string): string {
  const list = ENUM_FIELDS[field];
  return list ? t(`app.activity.values.${list}`, { value }) : value;
}

/** A plan (`team`) named in the reader's language. */
export const planName = (plan: string) => t('app.activity.values.plan', { value: plan });
