import type { AppContext } from '../../context';
import { hmac, sha256 } from '../../lib/crypto';
import type { Acting } from '../../tenancy/acting';
import { inTransaction } from '../../lib/unit-of-work';
import { parseAgent, type Agent } from '../../account/agent';
import * as repo from './repository';

import { REMEMBER_SELECTOR } from '../auth/remember';
import { requireCurrentPassword } from '../../account/password-guard';

export interface BrowserSession {
  /** Opaque: never the stored session id. */
  id: string;
  agent: Agent;
  ip_address: string | null;
  last_active: string;
  is_current_device: boolean;
}

const publicId = (ctx: AppContext, storedId: string) => hmac(ctx.key, `browser-session:${storedId}`).slice(0, 32);
const lifetimeStart = (ctx: AppContext) => new Date(ctx.clock.now().getTime() - ctx.config.SESSION_LIFETIME_MINUTES * 60_000);
const selectorOf = (data: unknown) => {
  const value = (data as Record<string, unknown> | null)?.[REMEMBER_SELECTOR];
  return typeof value === 'string' ? value : null;
};

/** Every live session of the user, newest first; `currentId` is this browser's session id. */
export async function list(ctx: AppContext, userId: number, currentId: string): Promise<BrowserSession[]> {
  const current = sha256(currentId);
  const rows = await repo.userSessions(ctx.db, userId, lifetimeStart(ctx));
  // This browser first, then the others, most recently active first.
  return rows
    .map((row) => ({
      id: publicId(ctx, row.id),
      agent: parseAgent(row.user_agent),
      ip_address: row.ip,
      last_active: row.last_activity.toISOString(),
      is_current_device: row.id === current,
    }))
    .sort((a, b) => Number(b.is_current_device) - Number(a.is_current_device));
}

/** Signs one other browser out: its session ends and its remember-me token is revoked. False when there is no such session. */
export async function signOutOne(ctx: AppContext, acting: Acting, id: string, currentId: string): Promise<boolean> {
  const user = acting.user;
  const current = sha256(currentId);
  const rows = await repo.userSessions(ctx.db, user.id, new Date(0));
  const target = rows.find((row) => row.id !== current && publicId(ctx, row.id) === id);
  if (!target) return false;
  await inTransaction(ctx, acting, async (uow) => {
    const removed = await repo.deleteSessions(uow.db, user.id, [target.id]);
    await repo.deleteRememberTokens(
      uow.db,
      user.id,
      removed.map((r) => selectorOf(r.data)).filter((s): s is string => !!s),
    );
    await uow.log({ organization_id: null, kind: 'user.browser_session_ended', subject_id: user.id, facts: { ...browserFacts(parseAgent(target.user_agent)), ip: target.ip } });
  });
  return true;
}

const browserFacts = (agent: Agent) => ({ browser: agent.browser ?? null, platform: agent.platform ?? null });

/** Jetstream's "log out other browser sessions": every other session and remember-me token. */
/** Asks for the password (the password guard), as Jetstream's form does. */
export async function signOutOthers(ctx: AppContext, acting: Acting, password: string, currentId: string, currentSelector: string | null): Promise<number> {
  await requireCurrentPassword(ctx, acting, password);
  const user = acting.user;
  const current = sha256(currentId);
  const rows = await repo.userSessions(ctx.db, user.id, new Date(0));
  return inTransaction(ctx, acting, async (uow) => {
    const removed = await repo.deleteSessions(
      uow.db,
      user.id,
      rows.filter((r) => r.id !== current).map((r) => r.id),
    );
    await repo.deleteRememberTokensExcept(uow.db, user.id, currentSelector);
    await uow.log({ organization_id: null, kind: 'user.other_browser_sessions_ended', subject_id: user.id, facts: { count: removed.length } });
    return removed.length;
  });
}
