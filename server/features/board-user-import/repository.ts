import { sql } from 'kysely';
import { BOARD_USER_FIELD_NAMES, type BoardUserField } from '../../../shared/board-user-fields';
import type { BoardUser, Db } from '../../db/types';
import { scoped, scopedUpdate } from '../../tenancy/repository';
import { messageFromColumn, messageToColumn } from '../../i18n/message';
import type { BoardUserInput } from '../board-users/schema';
import type { BoardUserImport, BoardUserImportsTable } from './tables';
import type { Insertable, Updateable } from 'kysely';

/** Every column but the file (large, read only by the runner). */
const COLUMNS = [
  'id',
  'organization_id',
  'user_id',
  'filename',
  'encoding',
  'delimiter',
  'headers',
  'mapping',
  'duplicates',
  'status',
  'total_rows',
  'processed_rows',
  'created_count',
  'updated_count',
  'skipped_count',
  'failed_count',
  'message',
  'finished_at',
  'created_at',
  'updated_at',
] as const;
export type ImportRow = Omit<BoardUserImport, 'file'>;

export function insertImport(db: Db, values: Omit<Insertable<BoardUserImportsTable>, 'headers' | 'mapping'> & { headers: string[]; mapping: string[] }) {
  return db
    .insertInto('board_user_imports')
    .values({ ...values, headers: JSON.stringify(values.headers), mapping: JSON.stringify(values.mapping) })
    .returning([...COLUMNS])
    .executeTakeFirstOrThrow() as Promise<ImportRow>;
}

/** An import of this organisation (another organisation's is not found). */
export function findImport(db: Db, organizationId: number, id: number) {
  return scoped(db, organizationId, 'board_user_imports')
    .select([...COLUMNS])
    .where('board_user_imports.id', '=', id)
    .executeTakeFirst() as Promise<ImportRow | undefined>;
}

/** Row lock: one writer at a time (the mapping form, the start button and the runner). */
export function lockImport(db: Db, organizationId: number, id: number) {
  return scoped(db, organizationId, 'board_user_imports')
    .select([...COLUMNS])
    .where('board_user_imports.id', '=', id)
    .forUpdate()
    .executeTakeFirst() as Promise<ImportRow | undefined>;
}

export async function importFile(db: Db, organizationId: number, id: number): Promise<Uint8Array | null> {
  const row = await scoped(db, organizationId, 'board_user_imports').select('file').where('board_user_imports.id', '=', id).executeTakeFirst();
  return row?.file ?? null;
}

export function updateImport(db: Db, organizationId: number, id: number, values: Omit<Updateable<BoardUserImportsTable>, 'mapping'> & { mapping?: string[] }, now: Date) {
  const { mapping, ...rest } = values;
  return scopedUpdate(db, organizationId, 'board_user_imports')
    .set({ ...rest, ...(mapping ? { mapping: JSON.stringify(mapping) } : {}), updated_at: now })
    .where('board_user_imports.id', '=', id)
    .returning([...COLUMNS])
    .executeTakeFirstOrThrow() as Promise<ImportRow>;
}

export function recentImports(db: Db, organizationId: number, limit = 10) {
  return scoped(db, organizationId, 'board_user_imports')
    .leftJoin('users', 'users.id', 'board_user_imports.user_id')
    .select([
      'board_user_imports.id',
      'filename',
      'status',
      'total_rows',
      'processed_rows',
      'created_count',
      'updated_count',
      'skipped_count',
      'failed_count',
      'board_user_imports.created_at',
      'users.name as user_name',
    ])
    .orderBy('board_user_imports.created_at', 'desc')
    .orderBy('board_user_imports.id', 'desc')
    .limit(limit)
    .execute();
}

/** Imports a stopped server left queued or running (each carries on where its last batch ended). */
export function unfinishedImports(db: Db) {
  return db.selectFrom('board_user_imports').select(['id', 'organization_id', 'user_id']).where('status', 'in', ['queued', 'running']).orderBy('id').execute();
}

export async function insertFailures(db: Db, importId: number, rows: { line: number; cells: string[]; error: string }[]) {
  if (!rows.length) return;
  await db
    .insertInto('board_user_import_failures')
    .values(rows.map((r) => ({ import_id: importId, line: r.line, cells: JSON.stringify(r.cells), error: messageToColumn(r.error) })))
    .execute();
}

/** The failed rows in file order, read in keyset batches (memory stays flat). */
export async function* failures(db: Db, importId: number, batchSize = 500): AsyncGenerator<{ line: number; cells: string[]; error: string }> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('board_user_import_failures')
      .select(['id', 'line', 'cells', 'error'])
      .where('import_id', '=', importId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    for (const row of rows) yield { ...row, error: messageFromColumn(row.error) };
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1].id;
  }
}

export type ExistingBoardUser = Pick<BoardUser, 'id' | BoardUserField>;

/** The organisation's board users (trashed ones too) with these e-mails, by lower-case e-mail. */
export async function boardUsersByEmail(db: Db, organizationId: number, emails: string[]): Promise<Map<string, ExistingBoardUser>> {
  if (!emails.length) return new Map();
  const rows = await scoped(db, organizationId, 'board_users')
    .select(['id', ...BOARD_USER_FIELD_NAMES])
    .where(
      sql`lower(board_users.email)`,
      'in',
      emails.map((e) => e.toLowerCase()),
    )
    .execute();
  return new Map(rows.map((r) => [r.email!.toLowerCase(), r]));
}

/** Many new board users in one statement. */
export async function insertBoardUsers(db: Db, organizationId: number, inputs: BoardUserInput[], now: Date): Promise<number> {
  if (!inputs.length) return 0;
  const rows = await db
    .insertInto('board_users')
    .values(inputs.map((input) => ({ organization_id: organizationId, ...input, created_at: now, updated_at: now })))
    .returning('id')
    .execute();
  return rows.length;
}

export async function updateBoardUserFields(db: Db, organizationId: number, id: number, values: Partial<BoardUserInput>, now: Date): Promise<void> {
  await scopedUpdate(db, organizationId, 'board_users')
    .set({ ...values, updated_at: now })
    .where('board_users.id', '=', id)
    .execute();
}

export async function findUserName(db: Db, userId: number): Promise<string | undefined> {
  return (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst())?.name;
}
