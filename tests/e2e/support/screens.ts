import type { Page } from '@playwright/test';

/**
 * With SCREENSHOTS_DIR set, saves the page in light and dark, on a desktop and a 390 px phone
 * (for looking at new screens); otherwise does nothing, so test runs write no files.
 */
export async function screens(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  const viewport = page.viewportSize();
  for (const [label, size] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        localStorage.setItem('theme', t);
        document.documentElement.classList.toggle('dark', t === 'dark');
      }, theme);
      await page.waitForTimeout(100);
      await page.screenshot({ path: `${dir}/${name}-${label}-${theme}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => {
    localStorage.setItem('theme', 'light');
    document.documentElement.classList.remove('dark');
  });
  if (viewport) await page.setViewportSize(viewport);
}
