import type { Locator, Page } from '@playwright/test';
import { demoTest, expect, signInAs } from './support/fixtures';
import { screens } from './support/screens';

/**
 * Issue #24 item 7 (layout and components), in a real browser against the demo organisation:
 * tables that fit their cards, one toast corner, a bulk bar that does not move the list, a
 * language select that shows its text, folded filters on a phone, dialog roles, and insight
 * Markdown (headings under the page's <h1>, table alignment).
 */
const test = demoTest();

const suffix = Date.now().toString(36);
const surname = `Wolfeschlegelsteinhausenbergerdorff-Ó-Súilleabháin${suffix}`;
const email = `anna-katharina.wolfeschlegelsteinhausenberger.${suffix}@board-office.example-foundation.test`;
const position = 'Vice-Chair of the Standing Committee on Intergovernmental Relations and Accountability';
const insightTitle = `Quarterly review of the intergovernmental relations and accountability framework ${suffix}`;
const invitee = `maximilian-alexander.oberstudiendirektor.${suffix}@very-long-subdomain.example-foundation.test`;

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The lines a text breaks into, each ending where the next starts (reads layout, not wall time). */
async function lineEnds(locator: Locator): Promise<string[]> {
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
    const breaks: string[] = [];
    for (let i = 1; i < tops.length; i++) if (tops[i].top > tops[i - 1].top) breaks.push(`${text.slice(0, tops[i].index)}|${text.slice(tops[i].index)}`);
    return breaks;
  });
}

/** The table's scrolling region is no wider inside than outside: nothing sticks out of the card. */
async function fitsItsCard(page: Page, caption: string | RegExp) {
  // The Table component's scrolling wrapper (inside the card) around the table.
  const region = page.getByRole('table', { name: caption }).locator('xpath=..');
  await expect(region).toBeVisible();
  const { scroll, client } = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, `the "${caption}" table is wider than its card`).toBeLessThanOrEqual(client + 1);
}

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client);
}

test('long names, titles and e-mails: every table fits its card, and an e-mail breaks only at its dots, dashes or @', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'owner');

  await page.goto('/board-users/create');
  await page.getByLabel('First name').fill('Anna-Katharina');
  await page.getByLabel('Last name').fill(surname);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Position').fill(position);
  await page.getByLabel('Board').fill('Standing Committee on Intergovernmental Relations');
  await page.getByRole('button', { name: 'Add board user' }).click();
  await expect(page).toHaveURL(/\/board-users\/\d+$/);

  await page.goto('/insights/create');
  await page.getByLabel('Title').fill(insightTitle);
  await page.getByLabel('Category').selectOption('strategy');
  await page.getByLabel('Body').fill('Notes.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/insights\/\d+$/);

  await page.goto('/users/create');
  await page.getByLabel('Email').fill(invitee);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page).not.toHaveURL(/\/create$/);

  await page.goto(`/board-users?search=${suffix}`);
  await fitsItsCard(page, 'Board users');
  const emailCell = page.getByRole('table', { name: 'Board users' }).getByRole('cell', { name: email, exact: true });
  await expect(emailCell).toBeVisible();
  for (const at of await lineEnds(emailCell)) expect(at, 'an e-mail breaks mid-word').toMatch(/[-.@]\||\|[.@]/);
  await screens(page, 'tables-board-users');

  await page.goto('/insights');
  await fitsItsCard(page, 'Insights');
  await screens(page, 'tables-insights');

  await page.goto('/users');
  await fitsItsCard(page, 'Members');
  await fitsItsCard(page, 'Pending invitations');
  const inviteCell = page.getByRole('table', { name: 'Pending invitations' }).getByRole('cell', { name: invitee, exact: true });
  for (const at of await lineEnds(inviteCell)) expect(at, 'an e-mail breaks mid-word').toMatch(/[-.@]\||\|[.@]/);
  await screens(page, 'tables-users');

  await page.getByRole('link', { name: 'Activity log' }).first().click();
  await expect(page).toHaveURL(/\/activity-logs/);
  await fitsItsCard(page, /Activity log of/);
  await screens(page, 'tables-activity');

  await page.setViewportSize(PHONE);
  for (const url of [`/board-users?search=${suffix}`, '/insights', '/users']) {
    await page.goto(url);
    await noSidewaysScroll(page);
  }
});

