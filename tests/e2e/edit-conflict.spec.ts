import type { Browser, Page } from '@playwright/test';
import { demoTest, expect, signInAs, type DemoUser } from './support/fixtures';
import { screens } from './support/screens';

/**
 * Issue #24 finding 1: two colleagues edit the same board user. The second save, from a form
 * opened before the first, is refused with the conflict view: the colleague's change to a field
 * left alone is taken, the field both changed waits for a choice, and nothing is lost.
 */
const test = demoTest();

async function member(browser: Browser, baseURL: string, who: DemoUser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(page, who);
  return page;
}

test('a stale save shows the conflict, field by field, and loses nothing', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const eve = await member(browser, baseURL!, 'editor');
  const adam = await member(browser, baseURL!, 'admin');
  await eve.goto('/board-users');
  // The first person in the list (the table's other links sort it).
  const href = await eve.locator('table tbody a[href^="/board-users/"]').first().getAttribute('href');
  expect(href).toMatch(/^\/board-users\/\d+$/);
  const suffix = Date.now().toString(36);

  // Both open the form.
  await eve.goto(`${href}/edit`);
  await adam.goto(`${href}/edit`);

  // Adam starts changing the position and the phone; meanwhile Eve saves a new position and board.
  await adam.getByLabel('Position').fill(`Treasurer ${suffix}`);
  await adam.getByLabel('Phone').fill('+44 20 7946 0000');
  await eve.getByLabel('Position').fill(`Chair ${suffix}`);
  await eve.getByLabel('Board').fill(`Audit board ${suffix}`);
  await eve.getByRole('button', { name: 'Save changes' }).click();
  await expect(eve.getByText(/was saved\./)).toBeVisible();

  // Adam's form learns of it (live, or when he saves): refused, never a silent overwrite.
  await adam.getByRole('button', { name: 'Save changes' }).click();
  const notice = adam.getByRole('alert').filter({ hasText: 'This record changed while you were editing' });
  await expect(notice).toBeVisible();
  const rows = notice.getByRole('row');
  await expect(rows.filter({ hasText: 'Board' })).toContainText(`Audit board ${suffix}`);
  await expect(rows.filter({ hasText: 'Board' })).toContainText('Taken into the form');
  await expect(adam.getByLabel('Board')).toHaveValue(`Audit board ${suffix}`);
  const position = rows.filter({ hasText: 'Position' });
  await expect(position).toContainText(`Chair ${suffix}`);
  await expect(position).toContainText(`Treasurer ${suffix}`);
  await screens(adam, 'board-user-conflict');

  // Saving again before choosing is refused again: nothing is overwritten without a decision.
  await adam.getByRole('button', { name: 'Save changes' }).click();
  await expect(notice).toBeVisible();
  await position.getByRole('button', { name: 'Keep mine' }).click();
  await expect(position.getByRole('button', { name: 'Keep mine' })).toHaveAttribute('aria-pressed', 'true');
  await adam.getByRole('button', { name: 'Save changes' }).click();
  await expect(adam.getByText(/was saved\./)).toBeVisible();

  // Everyone's work is there: Adam's position and phone, Eve's board.
  await adam.goto(href!);
  await expect(adam.getByText(`Treasurer ${suffix}`).first()).toBeVisible();
  await expect(adam.getByText(`Audit board ${suffix}`).first()).toBeVisible();
  await expect(adam.getByText('+44 20 7946 0000').first()).toBeVisible();
});

test('a colleague’s role change reaches an open role form live, before any save', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const olivia = await member(browser, baseURL!, 'owner');
  const adam = await member(browser, baseURL!, 'admin');
  await olivia.goto('/users');
  const href = await olivia.getByRole('link', { name: 'Victor Viewer' }).first().getAttribute('href');
  expect(href).toMatch(/^\/users\/\d+$/);
  await olivia.goto(`${href}/edit`);
  await adam.goto(`${href}/edit`);
  await expect(adam.getByRole('heading', { level: 1 })).toContainText('Change the role of');

  await olivia.getByLabel('Role').selectOption('editor');
  await olivia.getByRole('button', { name: 'Save role' }).click();
  await expect(olivia).toHaveURL(new RegExp(`${href}$`));

  // Adam has not saved: the change arrives on his open form, which now holds the new role.
  const notice = adam.getByRole('alert').filter({ hasText: 'This record changed while you were editing' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('row').filter({ hasText: 'Role' })).toContainText('Editor');
  await expect(adam.getByLabel('Role')).toHaveValue('editor');
});
