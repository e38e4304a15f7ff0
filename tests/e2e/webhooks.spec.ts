import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoTest, expect, signInAs } from './support/fixtures';
import { screens } from './support/screens';

/**
 * Issue #28: an admin adds a webhook endpoint in the organization settings and sends it a test
 * event; a real local receiver gets it, signed. The app allows a local http receiver only because
 * this test says so (outside production, WEBHOOKS_ALLOW_PRIVATE and WEBHOOKS_ALLOW_HTTP).
 */
const test = demoTest({ APP_ENV: 'development', WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_ALLOW_HTTP: 'true', QUEUE_POLL_MS: '200' });

test('an admin adds an endpoint and sends it a test event', async ({ page }) => {
  test.setTimeout(90_000);
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('thanks');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/boardly`;
  try {
    await signInAs(page, 'admin');
    await page.goto('/organizations/1/edit');
    await page.getByRole('link', { name: 'Manage webhooks' }).click();
    await expect(page).toHaveURL(/\/organizations\/1\/webhooks$/);
    await expect(page.getByText('No webhook endpoints yet.')).toBeVisible();
    await screens(page, 'webhooks-empty');

    await page.getByLabel('URL').fill(url);
    await page.getByLabel('Description').fill('CRM sync');
    await page.getByRole('checkbox', { name: /Board user · Created/ }).check();
    await page.getByRole('checkbox', { name: /Insight · Published/ }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page).toHaveURL(/\/organizations\/1\/webhooks\/\d+$/);
    await expect(page.getByText('Webhook endpoint added.')).toBeVisible();
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_[A-Za-z0-9+/=]{40,}$/);

    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event queued')).toBeVisible();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    expect(JSON.parse(received[0].body).type).toBe('webhook.test');
    expect(received[0].headers['webhook-signature']).toMatch(/^v1,/);
    await page.reload();
    const log = page.getByTestId('webhook-deliveries');
    await expect(log.getByText('Delivered')).toBeVisible();
    await expect(log.getByText('webhook.test')).toBeVisible();
    await screens(page, 'webhook-endpoint');

    await page.getByRole('link', { name: 'Webhooks' }).first().click();
    await expect(page.getByTestId('webhook-endpoints').getByText(url)).toBeVisible();
    await screens(page, 'webhooks-list');
  } finally {
    await new Promise<void>((r) => receiver.close(() => r()));
  }
});