test('ticking a row shows the bulk bar over the page: the list does not move; dialogs: alertdialog only to destroy', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'editor');
  await page.goto('/board-users');
  const table = page.getByRole('table', { name: 'Board users' });
  const rowBox = async () => (await table.locator('tbody tr').nth(3).boundingBox())!;
  const before = await rowBox();
  await table.getByRole('checkbox').nth(1).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('1 board user selected');
  expect((await rowBox()).y).toBe(before.y);
  await screens(page, 'bulk-bar');

  // An ordinary choice is a dialog named by its title; a delete is an alertdialog.
  await bar.getByRole('button', { name: 'Add tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a tag to 1 board user' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await screens(page, 'modal-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await bar.getByRole('button', { name: 'Delete' }).click();
  const alert = page.getByRole('alertdialog', { name: 'Delete 1 board user?' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await screens(page, 'modal-alertdialog');

  // The undo offer after the delete sits in the same corner as every other toast.
  await alert.getByRole('button', { name: 'Delete 1 board user' }).click();
  const undo = page.getByRole('status').filter({ has: page.getByRole('button', { name: 'Undo' }) });
  await expect(undo).toBeVisible();
  const undoBox = (await undo.boundingBox())!;
  await undo.getByRole('button', { name: 'Undo' }).click();
  const restored = page.getByRole('status').filter({ hasText: /restored/i });
  await expect(restored).toBeVisible();
  const toastBox = (await restored.locator('> div').first().boundingBox())!;
  expect(Math.round(undoBox.x + undoBox.width)).toBe(Math.round(toastBox.x + toastBox.width));
  expect(undoBox.x + undoBox.width).toBeGreaterThan(DESKTOP.width - 40);
});

test('the language select is as wide as its text; on a phone the filters fold behind a "Filters" button', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'owner');
  await page.goto('/settings');
  const language = page.getByLabel('Language, date and number format');
  await language.selectOption('en-GB');
  const { needed, has } = await language.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = el.options[el.selectedIndex].text;
    return { needed: canvas.measureText(text).width + parseFloat(style.paddingLeft), has: el.clientWidth - parseFloat(style.paddingRight) };
  });
  expect(has, 'the language select cuts its text off').toBeGreaterThanOrEqual(needed);
  await screens(page, 'settings');

  await page.setViewportSize(PHONE);
  await page.goto('/board-users');
  const filters = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Status')).toBeHidden();
  // The first row of the list is on the first screen.
  const firstRow = page.getByRole('table', { name: 'Board users' }).locator('tbody tr').first();
  expect((await firstRow.boundingBox())!.y).toBeLessThan(PHONE.height);
  await screens(page, 'filters-phone-closed');
  await filters.focus();
  await page.keyboard.press('Enter');
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Status').selectOption('inactive');
  await expect(page).toHaveURL(/status=inactive/);
  await expect(page.getByRole('button', { name: 'Filters (1 set)' })).toHaveAttribute('aria-expanded', 'true');
  await screens(page, 'filters-phone-open');
  await noSidewaysScroll(page);
});

test('an insight: a Markdown "#" is no second <h1>, and table columns keep their alignment', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'editor');
  await page.goto('/insights/create');
  await page.getByLabel('Title').fill(`Aligned figures ${suffix}`);
  await page.getByLabel('Category').selectOption('finance');
  await page.getByLabel('Body').fill('# Figures\n\n## By quarter\n\n| Item | Amount | Status |\n|:--|--:|:-:|\n| Grants | 12,400 | ok |\n| Travel | 310 | late |');
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('tabpanel', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 2, name: 'Figures' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await page.getByRole('tab', { name: 'Write' }).click();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/insights\/\d+$/);

  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Aligned figures ${suffix}`);
  const article = page.locator('article');
  await expect(article.getByRole('heading', { level: 2, name: 'Figures' })).toBeVisible();
  await expect(article.getByRole('heading', { level: 3, name: 'By quarter' })).toBeVisible();
  const align = (name: string) => article.getByRole('cell', { name, exact: true }).evaluate((el) => getComputedStyle(el).textAlign);
  expect(await align('Grants')).toBe('left');
  expect(await align('12,400')).toBe('right');
  expect(await align('ok')).toBe('center');
  expect(await article.getByRole('columnheader', { name: 'Amount' }).evaluate((el) => getComputedStyle(el).textAlign)).toBe('right');
  await screens(page, 'insight-markdown');
});
