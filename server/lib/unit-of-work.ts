import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { ActivityLogsTable, ActivityProperties, Database } from '../db/types';
import { channels } from '../../shared/channels';
import type { ActivityEntry as LiveActivityEntry, RealtimeMessage } from '../../shared/realtime-events';
import type { Insertable, Selectable } from 'kysely';
import type { MailMessage } from '../mail/mailer';
import { splitKind, type ActivityKind, type FactsOf } from '../../shared/activity-kinds';

/**
 * Who is acting, for the activity log and for leaving their own browser out of broadcasts. The
 * request's `Acting` value (server/tenancy/acting.ts) is one; `systemActor` is the scheduler's.
 */
export interface Actor {
  /** Null for the system and for guests. */
  user: { id: number; name: string } | null;
  /** An organisation's API token acting (issue #28): the log names it as the causer. */
  token?: { id: number; name: string };
  ip: string | null;
  userAgent: string | null;
  socketId?: string;
}

export const systemActor: Actor = { user: null, ip: null, userAgent: null };

export type ActivityEntry = Omit<Insertable<ActivityLogsTable>, 'properties' | 'facts'> & { properties?: ActivityProperties; facts?: Record<string, unknown> };

/**
 * One entry as a writer gives it: its kind (shared/activity-kinds.ts) and that kind's facts, typed;
 * never a sentence. The subject's name is read in the same statement unless given.
 */
export type LogEntry<K extends ActivityKind> = {
  kind: K;
  organization_id: number | null;
  subject_id: number | null;
  subject_label?: string | null;
  properties?: ActivityProperties;
  causer_id?: number | null;
  created_at?: Date;
} & (Record<string, never> extends FactsOf<K> ? { facts?: FactsOf<K> } : { facts: FactsOf<K> });
export type ActivityRow = Selectable<ActivityLogsTable>;

/**
 * What the unit of work needs of the activity log; features/activity/log.ts implements it and
 * bootstrap puts it on the context (lib/ knows no feature).
 */
export interface ActivityLog {
  /** Inserts the entry with `db`; for an organisation's entry, also what its live listeners are sent. */
  write(db: Transaction<Database>, entry: ActivityEntry, actor: Actor): Promise<{ row: ActivityRow; live: LiveActivityEntry | null }>;
}

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

  /** Publishes after commit; the event and its payload must match shared/realtime-events.ts. */
  broadcast(message: RealtimeMessage): void {
    this.afterCommit(() => this.ctx.broadcaster.publish({ ...message, socketId: this.actor.socketId }));
  }

  /** Queues a mail in this transaction (the outbox); the worker delivers it once committed. */
  async mail(message: MailMessage): Promise<void> {
    await this.ctx.mailQueue.enqueue(this.db, message);
    this.afterCommit(() => this.ctx.mailQueue.poke());
  }

  /** Writes the activity row in this transaction and announces it live after commit. */
  async log<K extends ActivityKind>({ kind, facts, ...entry }: LogEntry<K>) {
    const { row, live } = await this.ctx.activityLog.write(
      this.db,
      { causer_id: this.actor.user?.id ?? null, causer_token_id: this.actor.token?.id ?? null, ip: this.actor.ip, user_agent: this.actor.userAgent, ...entry, ...splitKind(kind), facts: facts ?? {} },
      this.actor,
    );
    if (row.organization_id !== null && live !== null) {
      const organizationId = row.organization_id;
      // Everyone, including the actor's other tabs, sees the new log line.
      this.afterCommit(() => this.ctx.broadcaster.publish({ channels: [channels.organization(organizationId)], event: 'ActivityLogged', data: live }));
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
