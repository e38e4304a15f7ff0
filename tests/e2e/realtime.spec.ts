import type { Browser, Page } from '@playwright/test';
import { demoTest, expect, signInAs } from './support/fixtures';

/**
 * Two members in two browser contexts, Echo and pusher-js as the app ships them, against the
 * realtime server `npm start` runs: changes and presence arrive without a reload.
 */
const test = demoTest();

async function member(browser: Browser, baseURL: string, who: 'admin' | 'editor'): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, who);
  return page;
}

/** A flag on `window` that any full page load would wipe. */
const markLoaded = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test('one member adds a board user; the other sees the log entry, the list and who is online, without reloading', async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const lastName = `Live-${suffix}`;
  const admin = await member(browser, baseURL!, 'admin');
  const editor = await member(browser, baseURL!, 'editor');

  // Presence: both see both.
  for (const page of [admin, editor]) await expect(page.getByText('2 members online: Adam Admin, Eve Editor')).toBeAttached();

  // The admin watches the activity log; a second tab watches the board users list, filtered to the newcomer.
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity log' }).click();
  await expect(admin).toHaveURL(/\/organizations\/\d+\/activity-logs$/);
  await expect(admin).toHaveTitle('Activity log - Boardly');
  const dashboard = await admin.context().newPage();
  await dashboard.goto('/dashboard');
  const list = await admin.context().newPage();
  await list.goto(`/board-users?search=${lastName}`);
  await expect(list.getByRole('heading', { level: 1, name: 'Board users' })).toBeVisible();
  await expect(list.getByRole('link', { name: `Ada ${lastName}` })).toHaveCount(0);
  for (const page of [admin, dashboard, list]) await markLoaded(page);

  await editor.goto('/board-users/create');
  await editor.getByLabel('First name').fill('Ada');
  await editor.getByLabel('Last name').fill(lastName);
  await editor.getByLabel('Email').fill(`ada.${suffix}@example.test`);
  await editor.getByLabel('Board').fill('Realtime Board');
  await editor.getByRole('button', { name: 'Add board user' }).click();
  await expect(editor.getByRole('heading', { level: 1, name: `Ada ${lastName}` })).toBeVisible();

  await expect(admin.getByText(`Created board user Ada ${lastName}`, { exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: `Ada ${lastName}` })).toBeVisible();
  await expect(dashboard.getByRole('region', { name: 'Recent activity' }).getByText(`Created board user Ada ${lastName}`, { exact: true })).toBeVisible();
  for (const page of [admin, dashboard, list]) expect(await sameDocument(page)).toBe(true);

  // A role change reaches the member it concerns on their own channel.
  await list.goto('/users');
  await list.getByRole('link', { name: 'Eve Editor' }).first().click();
  await expect(list).toHaveURL(/\/users\/\d+$/);
  await list.goto(`${new URL(list.url()).pathname}/edit`);
  await list.getByLabel('Role').selectOption({ label: 'Viewer' });
  await list.getByRole('button', { name: 'Save role' }).click();
  await expect(editor.getByText('Your role in Northwind Governance is now viewer.')).toBeVisible();
  await expect(editor.getByRole('link', { name: 'Edit' })).toHaveCount(0);

  // The editor leaves: the admin's online list follows.
  await editor.context().close();
  await expect(admin.getByText('1 member online: Adam Admin')).toBeAttached();
});
