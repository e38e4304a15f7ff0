/**
 * The *minimal route* of bench:http and bench:profile: bare Express with the driver itself (pg on
 * PostgreSQL; the app's own PGlite handle, fed the same text and parameters) doing only what a
 * signed-in board-user list needs — check the signed cookie, find the session's membership, fetch
 * 25 rows with their count — and sending the same JSON as the app. The practical limit for that
 * page on that database.
 */
import { parse as parseCookies } from 'cookie';
import express from 'express';
import { sql } from 'kysely';
import pg from 'pg';
import { sha256 } from '../../server/lib/crypto';
import { signSessionId } from '../../server/http/session';
import { boardUserPage, sessionMembership, type Runner } from '../minimal-route-repository';
import { listen, SESSION_COOKIE, type SignedInApp } from './signed-in-app';

export const PER_PAGE = 25;

/** Listens on a free port; `ourJson` is the app's answer to the same visit, the shape to fill. */
export async function minimalRoute(app: SignedInApp, ourJson: string) {
  const { ctx } = app;
  const pool = app.databaseUrl ? new pg.Pool({ connectionString: app.databaseUrl, max: 10 }) : null;
  // A connection the server drops (a restart, another process terminating backends) is replaced, not fatal.
  pool?.on('error', () => {});
  const viaKysely: Runner = async (text, params) => {
    const pieces = text.split(/\$(\d+)/).map((part, i) => (i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part)));
    return (await sql<Record<string, unknown>>`${sql.join(pieces, sql``)}`.execute(ctx.db)).rows;
  };
  const runner: Runner = pool ? async (text, params) => (await pool.query(text, params)).rows : viaKysely;
  const template = JSON.parse(ourJson);
  const minimalApp = express();
  minimalApp.get('/board-users', async (req, res) => {
    const raw = parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE] ?? '';
    const [id, kind] = raw.split('.');
    if (raw !== signSessionId(ctx.key, id, kind === 's')) return void res.status(401).end();
    // Requests still in flight when the pool closes at the end answer 503 instead of logging a stack.
    const member = await sessionMembership(runner, sha256(id)).catch(() => 'down' as const);
    if (member === 'down') return void res.status(503).end();
    if (!member) return void res.status(403).end();
    const rows = await boardUserPage(runner, member.organization_id, PER_PAGE).catch(() => null);
    if (!rows) return void res.status(503).end();
    const total = rows.length ? Number(rows[0].__total) : 0;
    const data = rows.map(({ __total, ...row }) => row);
    const body = { ...template, props: { ...template.props, boardUsers: { ...template.props.boardUsers, data, meta: { ...template.props.boardUsers.meta, total } } } };
    res.set('X-Inertia', 'true').set('Vary', 'X-Inertia').json(body);
  });
  const server = await listen(minimalApp);
  return {
    url: server.url,
    async close() {
      await server.close();
      await pool?.end();
    },
  };
}
