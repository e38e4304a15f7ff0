import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app';
import type { TestClient, TestResponse } from '../../helpers/client';

export const tokensPath = (orgId: number) => `/organizations/${orgId}/api-tokens`;

/** Sends a form the way the page does (an Inertia visit from the tokens page). */
export function send(app: TestApp, client: TestClient, method: string, path: string, body: unknown, orgId: number, options: { noCsrf?: boolean } = {}) {
  return client.request(method, path, body, { inertia: true, headers: { Referer: app.url + tokensPath(orgId) }, ...options });
}

/** Follows a redirect and returns the next page (errors and flash travel in the session). */
export async function follow(app: TestApp, client: TestClient, res: TestResponse) {
  expect([302, 303], `expected a redirect, got ${res.status}: ${res.text.slice(0, 200)}`).toContain(res.status);
  const url = new URL(res.location!, app.url);
  return (await client.get(url.pathname + url.search, { inertia: true })).page();
}

export const validToken = (overrides: Record<string, unknown> = {}) => ({ name: 'HR sync', abilities: ['activity:read'], expires_in_days: '30', ...overrides });

/** Creates a token through the page and returns the secret the next page shows once. */
export async function createToken(app: TestApp, client: TestClient, orgId: number, overrides: Record<string, unknown> = {}): Promise<{ id: number; token: string }> {
  const res = await send(app, client, 'POST', tokensPath(orgId), validToken(overrides), orgId);
  expect(res.status).toBe(303);
  const page = await follow(app, client, res);
  expect(page.props.created, JSON.stringify(page.props.errors)).not.toBeNull();
  return { id: page.props.created.id, token: page.props.created.token };
}

export const SOCKET = '1234.5678';

/** `/broadcasting/auth` as Echo's `bearerToken` option sends it: the header, no cookies, no CSRF token. */
export function bearerAuth(app: TestApp, token: string, channel_name: string, path = '/broadcasting/auth', extra: Record<string, string> = {}) {
  return fetch(app.url + path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', ...extra },
    body: new URLSearchParams({ socket_id: SOCKET, channel_name }).toString(),
  });
}
