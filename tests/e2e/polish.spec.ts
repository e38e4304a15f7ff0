import type { Locator, Page } from '@playwright/test';
import { demoTest, expect, signInAs } from './support/fixtures';

/**
 * Issue #12's roughness, page by page, in a real browser against the demo organisation:
 * forms, phone layouts, line breaking, the dashboard's activity and the activity log's filters.
 */
const test = demoTest();

/** Does any line of `locator`'s text start somewhere other than after a slash (or at its start)? */
async function breaksOutsideSlashes(locator: Locator): Promise<string[]> {
  return locator.evaluate((el) => {
    const text = el.textContent ?? '';
    const range = document.createRange();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const tops: { index: number; top: number }[] = [];
    let offset = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect) tops.push({ index: offset + i, top: Math.round(rect.top) });
      }
      offset += (node.textContent ?? '').length;
    }
    const bad: string[] = [];
    for (let i = 1; i < tops.length; i++) {
      if (tops[i].top > tops[i - 1].top && text[tops[i].index - 1] !== '/') bad.push(`${text.slice(0, tops[i].index)} | ${text.slice(tops[i].index)}`);
    }
    return bad;
  });
}

/** How many lines the text of each matching element takes. */
const lineCounts = (locator: Locator) =>
  locator.evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }),
  );

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client);
}

test('a form: focus goes to the first invalid field, an error clears as it is fixed, an error replaces its hint', async ({ page }) => {
  await signInAs(page, 'editor');
  await page.goto('/board-users/create');
  const tags = page.getByLabel('Tags');
  await expect(page.getByText(/Separate tags with commas/)).toBeVisible();
  await tags.fill(Array.from({ length: 11 }, (_, i) => `tag${i}`).join(', '));
  await page.getByRole('button', { name: 'Add board user' }).click();

  const first = page.getByLabel('First name');
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  // The tags field shows its error instead of its hint, and is described by the error alone.
  await expect(page.getByText(/Separate tags with commas/)).toHaveCount(0);
  await expect(tags).toHaveAttribute('aria-invalid', 'true');
  const tagsError = (await tags.getAttribute('aria-describedby')) ?? '';
  expect(tagsError).toMatch(/-error$/);

  // Typing a first name clears that error at once; the others stay until fixed.
  await first.fill('Ada');
  await expect(first).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
  await tags.fill('finance');
  await expect(tags).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Separate tags with commas/)).toBeVisible();
});

