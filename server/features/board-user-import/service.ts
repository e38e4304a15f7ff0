import { channels } from '../../broadcasting/broadcaster';
import { BOARD_USER_FIELD_NAMES } from '../../../shared/board-user-fields';
import type { AppContext } from '../../context';
import { ValidationError } from '../../errors';
import type { ActingIn } from '../../tenancy/acting';
import { endLapsedAccess } from '../portal-access/ending';
import { diff, inTransaction, type Actor, type UnitOfWork } from '../../lib/unit-of-work';
import { orFail } from '../../errors';
import { effectivePlan, limitReachedMessage, usageOf } from '../../account/limits';
import type { BoardUserInput } from '../board-users/schema';
import { csvParsePackage, decodes, detectDelimiter, detectEncoding, headerNames, readRows, type CsvRow } from './csv-source';
import * as repo from './repository';
import { mappedValues, rowToInput } from './rows';
import { BATCH_SIZE, guessMapping, MAX_ROWS, PREVIEW_ROWS, type MappingInput } from './schema';
import type { ImportStatus } from './tables';
import { msg } from '../../i18n/message';

/** What the file says is wrong with it, for the upload form. */
function fileProblem(error: unknown): ValidationError {
  if (error instanceof ValidationError) return error;
  if (error instanceof csvParsePackage().CsvError) return new ValidationError({ file: msg('validation.import.unreadable', { detail: error.message.replace(/\s+/g, ' ') }) });
  throw error;
}

const ENCODING_NAMES = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16', 'utf-16be': 'UTF-16', 'windows-1252': 'Windows-1252' } as const;

/**
 * Checks an uploaded file (decodable text without NUL, readable CSV, a header, 1 to 10,000 rows), reading it once as a stream,
 * and keeps it as a pending import whose column mapping is guessed from the headers.
 */
export async function createImport(ctx: AppContext, acting: ActingIn, upload: { filename: string; bytes: Uint8Array }): Promise<repo.ImportRow> {
  if (upload.bytes.byteLength === 0) throw new ValidationError({ file: msg('validation.import.empty') });
  const encoding = detectEncoding(upload.bytes);
  if (!decodes(upload.bytes, encoding)) throw new ValidationError({ file: msg('validation.import.undecodable', { encoding: ENCODING_NAMES[encoding] }) });
  const delimiter = detectDelimiter(upload.bytes, encoding);
  let headers: string[] | null = null;
  let rows = 0;
  try {
    for await (const row of readRows(upload.bytes, encoding, delimiter)) {
      // No text file holds a NUL (a spreadsheet's binary format does), and the database refuses it.
      if (row.cells.some((cell) => cell.includes('\0'))) throw new ValidationError({ file: msg('validation.import.nul', { line: row.line }) });
      if (!headers) headers = headerNames(row.cells);
      else if (++rows > MAX_ROWS) throw new ValidationError({ file: msg('validation.import.tooManyRows', { max: MAX_ROWS }) });
    }
  } catch (error) {
    throw fileProblem(error);
  }
  if (!headers) throw new ValidationError({ file: msg('validation.import.empty') });
  if (rows === 0) throw new ValidationError({ file: msg('validation.import.noRows') });
  const now = ctx.clock.now();
  return repo.insertImport(ctx.db, {
    organization_id: acting.organization.id,
    user_id: acting.user.id,
    filename: upload.filename,
    encoding,
    delimiter,
    headers,
    mapping: guessMapping(headers),
    total_rows: rows,
    file: upload.bytes,
    created_at: now,
    updated_at: now,
  });
}

export const STARTED = msg('validation.import.startedMapping');

/** Saves the mapping and the duplicate handling of an import that has not started. */
export async function saveMapping(ctx: AppContext, acting: ActingIn, id: number, input: MappingInput): Promise<repo.ImportRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = orFail(await repo.lockImport(trx, acting.organization.id, id));
    if (before.status !== 'pending') throw new ValidationError({ form: STARTED });
    return repo.updateImport(trx, acting.organization.id, id, { mapping: input.mapping, duplicates: input.duplicates }, ctx.clock.now());
  });
}

export type PreviewOutcome = 'create' | 'update' | 'skip' | 'error';
export interface PreviewRow {
  line: number;
  cells: string[];
  outcome: PreviewOutcome;
  error: string | null;
}

