import type { AppContext } from '../../context';
import type { Actor } from '../../lib/unit-of-work';
import { markFailed, runImport } from './service';
import { findUserName, unfinishedImports } from './repository';

/**
 * Runs imports in the background of this process, one at a time per import id (a second start of
 * the same id while it runs is ignored). `idle()` resolves when nothing runs (tests, shutdown).
 */
export class ImportRunner {
  readonly #running = new Map<number, Promise<void>>();

  constructor(private readonly ctx: AppContext) {}

  start(organizationId: number, id: number, actor: Actor): void {
    if (this.#running.has(id)) return;
    // The browser that started it hears the progress too.
    const background: Actor = { user: actor.user ? { id: actor.user.id, name: actor.user.name } : null, ip: actor.ip, userAgent: actor.userAgent };
    const job = runImport(this.ctx, organizationId, id, background)
      .catch(async (error) => {
        this.ctx.logger.error({ err: error, importId: id }, 'board-user import failed');
        await markFailed(this.ctx, organizationId, id).catch((e) => this.ctx.logger.error({ err: e, importId: id }, 'could not mark import failed'));
      })
      .finally(() => this.#running.delete(id));
    this.#running.set(id, job);
  }

  /** Carries on with the imports a stopped server left queued or running. */
  async resume(): Promise<void> {
    for (const row of await unfinishedImports(this.ctx.db)) {
      const name = row.user_id === null ? undefined : await findUserName(this.ctx.db, row.user_id);
      const user = row.user_id === null || name === undefined ? null : { id: row.user_id, name };
      this.start(row.organization_id, row.id, { user, ip: null, userAgent: null });
    }
  }

  async idle(): Promise<void> {
    while (this.#running.size) await Promise.allSettled([...this.#running.values()]);
  }
}

const runners = new WeakMap<AppContext, ImportRunner>();

/** The runner of this app (one per context). */
export function importRunner(ctx: AppContext): ImportRunner {
  let runner = runners.get(ctx);
  if (!runner) runners.set(ctx, (runner = new ImportRunner(ctx)));
  return runner;
}