test('record pages: Delete sits in the header on Show and Edit alike, and the form footer holds only Cancel and Save', async ({ page }) => {
  await signInAs(page, 'editor');
  await page.goto('/board-users');
  await page.getByRole('table', { name: 'Board users' }).locator('tbody').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/board-users\/\d+$/);
  const header = page.locator('main > div').first();
  await expect(header.getByRole('button', { name: 'Delete' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(page.locator('main > div').first().getByRole('button', { name: 'Delete' })).toBeVisible();
  const footer = page.locator('form footer');
  await expect(footer.getByRole('button')).toHaveText(['Save changes']);
  await expect(footer.getByRole('link')).toHaveText(['Cancel']);
  await expect(footer).not.toContainText('Saved.');

  // Saving reports success once, as a toast.
  await page.getByLabel('Position').fill('Treasurer');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').getByText(/was saved\./)).toBeVisible();
  await expect(page.getByText(/was saved\./)).toHaveCount(1);
});

test('members on a desktop: the role buttons line up, the owner’s row too, and each is named by its label', async ({ page }) => {
  await signInAs(page, 'owner');
  await page.goto('/users');
  const change = page.getByRole('link', { name: /^Change role of / });
  await expect(change).toHaveCount(4);
  const lefts = await change.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
  expect(new Set(lefts).size, `Change role buttons at ${lefts.join(', ')}`).toBe(1);
  await expect(page.getByRole('link', { name: 'Change role of Olivia Owner' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(3);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('members, history and subscription history are cards: every action on screen, nothing scrolls sideways', async ({ page }) => {
    await signInAs(page, 'owner');
    for (const path of ['/users', '/history', '/subscription/history', '/board-users', '/insights', '/organizations/1/activity-logs']) {
      await page.goto(path);
      await page.locator('main table').first().waitFor();
      await noSidewaysScroll(page);
      // The header row is hidden; each row is a card with its labels.
      await expect(page.locator('main thead').first()).toBeHidden();
    }
    await page.goto('/users');
    const remove = page.getByRole('button', { name: /^Remove / }).first();
    await expect(remove).toBeInViewport();
    await expect(page.locator('main tbody').first().getByText('Last active').first()).toBeVisible();
    // Dates keep to one line in the cards.
    await page.goto('/history');
    const counts = await lineCounts(page.locator('main time'));
    expect(counts.length).toBeGreaterThan(0);
    expect(
      counts.every((n) => n === 1),
      `lines per date: ${counts.join(',')}`,
    ).toBe(true);
  });

  test('the organization page breaks its sign-in link only after a slash', async ({ page }) => {
    await signInAs(page, 'owner');
    await page.goto('/organizations/1');
    const link = page.getByRole('link', { name: '/org-login/northwind' });
    await expect(link).toBeVisible();
    expect(await breaksOutsideSlashes(link)).toEqual([]);
    await noSidewaysScroll(page);
  });
});

test('the organization picker shows the whole name when there is room', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'owner');
  const name = page.getByRole('button', { name: /^Organization: Northwind Governance/ }).locator('span[title]');
  await expect(name).toHaveText('Northwind Governance');
  const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(cut, 'the name is cut off').toBe(false);
});

test('the share-link box shows the whole link', async ({ page }) => {
  await signInAs(page, 'editor');
  await page.goto('/p/northwind');
  const href = await page.locator('a[href^="/p/northwind/"]').first().getAttribute('href');
  const token = href!.split('/').pop()!;
  await page.goto('/insights');
  await page.getByRole('link', { name: 'Board evaluation: what the 2026 cycle told us' }).click();
  const box = page.getByRole('textbox', { name: 'Public link' });
  await expect(box).toHaveValue(new RegExp(`/p/northwind/${token}$`));
  const hidden = await box.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
  expect(hidden, 'part of the link is out of sight').toBe(false);
});

test('the dashboard lists changes, not sign-ins, and names the person once', async ({ page }) => {
  // Several sign-ins first: they used to fill the list.
  for (const who of ['viewer', 'editor', 'admin'] as const) {
    await signInAs(page, who);
    await page.getByRole('button', { name: /, account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$|\/login$/);
  }
  await signInAs(page, 'owner');
  const recent = page.getByRole('region', { name: 'Recent activity' });
  await expect(recent.getByRole('listitem').first()).toBeVisible();
  await expect(recent).not.toContainText('signed in');
  // Every figure card has a title, a number and one line of detail.
  const cards = page.getByRole('region', { name: 'Figures' }).locator('h3');
  await expect(cards).toHaveCount(4);
  for (const card of await page.getByRole('region', { name: 'Figures' }).locator('ul').all()) await expect(card.locator('li').first()).toBeVisible();
});

test('the activity log names subjects and says when From is after To', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/organizations/1/activity-logs');
  await expect(page.getByRole('table').getByText(/ #\d+$/)).toHaveCount(0);
  await page.getByLabel('From', { exact: true }).fill('2026-12-10');
  await page.getByLabel('To', { exact: true }).fill('2026-12-01');
  await expect(page.getByRole('alert').filter({ hasText: 'The From date is after the To date' })).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('To', { exact: true }).fill('2026-12-31');
  await expect(page.getByText('The From date is after the To date')).toHaveCount(0);
});

test('settings say what the locale does: the date and number format', async ({ page }) => {
  await signInAs(page, 'viewer');
  await page.goto('/settings');
  const select = page.getByLabel('Date and number format');
  await expect(select).toBeVisible();
  await expect(select.locator('option', { hasText: 'Deutsch' })).toHaveCount(0);
  await expect(select.locator('option', { hasText: /^Germany \(German\): / })).toHaveCount(1);
});
