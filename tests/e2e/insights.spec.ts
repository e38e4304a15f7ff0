import { demoTest, expect, signInAs } from './support/fixtures';

/**
 * Board user → Markdown insight → publish → share → read it signed out → unshare → 404, in a
 * real browser against the real app. The app runs with the demo organisation seeded, so the
 * editor (editor@boardly.test) already belongs to "Northwind Governance" on the team plan.
 */
const test = demoTest({ SCHEDULER_ENABLED: 'true' });

test('editor creates a board user, writes, publishes and shares an insight; the link works signed out until unshared', async ({ page, browser, baseURL, consoleErrors }) => {
  const suffix = Date.now().toString(36);
  const lastName = `Lovelace-${suffix}`;
  const title = `Engines and boards ${suffix}`;
  await signInAs(page, 'editor');

  // A board user, through the shared form.
  await page.goto('/board-users');
  await page.getByRole('link', { name: 'Add board user' }).click();
  await expect(page).toHaveURL(/\/board-users\/create$/);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(`ada.${suffix}@example.test`);
  await page.getByLabel('Board').fill('Analytical Engine Board');
  await page.getByLabel('Position').fill('Chair');
  await page.getByLabel('Tags').fill('finance, engines');
  await page.getByRole('button', { name: 'Add board user' }).click();
  await expect(page).toHaveURL(/\/board-users\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Ada ${lastName}` })).toBeVisible();
  await expect(page.getByText(`Ada ${lastName} was added.`)).toBeVisible();

  // The index finds them by a debounced search that keeps the query string.
  await page.goto('/board-users');
  await page.getByRole('searchbox', { name: 'Search board users' }).fill(lastName);
  await expect(page).toHaveURL(new RegExp(`search=${lastName}`));
  await expect(page.getByRole('link', { name: `Ada ${lastName}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Board users' }).getByRole('row')).toHaveCount(2);

  // An insight in Markdown, linked to the board user through the searchable multi-select.
  await page.goto('/insights/create');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Summary').fill('Why the board should read the notes.');
  await page.getByLabel('Category').selectOption('strategy');
  const picker = page.getByRole('combobox', { name: 'Board users' });
  await picker.fill(lastName);
  const option = page.getByRole('option', { name: new RegExp(`Ada ${lastName}`) });
  await expect(option).toBeVisible();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await picker.press('Escape');
  await expect(page.getByRole('button', { name: `Remove Ada ${lastName}` })).toBeVisible();
  await page.getByLabel('Body').fill('# Findings\n\nThe engine **weaves** algebraic patterns.\n\n- one\n- two\n\n<script>alert("no")</script>');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Preview' }).getByRole('heading', { name: 'Findings' })).toBeVisible();
  await page.getByRole('tab', { name: 'Write' }).click();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/insights\/\d+$/);
  const article = page.locator('article');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(article.getByRole('heading', { level: 2, name: 'Findings' })).toBeVisible();
  await expect(article.locator('strong', { hasText: 'weaves' })).toBeVisible();
  await expect(article.locator('script')).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Ada ${lastName}` })).toBeVisible();
  await expect(page.getByText('Publish this insight to share it with a public link.')).toBeVisible();

  // Publish, then share.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Insight published.')).toBeVisible();
  await page.getByRole('button', { name: 'Create public link' }).click();
  const linkBox = page.getByRole('textbox', { name: 'Public link' });
  await expect(linkBox).toHaveValue(new RegExp(`^${baseURL}/p/northwind/[A-Za-z0-9_-]{32}$`));
  const publicUrl = await linkBox.inputValue();

  // A stranger (fresh context: no cookies) reads it; no board user's name is on the page.
  const stranger = await browser.newContext();
  const guest = await stranger.newPage();
  const first = await guest.goto(publicUrl);
  expect(first!.status()).toBe(200);
  expect(first!.headers()['cache-control']).toBe('private, no-cache');
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(guest.locator('article').getByRole('heading', { level: 2, name: 'Findings' })).toBeVisible();
  await expect(guest.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
  await expect(guest.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(guest.locator('meta[property="og:url"]')).toHaveAttribute('content', publicUrl);
  await expect(guest.locator('meta[name="description"]')).toHaveAttribute('content', 'Why the board should read the notes.');
  await expect(guest.getByText(lastName)).toHaveCount(0);
  await expect(guest.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(guest).toHaveTitle(`${title} - Boardly`);

  // Unshare: the link answers the 404 page at once, to a new visit of the link as to a reload
  // (every visit revalidates with the server). The 404s are the point: the browser reports them.
  consoleErrors.allow(/status of 404 .*\/p\/northwind\/[\w-]{32}\)$/);
  await page.getByRole('button', { name: 'Stop sharing' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Stop sharing?' });
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByText('The public link was turned off.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create public link' })).toBeVisible();
  await guest.goto(new URL('/terms', publicUrl).href);
  const visitedAgain = await guest.goto(publicUrl);
  expect(visitedAgain!.status()).toBe(404);
  await expect(guest.getByRole('heading', { name: 'This link is not available' })).toBeVisible();
  const gone = await guest.reload();
  expect(gone!.status()).toBe(404);
  await expect(guest.getByRole('heading', { name: 'This link is not available' })).toBeVisible();
  await expect(guest.getByText(title)).toHaveCount(0);
  const fresh = await browser.newContext();
  expect((await (await fresh.newPage()).goto(publicUrl))!.status()).toBe(404);
  await fresh.close();
  await stranger.close();
});