/** The first rows with what the import would do with each under the current mapping. */
export async function preview(ctx: AppContext, organizationId: number, imp: repo.ImportRow): Promise<PreviewRow[]> {
  const file = await repo.importFile(ctx.db, organizationId, imp.id);
  if (!file) return [];
  const rows: CsvRow[] = [];
  for await (const row of readRows(file, imp.encoding, imp.delimiter)) {
    if (row.line === 1) continue;
    rows.push(row);
    if (rows.length >= PREVIEW_ROWS) break;
  }
  const results = rows.map((row) => ({ row, result: rowToInput(row.cells, imp.mapping) }));
  const emails = results.flatMap(({ result }) => (result.ok && result.input.email ? [result.input.email] : []));
  const existing = await repo.boardUsersByEmail(ctx.db, organizationId, emails);
  const seen = new Set<string>();
  return results.map(({ row, result }) => {
    if (!result.ok) return { line: row.line, cells: row.cells, outcome: 'error', error: result.error };
    const email = result.input.email?.toLowerCase();
    const duplicate = !!email && (existing.has(email) || seen.has(email));
    if (email) seen.add(email);
    return { line: row.line, cells: row.cells, outcome: duplicate ? (imp.duplicates === 'update' ? 'update' : 'skip') : 'create', error: null };
  });
}

/** Queues a pending import; it runs in the background (`onQueued` starts it after the commit). */
export async function startImport(ctx: AppContext, acting: ActingIn, id: number, onQueued: (id: number) => void): Promise<repo.ImportRow> {
  return inTransaction(ctx, acting, async (uow) => {
    const before = orFail(await repo.lockImport(uow.db, acting.organization.id, id));
    if (before.status !== 'pending') throw new ValidationError({ form: msg('validation.import.started') });
    const row = await repo.updateImport(uow.db, acting.organization.id, id, { status: 'queued' }, ctx.clock.now());
    uow.afterCommit(() => onQueued(id));
    announceProgress(uow, row);
    return row;
  });
}

/** Progress as the page shows it, live over the organisation's channel. */
export const progressOf = (r: repo.ImportRow) => ({
  id: r.id,
  status: r.status,
  total_rows: r.total_rows,
  processed_rows: r.processed_rows,
  created_count: r.created_count,
  updated_count: r.updated_count,
  skipped_count: r.skipped_count,
  failed_count: r.failed_count,
  message: r.message,
});

function announceProgress(uow: UnitOfWork, row: repo.ImportRow) {
  // Numbers and a status only: the message is read with the page, in the reader's language.
  const { message: _message, ...live } = progressOf(row);
  uow.broadcast({ channels: [channels.organization(row.organization_id)], event: 'BoardUserImportProgress', data: live });
}

interface BatchOutcome {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  processed: number;
  /** Set when the plan's limit stopped the import. */
  limit: string | null;
}

/**
 * One batch in one transaction: invalid rows are kept as failures, duplicates (by e-mail, trashed
 * records included, and repeats within the file) are skipped or update the record, new rows are
 * inserted together. The plan's board-user limit is checked under the subscription lock; the
 * batch stops at the limit.
 */
async function writeBatch(ctx: AppContext, uow: UnitOfWork, imp: repo.ImportRow, rows: CsvRow[]): Promise<BatchOutcome> {
  const org = imp.organization_id;
  const now = ctx.clock.now();
  const plan = await effectivePlan(uow.db, org, { lock: true });
  const max = plan.limits.boardUsers;
  const usage = max === null ? null : await usageOf(uow.db, org, now);
  let room = max === null ? Infinity : max - usage!.boardUsers;
  const parsed = rows.map((row) => ({ row, result: rowToInput(row.cells, imp.mapping) }));
  const emails = parsed.flatMap(({ result }) => (result.ok && result.input.email ? [result.input.email] : []));
  const existing = await repo.boardUsersByEmail(uow.db, org, emails);
  const inBatch = new Map<string, BoardUserInput>();
  const inserts: BoardUserInput[] = [];
  const failures: { line: number; cells: string[]; error: string }[] = [];
  const out: BatchOutcome = { created: 0, updated: 0, skipped: 0, failed: 0, processed: 0, limit: null };
  const updated: number[] = [];
  for (const { row, result } of parsed) {
    if (!result.ok) {
      failures.push({ line: row.line, cells: row.cells, error: result.error });
      out.failed++;
    } else {
      const email = result.input.email?.toLowerCase() ?? null;
      const current = email ? existing.get(email) : undefined;
      const pending = email ? inBatch.get(email) : undefined;
      if (current || pending) {
        if (imp.duplicates === 'skip') out.skipped++;
        else if (pending) {
          Object.assign(pending, mappedValues(result.input, result.fields));
          out.updated++;
        } else {
          const values = mappedValues(result.input, result.fields);
          // Any field the file maps, notes too: an update that changes nothing is a skip.
          if (diff(current as unknown as Record<string, unknown>, values, BOARD_USER_FIELD_NAMES as string[]).changed) {
            await repo.updateBoardUserFields(uow.db, org, current!.id, values, now);
            updated.push(current!.id);
            Object.assign(current!, values);
            out.updated++;
          } else out.skipped++;
        }
      } else {
        if (room <= 0) {
          out.limit = limitReachedMessage(plan, 'boardUsers', { boardUsers: max! - room, members: 0, insights: 0, publicLinks: 0, portalMembers: 0, pendingInvitations: 0 });
          break;
        }
        room--;
        inserts.push(result.input);
        if (email) inBatch.set(email, result.input);
        out.created++;
      }
    }
    out.processed++;
  }
  await repo.insertBoardUsers(uow.db, org, inserts, now);
  await repo.insertFailures(uow.db, imp.id, failures);
  // A row that made a board user inactive ends their portal access, in this batch's transaction.
  await endLapsedAccess(uow, org, updated, now);
  return out;
}

