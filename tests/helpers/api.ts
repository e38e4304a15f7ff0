import { API_ABILITIES, type ApiAbility } from '../../shared/api-abilities';
import { generateApiToken } from '../../server/tenancy/api-token';
import type { TestApp } from './app';

/** An organisation API token row (as the tokens page would make it) and its secret. */
export async function createApiToken(
  app: TestApp,
  organizationId: number,
  options: { abilities?: readonly ApiAbility[]; name?: string; expiresAt?: Date | null; revokedAt?: Date | null; createdBy?: number | null } = {},
) {
  const { token, hash, hint } = generateApiToken();
  const row = await app.ctx.db
    .insertInto('api_tokens')
    .values({
      organization_id: organizationId,
      name: options.name ?? 'Sync',
      token_hash: hash,
      hint,
      abilities: JSON.stringify(options.abilities ?? API_ABILITIES) as never,
      expires_at: options.expiresAt ?? null,
      revoked_at: options.revokedAt ?? null,
      created_by: options.createdBy ?? null,
      created_at: app.ctx.clock.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, id: row.id, row };
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

/** A program calling the API: a bearer token, JSON, no cookies. */
export function apiCall(app: TestApp, token: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> {
  const h: Record<string, string> = { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers };
  let payload: string | undefined;
  if (body !== undefined) {
    payload = typeof body === 'string' ? body : JSON.stringify(body);
    h['Content-Type'] ??= 'application/json';
  }
  return fetch(app.url + path, { method, headers: h, body: payload }).then(async (res) => {
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, headers: res.headers, text, body: parsed };
  });
}

/** The client for one token: `api.get('/api/v1/board-users')`. */
export function apiClient(app: TestApp, token: string | null) {
  return {
    get: (path: string, headers?: Record<string, string>) => apiCall(app, token, 'GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => apiCall(app, token, 'POST', path, body, headers),
    patch: (path: string, body?: unknown, headers?: Record<string, string>) => apiCall(app, token, 'PATCH', path, body, headers),
    delete: (path: string, headers?: Record<string, string>) => apiCall(app, token, 'DELETE', path, undefined, headers),
  };
}
