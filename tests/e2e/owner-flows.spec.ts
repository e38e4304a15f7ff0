import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, demoTest, expect, signIn, signInAs, type DemoUser } from './support/fixtures';

/**
 * Issue #12, bugs 3, 7, 8 and 9 in the browser, on the demo organization (this file's own app):
 * what owners, platform admins and removed members meet.
 */
const test = demoTest();

async function openAs(browser: Browser, baseURL: string, who: DemoUser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(page, who);
  return page;
}

test('a platform admin’s menu holds only links that work, before and after choosing an organization (bug 8)', async ({ page }) => {
  await signIn(page, 'platform@boardly.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/organizations\/select$/);
  await expect(page.getByRole('heading', { name: 'Open any organization' })).toBeVisible();
  await expect(page.getByText('You are not part of an organization yet')).toHaveCount(0);

  await page.getByRole('link', { name: 'All organizations' }).click();
  await expect(page).toHaveURL(/\/organizations$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Organizations']);

  await page.getByRole('link', { name: 'Northwind Governance' }).first().click();
  await page.getByRole('button', { name: 'Switch to this organization' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const [label, heading] of [
    ['Board users', 'Board users'],
    ['Insights', 'Insights'],
    ['Subscription', 'Subscription'],
    ['Dashboard', 'Dashboard'],
  ]) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).not.toHaveURL(/\/organizations\/select/);
  }
});

test('the only owner is told why they cannot leave, transfers ownership through the password dialog, and the organization is deleted in one go (bugs 7, 3, 9)', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'owner');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Organization', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Northwind Governance' })).toBeVisible();

  // Bug 7: no Leave button for the only owner, but the reason and the way out.
  const leave = page.getByRole('region', { name: 'Leave organization' });
  await expect(leave.getByText('You are the last owner of Northwind Governance.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Leave/ })).toHaveCount(0);
  await leave.getByRole('link', { name: 'Transfer ownership' }).click();
  await expect(page).toHaveURL(/\/organizations\/\d+\/edit#transfer-ownership$/);

  // Bug 3: choose, confirm, then the password (not confirmed since signing in), then it is done.
  const transfer = page.getByRole('region', { name: 'Transfer ownership' });
  await transfer.getByLabel('New owner').selectOption({ label: 'Adam Admin (admin@boardly.test) – Admin' });
  await transfer.getByRole('button', { name: 'Transfer ownership' }).click();
  await page.getByRole('dialog', { name: 'Transfer ownership?' }).getByRole('button', { name: 'Transfer' }).click();
  const password = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(password.getByLabel('Password')).toBeFocused();
  consoleErrors.allow(/status of 422 .*\/user\/confirm-password\)$/);
  await password.getByLabel('Password').fill('not my password');
  await password.getByRole('button', { name: 'Confirm' }).click();
  await expect(password.getByText('The provided password is incorrect.')).toBeVisible();
  await password.getByLabel('Password').fill(DEMO_PASSWORD);
  await password.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Adam Admin is now an owner of Northwind Governance.')).toBeVisible();
  await expect(page.getByText('You are admin')).toBeVisible();
  // Now one of two owners' colleagues: leaving is offered.
  await expect(page.getByRole('button', { name: 'Leave Northwind Governance' })).toBeVisible();

  const organizationEdit = page.url();
  // Olivia has Victor's role form open when Adam removes him: she is taken back to the list and told.
  await page.goto('/users');
  const victorPage = await page.getByRole('link', { name: 'Victor Viewer' }).first().getAttribute('href');
  await page.goto(`${victorPage}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: /Victor Viewer/ })).toBeVisible();

  // Bug 9, removal: Victor is looking at the dashboard when Adam removes him.
  const victor = await openAs(browser, baseURL!, 'viewer');
  const adam = await openAs(browser, baseURL!, 'admin');
  await adam.goto('/users');
  await adam.getByRole('button', { name: 'Remove Victor Viewer' }).click();
  await adam.getByRole('alertdialog', { name: 'Remove Victor Viewer?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(adam.getByText('Victor Viewer was removed from Northwind Governance.')).toBeVisible();
  await expect(victor.getByText('You were removed from Northwind Governance.')).toBeVisible();
  await expect(victor).toHaveURL(/\/organizations\/select$/);
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByText('Victor Viewer was removed from the organization by a colleague.')).toBeVisible();
  await page.goto(organizationEdit);
  await expect(page.getByRole('heading', { level: 1, name: 'Northwind Governance' })).toBeVisible();

  // Bug 3 again: Adam, the new owner, deletes the organization: "are you sure?", then the
  // password, then it is gone, without a detour.
  await adam.goto('/organizations');
  await adam.getByRole('link', { name: 'Northwind Governance' }).first().click();
  await adam.getByRole('link', { name: 'Edit' }).click();
  await adam.getByRole('button', { name: 'Delete organization' }).click();
  await adam.getByRole('alertdialog', { name: 'Delete Northwind Governance?' }).getByRole('button', { name: 'Delete organization' }).click();
  const adamPassword = adam.getByRole('dialog', { name: 'Confirm your password' });
  await adamPassword.getByLabel('Password').fill(DEMO_PASSWORD);
  await adamPassword.getByRole('button', { name: 'Confirm' }).click();
  await expect(adam).toHaveURL(/\/organizations$/);
  await expect(adam.getByText('Northwind Governance has been deleted.')).toBeVisible();

  // Bug 9, deletion: Olivia had the organisation's page open; she is told at once, without a
  // reload of a page that no longer exists (no 404 in the console).
  await expect(page).toHaveURL(/\/organizations\/select$/);
  await expect(page.getByText('Northwind Governance has been deleted.')).toBeVisible();
  await victor.context().close();
  await adam.context().close();
});