/**
 * Runs a queued import to its end, one transaction per batch. Each batch also moves the import's
 * counters, so progress is exact and a restarted server carries on after the last committed
 * batch. The last batch writes the one activity entry of the import, with its counts.
 */
export async function runImport(ctx: AppContext, organizationId: number, id: number, actor: Actor): Promise<void> {
  const file = await repo.importFile(ctx.db, organizationId, id);
  const imp = orFail(await repo.findImport(ctx.db, organizationId, id));
  if (!file || (imp.status !== 'queued' && imp.status !== 'running')) return;
  const start = imp.processed_rows;
  let expected = start;
  const rows = readRows(file, imp.encoding, imp.delimiter);
  // Line 1 is the header; rows before `start` were committed by an earlier run.
  const nextRow = async (): Promise<CsvRow | null> => {
    for (;;) {
      const next = await rows.next();
      if (next.done) return null;
      if (next.value.line > start + 1) return next.value;
    }
  };
  let ahead = await nextRow();
  let done = false;
  while (!done) {
    const batch: CsvRow[] = [];
    while (ahead && batch.length < BATCH_SIZE) {
      batch.push(ahead);
      ahead = await nextRow();
    }
    done = ahead === null;
    const row = await inTransaction(ctx, actor, async (uow): Promise<repo.ImportRow | null> => {
      const current = orFail(await repo.lockImport(uow.db, organizationId, id));
      // Finished, or another runner got further: this one stops (a batch is never written twice).
      if ((current.status !== 'queued' && current.status !== 'running') || current.processed_rows !== expected) return null;
      const out = await writeBatch(ctx, uow, current, batch);
      const stopped = out.limit !== null;
      const finished = stopped || done;
      const status: ImportStatus = stopped ? 'stopped' : finished ? 'completed' : 'running';
      const processed = current.processed_rows + out.processed;
      expected = processed;
      const message = stopped ? msg('messages.import.stopped', { limit: out.limit, row: batch[out.processed]?.line ?? processed + 1, count: current.total_rows - processed }) : null;
      const row = await repo.updateImport(
        uow.db,
        organizationId,
        id,
        {
          status,
          processed_rows: processed,
          created_count: current.created_count + out.created,
          updated_count: current.updated_count + out.updated,
          skipped_count: current.skipped_count + out.skipped,
          failed_count: current.failed_count + out.failed,
          message,
          ...(finished ? { finished_at: ctx.clock.now(), file: null } : {}),
        },
        ctx.clock.now(),
      );
      if (finished) await logFinished(uow, row);
      announceProgress(uow, row);
      return row;
    });
    if (row?.status !== 'running') break;
  }
  await rows.return(undefined);
}

async function logFinished(uow: UnitOfWork, row: repo.ImportRow) {
  const counts = { created: row.created_count, updated: row.updated_count, skipped: row.skipped_count, failed: row.failed_count };
  await uow.log({
    organization_id: row.organization_id,
    kind: 'board_user_import.imported',
    subject_id: row.id,
    subject_label: row.filename,
    facts: { file: row.filename, ...counts, stopped: row.status === 'stopped' },
    properties: { attributes: { file: row.filename, rows: row.total_rows, ...counts, status: row.status, duplicates: row.duplicates } },
  });
  uow.broadcast({ channels: [channels.organization(row.organization_id)], event: 'BoardUserChanged', data: { id: 0, action: 'imported' } });
}

/** An import that broke (the database went away for good…): marked failed, with a message. */
export async function markFailed(ctx: AppContext, organizationId: number, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockImport(trx, organizationId, id);
    if (!current || (current.status !== 'queued' && current.status !== 'running')) return;
    await repo.updateImport(trx, organizationId, id, { status: 'failed', message: msg('messages.import.brokeOff'), finished_at: ctx.clock.now(), file: null }, ctx.clock.now());
  });
}
