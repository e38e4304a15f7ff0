import { demoTest, expect, signInAs } from './support/fixtures';

/**
 * Issue #12, bugs 2 and 6, in the browser: signing out leaves nothing private behind (Back shows
 * no signed-in page, from history or from the HTTP cache), and closes the websocket cleanly
 * (the fixture fails the test on any console error, such as "WebSocket is already in CLOSING
 * or CLOSED state").
 */
const test = demoTest();

test('after signing out, Back shows no board user and the console stays clean', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Board users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Board users' })).toBeVisible();
  const first = page.getByRole('table').getByRole('row').nth(1).getByRole('link').first();
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // Signed in, the presence channel is joined: the socket has something to leave.
  await expect(page.getByText(/member(s)? online/)).toBeAttached();

  await page.getByRole('button', { name: 'Adam Admin, account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Long enough for a late write to a closing socket to reach the console.
  await page.waitForTimeout(500);

  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  expect(await page.content()).not.toContain(name);

  // Back again, past the index: still the sign-in form, nothing of the organization.
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Board users' })).toHaveCount(0);
  await expect(page.getByText(name)).toHaveCount(0);
});
