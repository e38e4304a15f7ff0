import type { Request } from '@playwright/test';
import { demoTest, expect, signInAs, uniqueEmail, PASSWORD } from './support/fixtures';
import { Mailbox } from './support/mailbox';
import { screens } from './support/screens';

/** Issue #24 item 7 (the flows part): rough edges met on the way through, in a real browser. */
const test = demoTest();

test('a filter select asks at once; the text search still waits for the typing to stop', async ({ page }) => {
  await signInAs(page, 'editor');
  await page.clock.install();
  await page.goto('/insights');
  await expect(page.getByRole('table', { name: 'Insights' })).toBeVisible();
  // Time stands still from here: a request sent behind a timer would never leave.
  await page.clock.pauseAt(new Date(Date.now() + 60_000));

  const select = page.waitForRequest((r) => new URL(r.url()).searchParams.get('status') === 'published');
  await page.getByLabel('Status').selectOption('published');
  await select;

  const searches: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).searchParams.get('search') === 'cash') searches.push(r);
  });
  await page.getByLabel('Search insights').fill('cash');
  await page.clock.runFor(100);
  expect(searches, 'typing asks before the debounce').toHaveLength(0);
  const search = page.waitForRequest((r) => new URL(r.url()).searchParams.get('search') === 'cash');
  await page.clock.runFor(400);
  const sent = new URL((await search).url());
  expect(sent.searchParams.get('status')).toBe('published');
});

test('insights sort by a column heading, server-side', async ({ page }) => {
  await signInAs(page, 'viewer');
  await page.goto('/insights');
  const table = page.getByRole('table', { name: 'Insights' });
  await table.getByRole('link', { name: 'Title' }).click();
  await expect(page).toHaveURL(/sort=title&direction=asc/);
  await expect(table.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
  const titles = await table.locator('tbody tr td:nth-child(2) a').allTextContents();
  expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
  await table.getByRole('link', { name: 'Title' }).click();
  await expect(table.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'descending');
  await screens(page, 'insights-sorted');
});

test('the insight board-user picker empties its search box after a pick', async ({ page }) => {
  await signInAs(page, 'editor');
  await page.goto('/insights/create');
  const picker = page.getByRole('combobox', { name: 'Board users' });
  await picker.fill('a');
  const first = page.getByRole('listbox', { name: 'Board users' }).getByRole('option').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(picker).toHaveValue('');
  await expect(picker).toBeFocused();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(1);
});

test('a viewer is not told about a link they cannot create, nor about a log they cannot open', async ({ page, browser, app }) => {
  await signInAs(page, 'viewer');
  await expect(page.getByText('The latest changes to board users, insights, members and the plan.')).toBeVisible();
  await expect(page.getByText('Sign-ins are in the activity log.')).toHaveCount(0);

  await page.goto('/insights');
  await page.getByRole('link', { name: 'Risk appetite statements that people actually use' }).click();
  const share = page.getByRole('region', { name: 'Public link' });
  await expect(share.getByText('This insight has no public link. Members who edit insights can create one.')).toBeVisible();
  await expect(share.getByText(/Create a link anyone can open/)).toHaveCount(0);
  await expect(share.getByRole('button')).toHaveCount(0);
  await screens(page, 'insight-share-viewer');

  const admin = await (await browser.newContext({ baseURL: app.url })).newPage();
  await signInAs(admin, 'admin');
  await expect(admin.getByText('Sign-ins are in the activity log.')).toBeVisible();
  await admin.goto(page.url());
  await expect(admin.getByRole('region', { name: 'Public link' }).getByRole('button', { name: 'Create public link' })).toBeVisible();
  await admin.context().close();
});

test('two organisations with the same name are told apart by their web address in the switcher', async ({ page }) => {
  await signInAs(page, 'owner');
  await page.goto('/organizations/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Northwind Governance');
  await page.getByRole('textbox', { name: 'Slug', exact: true }).fill('northwind-south');
  await page.getByRole('button', { name: /create organization/i }).click();
  await expect(page).not.toHaveURL(/\/organizations\/create$/);

  const switcher = page.getByRole('button', { name: /^Organization: Northwind Governance/ });
  await expect(switcher).toHaveAccessibleName(/northwind-south/);
  await switcher.click();
  const items = page.getByRole('menuitem', { name: /Northwind Governance/ });
  await expect(items).toHaveCount(2);
  await expect(page.getByRole('menuitem', { name: /Northwind Governance.*northwind$/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Northwind Governance.*northwind-south$/ })).toBeVisible();
  await screens(page, 'switcher-same-name');
});

test('"Create your organization" says an account comes first, and after verifying the organisation form opens', async ({ page, app }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Create your organization' }).first().click();
  await expect(page).toHaveURL(/\/register\?intent=organization$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your organization' })).toBeVisible();
  await expect(page.getByText('First your account, then your organization: this form creates your account.')).toBeVisible();
  await expect(page.getByText('Name your organization and pick its web address.')).toBeVisible();
  await screens(page, 'register-for-organization');

  const email = uniqueEmail('founder');
  await page.getByLabel('Name').fill('Founding Person');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  const mail = await app.mailbox.waitFor(email, /verify/i);
  await page.goto(Mailbox.link(mail, /https?:\/\/\S+\/verify-email\/\S+/));
  await expect(page).toHaveURL(/\/organizations\/create$/);
});

test('the import lists its columns, offers a template, keeps phone numbers whole and flags bad rows before the start', async ({ page }) => {
  await signInAs(page, 'editor');
  await page.goto('/board-users/import');
  const columns = page.getByRole('region', { name: 'Accepted columns' });
  await expect(columns.getByText('First name', { exact: true })).toBeVisible();
  await expect(columns.getByText(/Also: .*vorname/)).toBeVisible();
  const download = page.waitForEvent('download');
  await columns.getByRole('link', { name: 'Download a CSV template' }).click();
  expect((await download).suggestedFilename()).toBe('board-users-import-template.csv');
  await screens(page, 'import-columns');

  const good = Array.from({ length: 11 }, (_, i) => `Imported${i},Person,imported${i}@example.test,+44 20 7946 ${String(1000 + i)}`);
  const csv = ['first_name,last_name,email,phone', ...good, 'Broken,,broken-at-example,+44 20 7946 9999'].join('\n');
  await page
    .getByLabel('CSV file')
    .and(page.locator('input[type=file]'))
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and map columns' }).click();
  await expect(page.getByRole('table', { name: 'Preview of the first rows' })).toBeVisible();

  const phone = page.getByRole('table', { name: 'Preview of the first rows' }).getByRole('cell', { name: '+44 20 7946 1000' });
  await expect(phone).toHaveCSS('white-space', 'nowrap');
  await expect(page.getByText(/1 of 12 rows would not be imported/)).toBeVisible();
  const further = page.getByRole('table', { name: 'Further rows that would not be imported' });
  await expect(further.getByRole('cell', { name: 'Row 13' })).toBeVisible();
  await expect(further.getByText(/last name field is required/i)).toBeVisible();
  await screens(page, 'import-preview-problems');
});

test('a withdrawn or unknown public link says so, with a 404', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/404/);
  const res = await page.goto('/p/northwind/AAAAAAAAAAAAAAAAAAAAAAAA');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not available' })).toBeVisible();
  await expect(page.getByText(/may have been withdrawn, or replaced by a new one/)).toBeVisible();
  await screens(page, 'public-link-unavailable');
});
