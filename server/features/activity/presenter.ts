import type { ActivityProperties } from '../../db/types';
import type { Facts } from '../../../shared/activity-kinds';
import type { ActivityEntry } from '../../../shared/realtime-events';

export interface ActivityRow {
  id: number;
  event: string;
  subject_type: string | null;
  subject_id: number | null;
  /** The subject's name (as logged, else as it is now); null when unknown. */
  subject_name?: string | null;
  /** The name as logged, on a freshly written row. */
  subject_label?: string | null;
  /** Only on entries written before facts were stored that could not be read back. */
  description: string | null;
  facts: Facts | string | null;
  causer_id: number | null;
  causer_name: string | null;
  created_at: Date | string;
}

/** One activity entry as every page (dashboard, activity log) and the live `ActivityLogged` event show it. */
export function presentActivity(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    event: row.event,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    subject_name: row.subject_name ?? row.subject_label ?? null,
    facts: (typeof row.facts === 'string' ? safeJson(row.facts) : row.facts) as Facts | null,
    description: row.description,
    /** A causer whose account is gone has a null name: the page says "deleted user" in its language. */
    causer: row.causer_id === null ? null : { id: row.causer_id, name: row.causer_name },
    created_at: row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
  };
}

export type PresentedActivity = ReturnType<typeof presentActivity>;

/** Keys whose values are never shown, even if a writer logged them by mistake. */
const SECRET_KEY = /(^|[_-])(password|passwd|secret|token|hash|api_?key|credentials?)($|[_-])/i;
export const REDACTED = '[hidden]';

/** `properties` with any secret-looking value hidden, at every depth. */
export function redactProperties(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactProperties(v, depth + 1));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : redactProperties(v, depth + 1)]));
}

export interface ActivityLogRow extends ActivityRow {
  properties: ActivityProperties | string | null;
  ip: string | null;
}

/**
 * An activity-log page row: the shared entry plus what only the activity log shows (the changes
 * and the IP address; readers of this page are the organisation's admins). Never sent live:
 * the organisation channel reaches every member, whatever their role.
 */
export function presentActivityLogEntry(row: ActivityLogRow) {
  const raw = typeof row.properties === 'string' ? safeJson(row.properties) : row.properties;
  return {
    ...presentActivity(row),
    properties: (redactProperties(raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) ?? {}) as ActivityProperties,
    ip: row.ip,
  };
}

export type PresentedActivityLogEntry = ReturnType<typeof presentActivityLogEntry>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
