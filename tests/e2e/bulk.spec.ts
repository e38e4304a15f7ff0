import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoTest, expect, signInAs } from './support/fixtures';

/**
 * CSV import and bulk actions in a real browser against the real app (demo organisation seeded;
 * the editor belongs to "Northwind Governance").
 */
const test = demoTest();

/** A CSV of `n` people whose last names carry `suffix` (so a search finds exactly them). */
function people(suffix: string, n: number, header = 'Name 1,Last name,Email,Board') {
  const lines = [header];
  for (let i = 0; i < n; i++) lines.push(`Person${String(i).padStart(2, '0')},${suffix},p${i}.${suffix}@example.test,Audit`);
  return lines.join('\r\n');
}

/** No serious or critical axe violation on what the page shows now (the accessibility spec's rules). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function upload(page: Page, name: string, csv: string) {
  await page.goto('/board-users');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page).toHaveURL(/\/board-users\/import$/);
  await page
    .getByLabel('CSV file')
    .and(page.locator('input[type=file]'))
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and map columns' }).click();
  await expect(page).toHaveURL(/\/board-users\/import\/\d+$/);
}

test('imports a file after a mapping change, showing progress and the result', async ({ page }) => {
  const suffix = `Imp${Date.now().toString(36)}`;
  await signInAs(page, 'editor');
  // 30 rows; the last one has no last name, so it fails.
  const csv = `${people(suffix, 29)}\r\nNobody,,nobody.${suffix}@example.test,Audit`;
  await upload(page, 'northwind-board.csv', csv);

  await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
  // "Name 1" was not recognised: its rows cannot be imported yet.
  const firstColumn = page.getByLabel('Field for column “Name 1”');
  await expect(firstColumn).toHaveValue('');
  const preview = page.getByRole('table', { name: 'Preview of the first rows' });
  await expect(preview.getByText('The first name field is required.').first()).toBeVisible();
  await firstColumn.selectOption({ label: 'First name' });
  await expect(preview.getByText('New').first()).toBeVisible();
  await expect(preview.getByText('The first name field is required.')).toHaveCount(0);
  await expect(page.getByLabel('Field for column “Last name”')).toHaveValue('last_name');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Import 30 rows' }).click();
  const progress = page.getByRole('progressbar', { name: /rows processed/ });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('region', { name: 'northwind-board.csv' }).getByText('Completed', { exact: true })).toBeVisible();
  await expect(page.getByText('30 of 30 rows processed')).toBeVisible();
  const created = page.getByRole('term').filter({ hasText: 'Created' }).locator('xpath=following-sibling::dd');
  await expect(created).toHaveText('29');
  await expect(page.getByRole('term').filter({ hasText: 'Failed' }).locator('xpath=following-sibling::dd')).toHaveText('1');

  // The failed row comes back as CSV with its error.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download 1 row that failed' }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text).toContain('Name 1,Last name,Email,Board,error');
  expect(text).toContain(`Nobody,,nobody.${suffix}@example.test,Audit,The last name field is required.`);

  // The people are in the list.
  await page.getByRole('link', { name: 'Go to board users' }).click();
  await page.getByRole('searchbox', { name: 'Search board users' }).fill(suffix);
  await expect(page.getByText('Showing 1 to 25 of 29 results')).toBeVisible();
});

test('selects rows across pages and changes their status in bulk; deletes all matching and undoes it', async ({ page }) => {
  const suffix = `Blk${Date.now().toString(36)}`;
  await signInAs(page, 'editor');
  await upload(page, 'bulk.csv', people(suffix, 29, 'First name,Last name,Email,Board'));
  await page.getByRole('button', { name: 'Import 29 rows' }).click();
  await expect(page.getByRole('progressbar', { name: /rows processed/ })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('link', { name: 'Go to board users' })).toBeVisible();

  await page.goto(`/board-users?search=${suffix}`);
  const table = page.getByRole('table', { name: 'Board users' });
  await table.getByRole('checkbox', { name: `Select Person00 ${suffix}` }).check();
  await table.getByRole('checkbox', { name: `Select Person01 ${suffix}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByText('2 board users selected')).toBeVisible();

  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await table.getByRole('checkbox', { name: `Select Person27 ${suffix}` }).check();
  await expect(bar.getByText('3 board users selected')).toBeVisible();
  await expectAccessible(page);

  await bar.getByRole('button', { name: 'Set inactive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set 3 board users to inactive?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Set inactive' }).click();
  await expect(page.getByText('Set the status of 3 board users to inactive.')).toBeVisible();
  await expect(bar).toHaveCount(0);

  await page.goto(`/board-users?search=${suffix}&status=inactive`);
  await expect(table.getByRole('link', { name: new RegExp(suffix) })).toHaveText([`Person00 ${suffix}`, `Person01 ${suffix}`, `Person27 ${suffix}`]);

  // Every one matching the search, across both pages, then undo.
  await page.goto(`/board-users?search=${suffix}`);
  await table.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await expect(bar.getByText('25 board users selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Select all 29 board users matching' }).click();
  await expect(bar.getByText('All 29 board users matching the filters are selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete 29 board users?' }).getByRole('button', { name: 'Delete 29 board users' }).click();
  await expect(page.getByText('Deleted 29 board users.')).toBeVisible();
  await expect(page.getByText('No board users match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Restored 29 board users.')).toBeVisible();
  await expect(page.getByText('Showing 1 to 25 of 29 results')).toBeVisible();
});

test('shows tags in the list and filters by several of them, with their counts offered', async ({ page }) => {
  const suffix = `Tag${Date.now().toString(36)}`;
  const [a, b] = [`alpha-${suffix}`.toLowerCase(), `beta-${suffix}`.toLowerCase()];
  await signInAs(page, 'editor');
  const csv = [
    'First name,Last name,Email,Board,Tags',
    `Person00,${suffix},p0.${suffix}@example.test,Audit,${a}; ${b}`,
    `Person01,${suffix},p1.${suffix}@example.test,Audit,${a}`,
    `Person02,${suffix},p2.${suffix}@example.test,Audit,${b}`,
  ].join('\r\n');
  await upload(page, 'tags.csv', csv);
  await page.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(page.getByRole('progressbar', { name: /rows processed/ })).toHaveAttribute('aria-valuenow', '100');

  await page.goto(`/board-users?search=${suffix}`);
  const table = page.getByRole('table', { name: 'Board users' });
  const names = table.getByRole('link', { name: new RegExp(suffix) });
  await expect(names).toHaveCount(3);
  await expect(
    table
      .getByRole('row', { name: new RegExp(`Person00 ${suffix}`) })
      .getByRole('list', { name: 'Tags' })
      .getByRole('listitem'),
  ).toHaveText([a, b]);

  // The counts arrive right after the page (a deferred prop); each chosen tag narrows further.
  const filter = page.getByRole('combobox', { name: 'Tags' });
  await filter.selectOption({ label: `${a} (2)` });
  await expect(page).toHaveURL(new RegExp(`tags=${a}`));
  await expect(names).toHaveText([`Person00 ${suffix}`, `Person01 ${suffix}`]);
  await filter.selectOption({ label: `${b} (2)` });
  await expect(names).toHaveText([`Person00 ${suffix}`]);
  await expectAccessible(page);
  await page.getByRole('button', { name: `${a} (remove from the filter)` }).click();
  await expect(names).toHaveText([`Person00 ${suffix}`, `Person02 ${suffix}`]);
  await page.screenshot({ path: test.info().outputPath('tag-filter.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('tag-filter-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // A tag is found by the search too.
  await page.goto(`/board-users?search=${b}`);
  await expect(names).toHaveText([`Person00 ${suffix}`, `Person02 ${suffix}`]);
});
