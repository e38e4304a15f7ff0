import type { Request } from 'express';
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/types';
import { channels, type BroadcastMessage } from '../broadcasting/broadcaster';
import { causerName, insertActivity, type ActivityInput } from '../features/activity/repository';
import { presentActivity } from '../features/activity/presenter';
import type { MailMessage } from '../mail/mailer';

/** Who is acting, for the activity log and for leaving their own browser out of broadcasts. */
export interface Actor {
  userId: number | null;
  /** Shown with live activity entries; looked up when absent. */
  name?: string;
  ip: string | null;
  userAgent: string | null;
  socketId?: string;
}

export function actorFrom(req: Request): Actor {
  const socket = req.get('X-Socket-Id');
  return {
    userId: req.user?.id ?? null,
    name: req.user?.name,
    ip: req.ip ?? null,
    userAgent: req.get('user-agent')?.slice(0, 500) ?? null,
    socketId: socket && /^\d+\.\d+$/.test(socket) ? socket : undefined,
  };
}

export const systemActor: Actor = { userId: null, ip: null, userAgent: null };

/**
 * One transaction per write: the change and its activity log row commit together; broadcasts
 * and other side effects run only after the commit, so no one hears of a change that rolled back.
 */
export class UnitOfWork {
  readonly #after: (() => Promise<void> | void)[] = [];

  constructor(
    readonly db: Transaction<Database>,
    readonly actor: Actor,
    private readonly ctx: AppContext,
  ) {}

  afterCommit(fn: () => Promise<void> | void): void {
    this.#after.push(fn);
  }

  broadcast(message: Omit<BroadcastMessage, 'socketId'>): void {
    this.afterCommit(() => this.ctx.broadcaster.publish({ ...message, socketId: this.actor.socketId }));
  }

  /** Queues a mail in this transaction (the outbox); the worker delivers it once committed. */
  async mail(message: MailMessage): Promise<void> {
    await this.ctx.mailQueue.enqueue(this.db, message);
    this.afterCommit(() => this.ctx.mailQueue.poke());
  }

  /** Writes the activity row in this transaction and announces it live after commit. */
  async log(entry: Omit<ActivityInput, 'causer_id' | 'ip' | 'user_agent'> & { causer_id?: number | null }) {
    const row = await insertActivity(this.db, {
      causer_id: this.actor.userId,
      ip: this.actor.ip,
      user_agent: this.actor.userAgent,
      ...entry,
    });
    if (row.organization_id !== null) {
      const organizationId = row.organization_id;
      const name = row.causer_id === null ? null : row.causer_id === this.actor.userId && this.actor.name ? this.actor.name : await causerName(this.db, row.causer_id);
      const entry = presentActivity({ ...row, causer_name: name });
      // Everyone, including the actor's other tabs, sees the new log line.
      this.afterCommit(() => this.ctx.broadcaster.publish({ channels: [channels.organization(organizationId)], event: 'ActivityLogged', data: entry }));
    }
    return row;
  }

  async runAfterCommit(): Promise<void> {
    for (const fn of this.#after) {
      try {
        await fn();
      } catch (error) {
        this.ctx.logger.warn({ err: error }, 'after-commit task failed');
      }
    }
  }
}

export async function inTransaction<T>(ctx: AppContext, actor: Actor, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  let uow!: UnitOfWork;
  const result = await ctx.db.transaction().execute(async (trx) => {
    uow = new UnitOfWork(trx, actor, ctx);
    return work(uow);
  });
  await uow.runAfterCommit();
  return result;
}

/** `{old, attributes}` of the fields that really changed (never pass secrets in `fields`). */
export function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>, fields: (keyof T)[]) {
  const old: Record<string, unknown> = {};
  const attributes: Record<string, unknown> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const a = normalise(before[field]);
    const b = normalise(after[field]);
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      old[field as string] = a;
      attributes[field as string] = b;
    }
  }
  return { old, attributes, changed: Object.keys(attributes).length > 0 };
}

const normalise = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);
