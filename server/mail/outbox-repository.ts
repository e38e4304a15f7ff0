import { sql } from 'kysely';
import type { Db } from '../db/types';
import type { MailMessage } from './mailer';

export interface ClaimedMail {
  id: number;
  message: MailMessage;
  attempts: number;
}

/** Queues a mail in `db` — the caller's transaction, so it commits or rolls back with the change. */
export async function insertOutboxMail(db: Db, message: MailMessage, now: Date): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ message: JSON.stringify(message), available_at: now, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes up to `limit` due mails for `leaseMs`: their lease keeps other workers off them, and runs
 * out by itself if this worker dies, so a killed worker loses nothing. `SKIP LOCKED` lets several
 * workers on PostgreSQL claim side by side without waiting on each other (PGlite has one
 * connection, where it is simply a no-op). Counts the attempt as it claims.
 */
export async function claimDueMails(db: Db, now: Date, leaseMs: number, limit: number): Promise<ClaimedMail[]> {
  const until = new Date(now.getTime() + leaseMs);
  const result = await sql<{ id: number; message: MailMessage | string; attempts: number }>`
    update mail_outbox set locked_until = ${until}, attempts = attempts + 1
    where id in (
      select id from mail_outbox
      where sent_at is null and failed_at is null and available_at <= ${now}
        and (locked_until is null or locked_until <= ${now})
      order by available_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, message, attempts`.execute(db);
  return result.rows.map((r) => ({ id: Number(r.id), attempts: r.attempts, message: typeof r.message === 'string' ? (JSON.parse(r.message) as MailMessage) : r.message })).sort((a, b) => a.id - b.id);
}

export async function markMailSent(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable('mail_outbox').set({ sent_at: now, locked_until: null, last_error: null }).where('id', '=', id).execute();
}

/** Another try at `retryAt`, or none (`retryAt` null): the mail is given up and kept for inspection. */
export async function markMailFailed(db: Db, id: number, error: string, now: Date, retryAt: Date | null): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set(retryAt ? { available_at: retryAt, locked_until: null, last_error: error } : { failed_at: now, locked_until: null, last_error: error })
    .where('id', '=', id)
    .execute();
}

/** Mails still to deliver and when the oldest was queued (the queue metrics). */
export async function mailQueueSummary(db: Db): Promise<{ pending: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { pending: Number(row.n), oldest: row.oldest ? new Date(row.oldest as Date) : null };
}

/** Forgets delivered mails older than `before` (their content is personal data). */
export async function pruneSentMails(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('mail_outbox').where('sent_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
