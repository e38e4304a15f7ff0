import type { Db } from '../../db/types';
import { scoped, scopedUpdate } from '../../tenancy/repository';
import { filtered, withRowColumns } from './repository';

type Filters = Parameters<typeof filtered>[2];
const update = (db: Db, organizationId: number) => scopedUpdate(db, organizationId, 'insights');

type Selection = { all: boolean; ids: number[]; filters: Filters };

/** The selection as a query: everything the filters find, or the ticked ids of this organisation (a foreign id is simply not among them). */
const selected = (db: Db, organizationId: number, selection: Selection) =>
  selection.all ? filtered(db, organizationId, selection.filters) : scoped(db, organizationId, 'insights').where('insights.id', 'in', selection.ids);

/** The selected insights of this organisation, locked. */
export async function lockSelected(db: Db, organizationId: number, selection: Selection): Promise<number[]> {
  const query = selected(db, organizationId, selection);
  return (await query.select('insights.id').orderBy('insights.id').forUpdate().execute()).map((r) => r.id);
}

const ids = async (rows: Promise<{ id: number }[]>) => (await rows).map((r) => r.id);

/** Live insights not yet published; the first publication date is kept. */
export const publish = (db: Db, organizationId: number, selected: number[], now: Date) =>
  ids(
    update(db, organizationId)
      .set((eb) => ({ status: 'published', published_at: eb.fn.coalesce('insights.published_at', eb.val(now)), updated_at: now }))
      .where('insights.id', 'in', selected)
      .where('insights.deleted_at', 'is', null)
      .where('insights.status', '!=', 'published')
      .returning('insights.id')
      .execute(),
  );

/** Archived insights are not public: their links go. */
export const archive = (db: Db, organizationId: number, selected: number[], now: Date) =>
  ids(
    update(db, organizationId)
      .set({ status: 'archived', share_token: null, shared_at: null, updated_at: now })
      .where('insights.id', 'in', selected)
      .where('insights.deleted_at', 'is', null)
      .where('insights.status', '!=', 'archived')
      .returning('insights.id')
      .execute(),
  );

/** A deleted insight is never public: its link goes with it. */
export const softDelete = (db: Db, organizationId: number, selected: number[], now: Date) =>
  ids(
    update(db, organizationId)
      .set({ deleted_at: now, share_token: null, shared_at: null, updated_at: now })
      .where('insights.id', 'in', selected)
      .where('insights.deleted_at', 'is', null)
      .returning('insights.id')
      .execute(),
  );

export const trashedAmong = async (db: Db, organizationId: number, selected: number[]) =>
  (await scoped(db, organizationId, 'insights').select('insights.id').where('insights.id', 'in', selected).where('insights.deleted_at', 'is not', null).execute()).map((r) => r.id);

export const restore = (db: Db, organizationId: number, selected: number[], now: Date) =>
  ids(update(db, organizationId).set({ deleted_at: null, updated_at: now }).where('insights.id', 'in', selected).where('insights.deleted_at', 'is not', null).returning('insights.id').execute());

export async function countOwn(db: Db, organizationId: number, selected: number[]): Promise<number> {
  if (!selected.length) return 0;
  return (await scoped(db, organizationId, 'insights').select('insights.id').where('insights.id', 'in', selected).execute()).length;
}

export interface InsightExportRow {
  id: number;
  title: string;
  summary: string | null;
  category: string;
  status: string;
  published_at: Date | null;
  view_count: number;
  shared: boolean;
  author_name: string | null;
  updated_at: Date;
  deleted_at: Date | null;
}

/** The selection for the export, in keyset batches by id (memory stays flat). */
export async function* exportRows(db: Db, organizationId: number, selection: Selection, batchSize = 500): AsyncGenerator<InsightExportRow> {
  let after = 0;
  for (;;) {
    const rows = await withRowColumns(selected(db, organizationId, selection))
      .where('insights.id', '>', after)
      .orderBy('insights.id')
      .limit(batchSize)
      .execute();
    yield* rows as InsightExportRow[];
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1].id;
  }
}
