import { demoTest, expect, signInAs } from './support/fixtures';
import { screens } from './support/screens';

/**
 * Issue #28: an admin creates an organisation API token, sees it once, uses it the way other
 * software would (a bearer request to /broadcasting/auth, as Echo's `bearerToken` option sends
 * it), and revokes it; the token is refused at once.
 */
const test = demoTest();

test('an admin creates a token (shown once), it authorises its organisation channel, and revoking it refuses it at once', async ({ page }) => {
  await signInAs(page, 'admin');
  // The organisation's page links to its API tokens for admins.
  await page.getByRole('navigation').getByRole('link', { name: 'Organization', exact: true }).first().click();
  await page.getByRole('link', { name: 'API tokens' }).click();
  await expect(page).toHaveURL(/\/organizations\/\d+\/api-tokens$/);
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  const orgId = Number(/\/organizations\/(\d+)\//.exec(page.url())![1]);
  await screens(page, 'api-tokens-empty');

  await page.getByLabel('Name').fill('HR sync');
  await page.getByLabel('Read the activity log and follow it live').check();
  await page.getByLabel('Expires after').selectOption({ label: '30 days' });
  await page.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByTestId('new-api-token');
  await expect(shown).toBeVisible();
  await expect(shown.getByText('it will not be shown again', { exact: false })).toBeVisible();
  const token = await shown.getByLabel('Token').inputValue();
  expect(token).toMatch(/^bdly_[A-Za-z0-9_-]{40,}$/);
  const row = page.getByRole('row').filter({ hasText: 'HR sync' });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText(`${token.slice(0, 9)}…`)).toBeVisible();
  await screens(page, 'api-tokens-created');

  // Used like curl would: the bearer header alone (page.request also sends the admin's cookies; they are ignored).
  const authorize = (channel_name: string, path = '/broadcasting/auth') =>
    page.request.post(path, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' }, form: { socket_id: '1234.5678', channel_name } });
  const ok = await authorize(`private-organizations.${orgId}`);
  expect(ok.status()).toBe(200);
  expect((await ok.json()).auth).toMatch(/^[^:]+:[0-9a-f]{64}$/);
  expect((await authorize(`presence-organizations.${orgId}.online`)).status()).toBe(403);
  expect((await authorize(`private-organizations.${orgId + 1}`)).status()).toBe(403);
  expect((await authorize('', '/broadcasting/user-auth')).status()).toBe(403);

  // Shown once: a reload no longer has it; the row now shows its last use.
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('Not used yet')).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByTestId('new-api-token')).toHaveCount(0);
  expect(await page.content()).not.toContain(token);

  await row.getByRole('button', { name: 'Revoke HR sync' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Revoke “HR sync”?');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(row.getByText('Revoked')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Revoke HR sync' })).toHaveCount(0);
  await screens(page, 'api-tokens-revoked');

  const refused = await authorize(`private-organizations.${orgId}`);
  expect(refused.status()).toBe(401);
  expect(refused.headers()['www-authenticate']).toContain('Bearer');
});
