import { demoTest, expect } from './support/fixtures';

/** Issue #17: the interface in the user's language. */
const test = demoTest();

test('a guest gets the best match of Accept-Language, and <html lang> says which', async ({ browser, baseURL, consoleErrors }) => {
  consoleErrors.allow(/404 \(Not Found\) \(.*\/no-such-page\)/);
  for (const [header, lang, heading] of [
    ['de-CH,de;q=0.9,en;q=0.5', 'de', 'Diese Seite konnten wir nicht finden'],
    ['fr-CA', 'fr', 'Nous n’avons pas trouvé cette page'],
    ['es-ES,it;q=0.8', 'en-US', 'We couldn’t find that page'],
  ] as const) {
    const context = await browser.newContext({ baseURL, locale: header.split(',')[0], extraHTTPHeaders: { 'Accept-Language': header } });
    const page = await context.newPage();
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await context.close();
  }
});
