import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { actingAs, createUser, PASSWORD } from '../../helpers/factories';

/** Issue #24 item 7: "Scan the QR code…" is an instruction, not a success. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const json = { headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } };

describe('starting two-factor set-up', () => {
  it('flashes the scan instruction as an info toast, and no success', async () => {
    const client = await actingAs(app, app.client(), await createUser(app));
    expect((await client.post('/user/confirm-password', { password: PASSWORD }, json)).status).toBe(201);
    const res = await client.post('/user/two-factor-authentication', {}, { inertia: true });
    expect(res.status).toBe(303);
    const flash = (await client.get('/profile', { inertia: true })).page().props.flash as Record<string, unknown>;
    expect(flash.info).toMatch(/^Scan the QR code/);
    expect(flash).not.toHaveProperty('success');
  });
});
