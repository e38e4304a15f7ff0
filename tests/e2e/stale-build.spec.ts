import { expect, test } from './support/fixtures';

/**
 * An open tab after a deploy: the page chunk it asks for is gone (404). The client loads the
 * page it was going to anew, once, and never loops when the chunk stays missing.
 */

test('a page chunk that 404s: the visit ends on the page, through one full load', async ({ page, consoleErrors }) => {
  // The missing chunk is the point: the browser reports its 404.
  consoleErrors.allow(/status of 404 .*\/build\/assets\/Terms-[\w-]+\.js\)$/);
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in - Boardly');
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));

  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  let refused = 0;
  await page.route(/\/build\/assets\/Terms-[\w-]+\.js$/, async (route) => {
    if (refused === 0) {
      refused += 1;
      await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    } else {
      await route.continue();
    }
  });
  await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms' }).click();

  await expect(page).toHaveURL(/\/terms$/);
  await expect(page).toHaveTitle('Terms of service - Boardly');
  expect(refused).toBe(1);
  // A full load happened (the old window state is gone) and it was recorded against loops.
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  expect(await page.evaluate(() => sessionStorage.getItem('boardly:stale-build-reload'))).not.toBeNull();
  expect(errors).toEqual([]);
});

test('a chunk that stays missing: one reload, then no loop', async ({ page, consoleErrors }) => {
  // The missing chunk is the point: its 404s, and the import error it surfaces in the end.
  consoleErrors.allow(/status of 404 .*\/build\/assets\/Terms-[\w-]+\.js\)$/);
  consoleErrors.allow(/^page error: TypeError: Failed to fetch dynamically imported module: \S+\/build\/assets\/Terms-[\w-]+\.js /);
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in - Boardly');
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.route(/\/build\/assets\/Terms-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const surfaced = page.waitForEvent('pageerror', { predicate: (e) => /Terms-[\w-]+\.js/.test(String(e)) });
  await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  // On the fresh load the chunk is missing again: the error surfaces instead of another reload.
  await surfaced;
  expect(loads).toBe(1);
  // The handled first failure left no error behind: only the missing chunk's own.
  expect(errors.every((e) => /Terms-[\w-]+\.js/.test(e))).toBe(true);
});
