import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAppUrl, followListeningPort, loadConfig } from '../../server/config';
import { startServer } from '../../server/main';
import { createLogger } from '../../server/lib/logger';
import { MemoryMailer } from '../../server/mail/mailer';
import { nullBroadcaster } from '../../server/broadcasting/broadcaster';
import { createTestApp, type TestApp } from '../helpers/app';
import { actingAs, createInsight, createOrganization, createUser } from '../helpers/factories';
import { rawRequest } from '../helpers/raw-http';

/**
 * With APP_URL unset, every absolute URL the app makes (mail links, the share link, the public
 * page address in Settings, canonical and og:url) names the port the app really runs on, and
 * never the request's Host header. (The app listens on a random port here: APP_PORT=3500 is
 * what it was told, so links must say 3500 whatever the test connects to.)
 */

const ORIGIN = 'http://localhost:3500';
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ env: { APP_PORT: '3500' } });
});
afterAll(() => app.close());

describe('APP_URL follows APP_PORT when unset', () => {
  it('defaults to http://localhost:{APP_PORT}; a given APP_URL wins', () => {
    expect(loadConfig({ APP_PORT: '3500' }).APP_URL).toBe('http://localhost:3500');
    expect(loadConfig({}).APP_URL).toBe('http://localhost:3000');
    expect(loadConfig({ APP_PORT: '3500', APP_URL: 'https://boardly.example' }).APP_URL).toBe('https://boardly.example');
  });

  it('with APP_PORT=0 the default follows the port the system picked; a given one never moves', () => {
    const picked = loadConfig({ APP_PORT: '0' });
    followListeningPort(picked, 41234);
    expect(picked.APP_URL).toBe(defaultAppUrl(41234));
    const fixed = loadConfig({ APP_PORT: '3500' });
    followListeningPort(fixed, 3500);
    expect(fixed.APP_URL).toBe(ORIGIN);
    const given = loadConfig({ APP_PORT: '0', APP_URL: 'https://boardly.example' });
    followListeningPort(given, 41234);
    expect(given.APP_URL).toBe('https://boardly.example');
  });

  it('npm start reports the URL the links use: one source, ctx.url()', async () => {
    const config = loadConfig({
      APP_ENV: 'test',
      APP_KEY: 'app-url-test',
      APP_PORT: '0',
      APP_HOST: '127.0.0.1',
      PGLITE_DIR: 'memory',
      STORAGE_DIR: '/tmp/boardly-test-storage',
      REVERB_SERVER_ENABLED: 'false',
      SCHEDULER_ENABLED: 'false',
      LOG_LEVEL: 'silent',
    });
    const running = await startServer(config, { logger: createLogger('silent'), mailer: new MemoryMailer(), broadcaster: nullBroadcaster });
    try {
      const port = (running.http.address() as { port: number }).port;
      expect(running.url).toBe(`http://localhost:${port}`);
      expect(running.ctx.url('/p/acme')).toBe(`http://localhost:${port}/p/acme`);
    } finally {
      await running.stop();
    }
  });
});

describe('every absolute link names http://localhost:{APP_PORT}', () => {
  it('the verification mail (registration)', async () => {
    const client = app.client();
    await client.prime('/register');
    await client.post('/register', { name: 'Port Person', email: 'port-verify@example.test', password: 'long enough pass', password_confirmation: 'long enough pass' });
    const link = app.mail.linkIn(app.mail.last('port-verify@example.test'));
    expect(link.startsWith(`${ORIGIN}/verify-email/`)).toBe(true);
  });

  it('the password reset mail', async () => {
    const user = await createUser(app, { email: 'port-reset@example.test' });
    const client = app.client();
    await client.prime('/forgot-password');
    await client.post('/forgot-password', { email: user.email });
    const link = app.mail.linkIn(app.mail.last(user.email));
    expect(link.startsWith(`${ORIGIN}/reset-password/`)).toBe(true);
  });

  it('the invitation mail', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner);
    const client = await actingAs(app, app.client(), owner, org.id);
    const res = await client.post('/users', { email: 'port-invite@example.test', role: 'viewer' });
    expect(res.status).toBe(302);
    const link = app.mail.linkIn(app.mail.last('port-invite@example.test'));
    expect(link.startsWith(`${ORIGIN}/invitations/`)).toBe(true);
  });

  it("an insight's share link (what the Copy button copies) and the public page address", async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner);
    const insight = await createInsight(app, org.id, owner.id, { title: 'Shared', category: 'strategy', status: 'published', published_at: new Date(), share_token: 'a'.repeat(32) });
    const client = await actingAs(app, app.client(), owner, org.id);
    const page = (await client.get(`/insights/${insight.id}`, { inertia: true })).page();
    expect(page.props.insight.share_url).toBe(`${ORIGIN}/p/${org.slug}/${'a'.repeat(32)}`);
    expect(page.props.sharing.publicPageUrl).toBe(`${ORIGIN}/p/${org.slug}`);
  });

  it('the public page address in Settings', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner);
    const client = await actingAs(app, app.client(), owner, org.id);
    const page = (await client.get('/settings', { inertia: true })).page();
    expect(page.props.organization.public_url).toBe(`${ORIGIN}/p/${org.slug}`);
  });

  it('canonical and og:url of the public pages, whatever Host the request names', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { public_page_enabled: true });
    const token = 'b'.repeat(32);
    await createInsight(app, org.id, owner.id, { title: 'Public', category: 'strategy', status: 'published', published_at: new Date(), share_token: token });
    for (const path of [`/p/${org.slug}`, `/p/${org.slug}/${token}`]) {
      const res = await rawRequest(app.url, { method: 'GET', path, headers: { Host: 'evil.example', Accept: 'text/html' } });
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain(`<link rel="canonical" href="${ORIGIN}${path}">`);
      expect(res.text, path).toContain(`<meta property="og:url" content="${ORIGIN}${path}">`);
      // Nor anywhere else: the websocket host (page props, CSP connect-src) comes from APP_URL too.
      expect(res.text, path).not.toContain('evil.example');
      expect(res.headers['content-security-policy'], path).toContain('ws://localhost:');
      expect(res.headers['content-security-policy'], path).not.toContain('evil.example');
    }
  });
});
