import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createOrganization } from '../../helpers/factories';
import { apiCall, createApiToken } from '../../helpers/api';
import { API_ABILITIES } from '../../../shared/api-abilities';
import { methods, path, route } from '../../../shared/routes';
import { API_OPERATIONS } from '../../../server/features/api/operations';
import { exampleCall, send } from './fixtures';

/**
 * The OpenAPI document against the real thing: every operation's real request and answer are
 * checked with its schemas (JSON Schema 2020-12, read back into zod by z.fromJSONSchema).
 */
let app: TestApp;
let doc: any;
beforeAll(async () => {
  app = await createTestApp();
  const res = await apiCall(app, null, 'GET', route('api.openapi'));
  expect(res.status).toBe(200);
  expect(res.headers.get('set-cookie')).toBeNull();
  doc = res.body;
});
afterAll(() => app.close());

/** The schema with every `#/components/…` reference replaced by what it points to. */
function deref(value: unknown, seen: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((v) => deref(v, seen));
  if (!value || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    if (seen.includes(ref)) throw new Error(`cyclic ${ref}`);
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: any, key) => node?.[key], doc);
    if (!target) throw new Error(`dangling ${ref}`);
    return deref(target, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deref(v, seen)]));
}

const validator = (schema: unknown) => z.fromJSONSchema(deref(schema) as never);

function check(schema: unknown, value: unknown, what: string) {
  const result = validator(schema).safeParse(value);
  expect(result.success, `${what}: ${result.success ? '' : JSON.stringify(result.error.issues.slice(0, 3))}`).toBe(true);
}

const operationOf = (name: (typeof API_OPERATIONS)[number]['route']) => doc.paths[path(name).replace(/:(\w+)/g, '{$1}')][methods(name)[0].toLowerCase()];

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with the bearer scheme and the problem schema, public', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.Problem).toBeDefined();
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
  });

  it('describes every operation, each with its ability', () => {
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(API_OPERATIONS.map((op) => `${methods(op.route)[0]} ${path(op.route).replace(/:(\w+)/g, '{$1}')}`).sort());
    for (const op of API_OPERATIONS) {
      const o = operationOf(op.route);
      expect(o['x-abilities']).toEqual([op.ability]);
      expect(o.security).toEqual([{ bearerAuth: [op.ability] }]);
      expect(o.responses['401'].content['application/problem+json']).toBeDefined();
    }
  });

  it('its schemas refuse what they should (the check is no rubber stamp)', () => {
    const boardUser = operationOf('api.board-users.show').responses['200'].content['application/json'].schema;
    expect(validator(boardUser).safeParse({ data: { id: 1 } }).success).toBe(false);
    expect(validator(boardUser).safeParse({ data: 'x' }).success).toBe(false);
    const body = operationOf('api.board-users.store').requestBody.content['application/json'].schema;
    expect(validator(body).safeParse({ first_name: 'A' }).success).toBe(false);
    expect(validator(body).safeParse({ first_name: 'A', last_name: 'B' }).success).toBe(true);
  });

  for (const op of API_OPERATIONS) {
    it(`${op.route}: the real request and answer match the document`, async () => {
      const org = await createOrganization(app, null, { plan: 'business' });
      const { token } = await createApiToken(app, org.id, { abilities: API_ABILITIES });
      const call = await exampleCall(app, org.id, op.route);
      const o = operationOf(op.route);
      if (call.body) check(o.requestBody.content['application/json'].schema, call.body, 'request body');
      for (const p of o.parameters ?? []) if (p.required && p.in === 'header') expect(call.headers?.[p.name], p.name).toBeDefined();
      const res = await send(app, token, call);
      expect(res.status, res.text).toBe(op.status);
      const documented = o.responses[String(res.status)];
      expect(documented).toBeDefined();
      check(documented.content['application/json'].schema, res.body, 'response');
      // Lists are checked with rows in them, not only empty.
      if (Array.isArray(res.body.data)) expect(res.body.data.length).toBeGreaterThan(0);
      for (const header of Object.keys(documented.headers ?? {})) expect(res.headers.get(header), header).not.toBeNull();

      // A refusal is a documented problem too.
      const { token: none } = await createApiToken(app, org.id, { abilities: [] });
      const refused = await send(app, none, await exampleCall(app, org.id, op.route));
      expect(refused.status).toBe(403);
      check(o.responses['403'].content['application/problem+json'].schema, refused.body, 'problem');
    });
  }

  it('a 422 and a 412 match their problem schema', async () => {
    const org = await createOrganization(app, null, { plan: 'business' });
    const { token } = await createApiToken(app, org.id);
    const invalid = await apiCall(app, token, 'POST', route('api.insights.store'), { title: '', category: 'nope' });
    expect(invalid.status).toBe(422);
    check(operationOf('api.insights.store').responses['422'].content['application/problem+json'].schema, invalid.body, '422');
    const created = await apiCall(app, token, 'POST', route('api.insights.store'), { title: 'T', category: 'risk' });
    const stale = await apiCall(app, token, 'PATCH', route('api.insights.update', { id: created.body.data.id }), { title: 'U' }, { 'If-Match': '"2000-01-01T00:00:00.000Z"' });
    expect(stale.status).toBe(412);
    check(operationOf('api.insights.update').responses['412'].content['application/problem+json'].schema, stale.body, '412');
  });
});
