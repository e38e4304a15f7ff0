import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * PGlite is one connection; Kysely may ask for several at once (concurrent requests,
 * transactions). Connections are handed out one at a time so a transaction's statements never
 * interleave with another request's.
 */
class PGliteDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  #client?: PGlite;
  #connection?: PGliteConnection;

  constructor(private readonly open: () => Promise<PGlite>) {}

  async init(): Promise<void> {
    this.#client = await this.open();
    this.#connection = new PGliteConnection(this.#client);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.#queue;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#connection!.release = release;
    return this.#connection!;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    (conn as PGliteConnection).release();
  }

  async destroy(): Promise<void> {
    if (this.#client && !this.#client.closed) await this.#client.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {};
  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // No per-query `parsers`: PGlite would copy its whole parser table (~200 types) for each query.
    const result = await this.client.query<R>(compiled.sql, compiled.parameters as unknown[], { rowMode: 'object' });
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && /^\s*(insert|update|delete|merge)/i.test(compiled.sql) ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // PGlite has no cursors over the wire; a stream is one page.
    yield await this.executeQuery<R>(compiled);
  }
}

export class PGliteDialect implements Dialect {
  /** `open` starts PGlite (with its type parsers) when Kysely first needs it. */
  constructor(private readonly open: () => Promise<PGlite>) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.open);
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
