export interface ActivityRow {
  id: number;
  event: string;
  subject_type: string | null;
  subject_id: number | null;
  description: string;
  causer_id: number | null;
  causer_name: string | null;
  created_at: Date | string;
}

/** One activity entry as every page (dashboard, activity log) and the live `ActivityLogged` event show it. */
export function presentActivity(row: ActivityRow) {
  return {
    id: row.id,
    event: row.event,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    description: row.description,
    causer: row.causer_id === null ? null : { id: row.causer_id, name: row.causer_name ?? 'Deleted user' },
    created_at: row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
  };
}

export type PresentedActivity = ReturnType<typeof presentActivity>;
