import type { ReactNode } from 'react';
import { useFormatters } from '@/hooks/useFormatters';
import { useT, type Translate } from '@/i18n';
import { fieldValueLabel } from '@/lib/activityLabels';
import { BOARD_USER_FIELD_NAMES } from '../../../../../shared/board-user-fields';
import { INSIGHT_FIELD_NAMES } from '../../../../../shared/insight-fields';
import { INVITATION_FIELDS } from '../../../../../shared/member-fields';
import { ORGANIZATION_FIELD_NAMES } from '../../../../../shared/organization-fields';

export interface ActivityProperties {
  old?: Record<string, unknown>;
  attributes?: Record<string, unknown>;
  [key: string]: unknown;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const humanise = (key: string) => key.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
/**
 * Fields the app logs, named in the reader's language (every field of the entity contracts, and
 * the facts other events record); any other key is shown humanised.
 */
export const KNOWN_FIELDS = new Set<string>([
  ...BOARD_USER_FIELD_NAMES,
  ...INSIGHT_FIELD_NAMES,
  ...ORGANIZATION_FIELD_NAMES,
  ...Object.keys(INVITATION_FIELDS),
  'status',
  'plan',
  'trial_ends_at',
  'require_two_factor',
  'locale',
  'timezone',
  'notes',
  'owner_id',
  'previous_owner_role',
  'left',
  'file',
  'rows',
]);
const fieldLabel = (t: Translate, key: string) => (KNOWN_FIELDS.has(key) ? t('organizations.activity.changes.fieldName', { field: key }) : humanise(key));
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields a change touched, in the order it logged them. */
export function changedFields(properties: ActivityProperties | null | undefined): { key: string; before: unknown; after: unknown; hasBefore: boolean; hasAfter: boolean }[] {
  const old = isRecord(properties?.old) ? properties.old : {};
  const attributes = isRecord(properties?.attributes) ? properties.attributes : {};
  const keys = [...new Set([...Object.keys(attributes), ...Object.keys(old)])];
  return keys.map((key) => ({ key, before: old[key], after: attributes[key], hasBefore: key in old, hasAfter: key in attributes }));
}

/** Anything else the entry recorded (e.g. `notes_changed: true`). */
export function extraProperties(properties: ActivityProperties | null | undefined): [string, unknown][] {
  return Object.entries(properties ?? {}).filter(([key]) => key !== 'old' && key !== 'attributes');
}

export function hasDetails(properties: ActivityProperties | null | undefined, ip: string | null | undefined): boolean {
  return changedFields(properties).length > 0 || extraProperties(properties).length > 0 || !!ip;
}

function Value({ field, value, present }: { field: string; value: unknown; present: boolean }): ReactNode {
  const { dateTime } = useFormatters();
  const t = useT();
  if (!present || value === null || value === undefined || value === '') {
    return (
      <span className="text-slate-500 dark:text-slate-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{present ? t('organizations.activity.changes.empty') : t('organizations.activity.changes.notRecorded')}</span>
      </span>
    );
  }
  if (typeof value === 'boolean') return value ? t('organizations.activity.changes.yes') : t('organizations.activity.changes.no');
  if (typeof value === 'string') return ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)) ? <time dateTime={value}>{dateTime(value)}</time> : fieldValueLabel(field, value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.length ? value.join(', ') : <span className="text-slate-500 dark:text-slate-400">{t('organizations.activity.changes.emptyList')}</span>;
  if (typeof value === 'object') return <code className="font-mono text-xs break-all">{JSON.stringify(value)}</code>;
  return String(value);
}

/** The expanded details of one entry: an old → new table of the changed fields, extras, the IP address. */
export function ActivityChanges({ id, properties, ip, description }: { id: string; properties: ActivityProperties | null | undefined; ip: string | null | undefined; description: string }) {
  const fields = changedFields(properties);
  const extras = extraProperties(properties);
  const loaded = properties !== null && properties !== undefined;
  const t = useT();
  return (
    <div id={id} className="space-y-3 text-sm">
      {!loaded ? (
        <p className="text-slate-600 dark:text-slate-400">{t('organizations.activity.changes.loading')}</p>
      ) : fields.length ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t('organizations.activity.changes.caption', { description })}</caption>
            <thead className="bg-slate-50 dark:bg-slate-800/60">
              <tr>
                <th scope="col" className="px-3 py-2 text-xs font-semibold text-slate-600 dark:text-slate-300">
                  {t('organizations.activity.changes.field')}
                </th>
                <th scope="col" className="px-3 py-2 text-xs font-semibold text-slate-600 dark:text-slate-300">
                  {t('organizations.activity.changes.before')}
                </th>
                <th scope="col" className="px-3 py-2 text-xs font-semibold text-slate-600 dark:text-slate-300">
                  {t('organizations.activity.changes.after')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {fields.map((f) => (
                <tr key={f.key}>
                  <th scope="row" className="px-3 py-2 align-top font-medium whitespace-nowrap text-slate-800 dark:text-slate-100">
                    {fieldLabel(t, f.key)}
                  </th>
                  <td className="px-3 py-2 align-top break-words text-slate-700 dark:text-slate-300">
                    <Value field={f.key} value={f.before} present={f.hasBefore} />
                  </td>
                  <td className="px-3 py-2 align-top break-words text-slate-900 dark:text-white">
                    <Value field={f.key} value={f.after} present={f.hasAfter} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-slate-600 dark:text-slate-400">{t('organizations.activity.changes.none')}</p>
      )}
      {extras.length || ip ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {extras.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-slate-600 dark:text-slate-400">{fieldLabel(t, key)}</dt>
              <dd className="break-words text-slate-900 dark:text-white">
                <Value field={key} value={value} present />
              </dd>
            </div>
          ))}
          {ip ? (
            <div className="contents">
              <dt className="text-slate-600 dark:text-slate-400">{t('organizations.activity.changes.ip')}</dt>
              <dd className="font-mono text-slate-900 dark:text-white">{ip}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </div>
  );
}
