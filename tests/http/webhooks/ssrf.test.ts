import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { createOrganization, memberClient } from '../../helpers/factories';
import { isForbiddenAddress } from '../../../server/lib/outbound-address';
import { sealSecret } from '../../../server/features/webhooks/secrets';
import { urlRefusal } from '../../../server/features/webhooks/url-policy';
import { webhookWorker } from '../../../server/features/webhooks/worker';
import { newWebhookSecret } from '../../../server/lib/standard-webhooks';
import { localize } from '../../../server/i18n/message';
import { startReceiver, type Receiver } from './receiver';

/** The SSRF guard, in an app with the safe defaults (no private addresses, no plain http). */
let app: TestApp;
let receiver: Receiver;
let orgId: number;
let admin: TestClient;

beforeAll(async () => {
  app = await createTestApp();
  receiver = await startReceiver();
  orgId = (await createOrganization(app, null)).id;
  admin = (await memberClient(app, 'admin', orgId)).client;
});
afterAll(async () => {
  await receiver.close();
  await app.close();
});

async function urlError(url: string): Promise<string | undefined> {
  const res = await admin.request(
    'POST',
    `/organizations/${orgId}/webhooks`,
    { url, events: ['board_user.created'] },
    { inertia: true, headers: { Referer: `${app.url}/organizations/${orgId}/webhooks` } },
  );
  expect([302, 303]).toContain(res.status);
  const page = (await admin.get(new URL(res.location!, app.url).pathname, { inertia: true })).page();
  return page.props.errors.url;
}

describe('on save', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, unspecified, mapped and metadata addresses, and names resolving to them', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://127.1.2.3/hook',
      'https://10.0.0.5/hook',
      'https://172.16.0.1/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/hook',
      'https://100.100.100.200/hook',
      'https://224.0.0.1/hook',
      'https://0.0.0.0/hook',
      'https://[::1]/hook',
      'https://[::]/hook',
      'https://[fe80::1]/hook',
      'https://[fd00:ec2::254]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a9fe:a9fe]/hook',
      'https://localhost/hook',
    ]) {
      const error = await urlError(url);
      expect(error, url).toMatch(/private, local or reserved address/);
    }
    // A name that does not resolve here is refused too (whatever the resolver makes of it).
    expect(await urlError('https://localhost./hook')).toBeTruthy();
    expect(await urlError('https://no-such-host.invalid/hook')).toMatch(/could not be found/);
    expect(await app.ctx.db.selectFrom('webhook_endpoints').select('id').execute()).toHaveLength(0);
  });

  it('refuses plain http unless the operator allows it, and always in production', async () => {
    expect(await urlError('http://example.com/hook')).toBe('The URL must start with https://.');
    const base = { WEBHOOKS_ALLOW_PRIVATE: false };
    expect(await urlRefusal({ ...base, APP_ENV: 'production', WEBHOOKS_ALLOW_HTTP: true }, 'http://93.184.216.34/hook')).toMatch(/https/);
    expect(await urlRefusal({ ...base, APP_ENV: 'development', WEBHOOKS_ALLOW_HTTP: true }, 'http://93.184.216.34/hook')).toBeNull();
    expect(await urlRefusal({ ...base, APP_ENV: 'development', WEBHOOKS_ALLOW_HTTP: false }, 'http://93.184.216.34/hook')).toMatch(/https/);
    expect(await urlRefusal({ ...base, APP_ENV: 'production', WEBHOOKS_ALLOW_HTTP: false }, 'https://93.184.216.34/hook')).toBeNull();
    // Even allowing private addresses never allows http in production.
    expect(await urlRefusal({ APP_ENV: 'production', WEBHOOKS_ALLOW_HTTP: true, WEBHOOKS_ALLOW_PRIVATE: true }, 'http://127.0.0.1/hook')).toMatch(/https/);
  });

  it('the refusal is a clear field message in every language', async () => {
    const message = await urlRefusal({ APP_ENV: 'test', WEBHOOKS_ALLOW_HTTP: false, WEBHOOKS_ALLOW_PRIVATE: false }, 'https://10.0.0.1/');
    expect(localize('de', message!)).toContain('private, lokale oder reservierte Adresse');
    expect(localize('fr', message!)).toContain('adresse privée');
  });

  it('classifies addresses', () => {
    for (const bad of [
      '127.0.0.1',
      '10.255.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.251',
      '::1',
      '::',
      'fe80::abcd',
      'fc00::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a9fe:a9fe',
      'not-an-ip',
    ])
      expect(isForbiddenAddress(bad), bad).toBe(true);
    for (const good of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isForbiddenAddress(good), good).toBe(false);
  });
});

describe('at delivery', () => {
  it('refuses to connect to a private address even when the endpoint got into the database (no request leaves), and records why', async () => {
    const port = new URL(receiver.url).port;
    for (const url of [`https://127.0.0.1:${port}/hook`, `https://localhost:${port}/hook`, `https://[::ffff:127.0.0.1]:${port}/hook`, `http://example.com:${port}/hook`]) {
      const endpoint = await app.ctx.db
        .insertInto('webhook_endpoints')
        .values({ organization_id: orgId, url, events: JSON.stringify(['board_user.created']), secret: sealSecret(app.ctx, newWebhookSecret()), created_at: new Date(), updated_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const res = await admin.post(`/organizations/${orgId}/webhooks/${endpoint.id}/test`, {}, { inertia: true });
      expect(res.status).toBe(303);
      await webhookWorker(app.ctx).drain();
      const delivery = await app.ctx.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpoint.id).executeTakeFirstOrThrow();
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
      const [attempt] = await app.ctx.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', delivery.id).execute();
      expect(attempt.response_status).toBeNull();
      expect(attempt.error, url).toMatch(/refused/);
    }
    expect(receiver.received).toHaveLength(0);
  });
});
