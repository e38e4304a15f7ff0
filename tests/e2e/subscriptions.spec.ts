import { demoTest, expect, registerAndVerify, signInAs, uniqueEmail } from './support/fixtures';
import { screens } from './support/screens';

/**
 * The subscription pages and the dashboard chart in a real browser, against an app seeded with
 * the demo organisation (northwind: a Team trial with 32 board users, more than Free allows).
 */
const test = demoTest();
test.describe.configure({ mode: 'serial' });

test('an admin is refused a downgrade below usage, cancels, resumes, and sees both in the history', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subscription' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page).toHaveTitle('Subscription - Boardly');
  await expect(page.getByRole('progressbar', { name: 'Board users' })).toHaveAttribute('aria-valuenow', '32');

  // Downgrade to Free with 32 board users: refused, and the message names the limit and the count.
  await page.getByRole('link', { name: 'Change plan' }).click();
  await expect(page).toHaveURL(/\/subscription\/edit$/);
  await page.getByRole('radio', { name: /^Free/ }).check({ force: true });
  // Refused before it is sent: the plan's card says why, once, and the button says it cannot go.
  const button = page.getByRole('button', { name: 'Switch to Free' });
  await expect(button).toBeDisabled();
  // The demo organisation is over Free in three limits; board users is the one this test is about.
  const refusal = page.getByText('Remove some before downgrading');
  await expect(refusal).toHaveCount(1);
  await expect(refusal).toContainText('The Free plan allows 25 board users; you have 32.');
  await expect(refusal).toContainText('The Free plan allows 3 members; you have 4.');
  await expect(button).toHaveAccessibleDescription(/The Free plan allows 25 board users; you have 32\./);
  await expect(page.getByRole('alert').filter({ hasText: 'Remove some before downgrading' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/subscription\/edit$/);

  // Cancel: the trial stays until its end, and can be resumed.
  await page.getByRole('link', { name: 'Subscription', exact: true }).first().click();
  await expect(page).toHaveURL(/\/subscription$/);
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel the subscription?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your subscription is canceled.', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('Canceled', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByText('Your Team subscription is running again.')).toBeVisible();
  await expect(page.getByText('Trial', { exact: true })).toBeVisible();

  // Both in the history, newest first, by the admin.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/subscription\/history$/);
  const rows = page.getByRole('table', { name: 'Subscription history, newest first' }).locator('tbody tr');
  await expect(rows.nth(0)).toContainText('Resumed');
  await expect(rows.nth(0)).toContainText('Adam Admin');
  await expect(rows.nth(1)).toContainText('Canceled');
  await expect(rows.nth(1)).toContainText('Adam Admin');
  await expect(rows.nth(2)).toContainText('Trial started');
  await page.screenshot({ path: test.info().outputPath('subscription-history.png'), fullPage: true });
});

test('a viewer sees the subscription but cannot reach Edit (403 page)', async ({ page, consoleErrors }) => {
  await signInAs(page, 'viewer');
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change plan' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

  consoleErrors.allow(/status of 403 .*\/subscription\/edit\)$/);
  const response = await page.goto('/subscription/edit');
  expect(response?.status()).toBe(403);
  await expect(page).toHaveTitle('403 Forbidden - Boardly');
  await expect(page.getByRole('heading', { name: 'You don’t have access', level: 1 })).toBeVisible();
});

test('the dashboard chart renders as an accessible SVG', async ({ page }) => {
  await signInAs(page, 'owner');
  const chart = page.locator('svg[role="img"][data-chart="bar"]');
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', /^Insights published per week, last 12 weeks\. 4 in total;/);
  await expect(chart.locator('g[data-value]')).toHaveCount(12);
  const values = await chart.locator('g[data-value]').evaluateAll((gs) => gs.map((g) => Number(g.getAttribute('data-value'))));
  expect(values.reduce((a, b) => a + b, 0)).toBe(4);
  // Every bar with a value is drawn with a height; the data is also a (visually hidden) table.
  const heights = await chart.locator('g[data-value] rect:nth-of-type(2)').evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('height'))));
  expect(heights.filter((h) => h > 0)).toHaveLength(values.filter((v) => v > 0).length);
  const table = page.getByRole('table', { name: 'Insights published per week, last 12 weeks' });
  await expect(table.locator('tbody tr')).toHaveCount(12);
  // Figures link to their filtered lists.
  await expect(page.getByRole('link', { name: /inactive/ })).toHaveAttribute('href', '/board-users?status=inactive');
  await expect(page.getByRole('link', { name: /draft/ })).toHaveAttribute('href', '/insights?status=draft');
  await expect(page.getByRole('link', { name: /members: view all/ })).toHaveAttribute('href', '/users');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page
    .locator('section')
    .filter({ has: chart })
    .last()
    .screenshot({ path: test.info().outputPath('dashboard-chart.png') });
  await page.screenshot({ path: test.info().outputPath('dashboard.png'), fullPage: true });
});

