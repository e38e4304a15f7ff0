import { ACTIVITY_KINDS, kindOf, sentenceId, type Facts, type FactType } from './activity-kinds';

/** `t(id, values)` in the reader's language: the pages' Lingui `t` or the server's translator. */
export type Translate = (id: string, values?: Record<string, string | number | null | undefined>) => string;

export interface DescribableEntry {
  event: string;
  subject_type: string | null;
  subject_id: number | null;
  /** The subject's name as logged (else as it is now); null when unknown. */
  subject_name?: string | null;
  facts?: Facts | null;
  /** Only on entries written before facts were stored, which the migration could not read: shown as written. */
  description?: string | null;
}

export interface DescribeOptions {
  t: Translate;
  /** A date fact written for the reader (their locale and time zone). */
  formatDate: (iso: string) => string;
}

const humanise = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

function known(t: Translate, id: string, values?: Record<string, string | number>): string | null {
  const text = t(id, values);
  return text === id ? null : text;
}

export const eventLabel = (t: Translate, event: string) => known(t, `app.activity.events.${event}`) ?? humanise(event);
export const subjectTypeLabel = (t: Translate, type: string) => known(t, `app.activity.subjects.${type}`) ?? humanise(type);

/** What an entry is about: its subject's name, or "Board user #34 (deleted)" when it is gone. */
export function subjectText(t: Translate, entry: Pick<DescribableEntry, 'subject_type' | 'subject_id' | 'subject_name'>): string | null {
  if (entry.subject_name) return entry.subject_name;
  if (!entry.subject_type) return null;
  return entry.subject_id ? t('app.activity.deletedSubject', { subject: subjectTypeLabel(t, entry.subject_type), id: entry.subject_id }) : subjectTypeLabel(t, entry.subject_type);
}

function factValue(type: FactType, value: unknown, { t, formatDate }: DescribeOptions): string | number {
  switch (type) {
    case 'text':
      return typeof value === 'string' && value !== '' ? value : t('app.activity.values.unknown');
    case 'count':
      return typeof value === 'number' ? value : Number(value) || 0;
    case 'role':
    case 'plan':
      return typeof value === 'string' ? t(`app.activity.values.${type}`, { value }) : t('app.activity.values.unknown');
    case 'date':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? formatDate(value) : t('app.activity.values.unknown');
    case 'choice':
      return typeof value === 'string' ? value : 'other';
    case 'flag':
      return value === true ? 'true' : 'false';
  }
}

/**
 * The entry's sentence in the reader's language: `app.activity.sentences.<kind>` with its facts
 * (roles, plans and dates translated and written for the reader). An entry of a kind this build
 * does not know is named by its event.
 */
export function describeActivity(entry: DescribableEntry, options: DescribeOptions): string {
  if (entry.description) return entry.description;
  const kind = kindOf(entry);
  if (!kind) return eventLabel(options.t, entry.event);
  const facts = entry.facts ?? {};
  const values: Record<string, string | number> = { subject: subjectText(options.t, entry) ?? options.t('app.activity.values.unknown') };
  for (const [name, type] of Object.entries(ACTIVITY_KINDS[kind].facts) as [string, FactType][]) values[name] = factValue(type, facts[name], options);
  return options.t(sentenceId(kind), values);
}
