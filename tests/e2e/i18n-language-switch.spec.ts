import { demoTest, expect, signInAs } from './support/fixtures';

/** Issue #17: choosing a language changes the interface at once, without a reload. */
const test = demoTest();

test('a guest picks a language in the sign-in page’s footer: the page turns German without a reload, and stays so', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const picker = page.getByLabel('Language');
  await expect(picker.locator('option')).toHaveText(['English', 'Deutsch', 'Français']);
  await picker.selectOption('de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bei Ihrem Konto anmelden');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByLabel('Sprache')).toHaveValue('de');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  // The next page and a fresh load keep the choice (the cookie).
  await page.getByRole('link', { name: 'Konto erstellen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Konto erstellen');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Konto erstellen' })).toBeVisible();
  await page.getByLabel('Sprache').selectOption('fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer un compte');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('a signed-in user’s language setting switches the whole shell without a reload', async ({ page }) => {
  await signInAs(page, 'viewer');
  await page.goto('/settings');
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await page.getByLabel('Language, date and number format').selectOption('de-DE');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: 'Speichern' }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  // The shell (loaded before the switch) follows too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Gremienmitglieder' })).toBeVisible();
  // Back to English for the other tests of this app.
  await page.getByLabel('Sprache, Datums- und Zahlenformat').selectOption('en-US');
  await page.getByRole('button', { name: 'Speichern' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});
