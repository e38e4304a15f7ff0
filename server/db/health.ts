import { sql, type Kysely } from 'kysely';
import type { Database } from './types';

/**
 * True when the database answers `select 1` within `timeoutMs`. Never throws and never waits
 * longer: during an outage a connect can hang until the pool's own timeout, and a health check
 * that hangs is no health check.
 */
export async function databaseAnswers(db: Kysely<Database>, timeoutMs: number): Promise<{ up: boolean; error?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ up: boolean; error: Error }>((resolve) => {
    timer = setTimeout(() => resolve({ up: false, error: new Error(`no answer within ${timeoutMs} ms`) }), timeoutMs);
  });
  const query = sql`select 1`.execute(db).then(
    () => ({ up: true }),
    (error: unknown) => ({ up: false, error }),
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