test('a plan that costs more is confirmed first; choosing the plan on trial says it ends the trial', async ({ page }) => {
  await signInAs(page, 'owner');
  await page.goto('/subscription/edit');
  // Business costs more than the (free) trial: a confirmation names the price, and Not now sends nothing.
  await page.getByRole('radio', { name: /^Business/ }).check({ force: true });
  await page.getByRole('button', { name: 'Switch to Business' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Switch to Business?' });
  await expect(upgrade).toContainText('Business costs $99.00 a month.');
  await upgrade.getByRole('button', { name: 'Not now' }).click();
  await expect(upgrade).toBeHidden();
  await expect(page).toHaveURL(/\/subscription\/edit$/);

  // Team during the Team trial: not "Switch to Team" but what it means.
  await page.getByRole('radio', { name: /^Team/ }).check({ force: true });
  const subscribe = page.getByRole('button', { name: 'Subscribe to Team now' });
  await expect(subscribe).toHaveAccessibleDescription('Ends your trial today: Team continues as a paid plan at $29.00 a month, starting now.');
  await subscribe.click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Team now?' });
  await expect(dialog).toContainText('Your trial ends today');
  await dialog.getByRole('button', { name: 'Subscribe to Team now' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByText('You are now on the Team plan.')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
});

test('a new organisation downgrades to Free with a confirmation, and at 25 of 25 "Add board user" shows the limit before any form', async ({ page, app }) => {
  await registerAndVerify(page, app, 'Lena Limit', uniqueEmail('limit'));
  await expect(page).toHaveURL(/\/organizations\/select$/);
  await page.getByRole('link', { name: 'Create an organization' }).click();
  await page.getByLabel('Name').fill('Limit Office');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Limit Office' })).toBeVisible();

  // Free ends the Team trial and allows less: asked first, as paying more is.
  await page.goto('/subscription/edit');
  await page.getByRole('radio', { name: /^Free/ }).check({ force: true });
  await page.getByRole('button', { name: 'Switch to Free' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch to Free?' });
  await expect(dialog).toContainText('Your Team trial ends today');
  await screens(page, 'downgrade-confirmation');
  await dialog.getByRole('button', { name: 'Switch to Free' }).click();
  await expect(page).toHaveURL(/\/subscription$/);

  // Public links 0 of 0: not included, not a full red bar.
  await expect(page.getByText('Not included in this plan')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Public links' })).toHaveCount(0);
  await screens(page, 'usage-not-included');

  // 25 board users, the Free limit, by import.
  const rows = ['First name,Last name,Email'];
  for (let i = 0; i < 25; i++) rows.push(`Person${i},Limit,p${i}.limit@example.test`);
  await page.goto('/board-users/import');
  await page
    .getByLabel('CSV file')
    .and(page.locator('input[type=file]'))
    .setInputFiles({ name: 'limit.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) });
  await page.getByRole('button', { name: 'Upload and map columns' }).click();
  await page.getByRole('button', { name: 'Import 25 rows' }).click();
  await expect(page.getByText('25 of 25 rows processed')).toBeVisible();

  await page.goto('/board-users');
  await page.getByRole('link', { name: 'Add board user' }).first().click();
  const notice = page.getByRole('status').filter({ hasText: 'Board users: 25 of 25 on the Free plan.' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Upgrade the plan' })).toHaveAttribute('href', '/subscription/edit');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveCount(0);
  await screens(page, 'limit-notice');
});
