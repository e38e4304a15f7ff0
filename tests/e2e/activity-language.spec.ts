import { demoTest, expect, signInAs } from './support/fixtures';
import { screens } from './support/screens';

/** Issue #24 item 2: a German reader's activity log, dashboard and history hold no English sentence. */
const test = demoTest();

/** Openings of the English sentences (en-US `app.activity.sentences`). */
const ENGLISH = /\b(Created|Updated|Deleted|Restored|Changed|Turned|Shared|Signed|Invited|Imported|Published|Archived|Tagged|Joined|Removed|Set the status)\b/;

test('a German owner reads the activity log, the dashboard and their history in German, live entries too', async ({ page }) => {
  await signInAs(page, 'owner');
  await page.goto('/settings');
  await page.getByLabel('Language, date and number format').selectOption('de-DE');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // Writes of a few kinds, made in German.
  await page.goto('/board-users/create');
  await page.getByLabel('Vorname').fill('Émile');
  await page.getByLabel('Nachname').fill('Ångström');
  await page.getByRole('button', { name: 'Gremienmitglied hinzufügen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Émile Ångström' })).toBeVisible();
  await page.goto(`${page.url()}/edit`);
  await page.getByLabel('Status').selectOption('inactive');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page).toHaveURL(/\/board-users\/\d+$/);

  await page.goto('/organizations/1/activity-logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Aktivitätsprotokoll' })).toBeVisible();
  const log = page.getByRole('table');
  await expect(log.getByText('Hat das Gremienmitglied Émile Ångström angelegt')).toBeVisible();
  for (const row of await log.getByRole('row').allTextContents()) expect(row, row).not.toMatch(ENGLISH);
  // The changed values are named in German too ("active" → "Aktiv").
  await log.getByRole('button', { name: 'Details: Hat das Gremienmitglied Émile Ångström aktualisiert' }).click();
  const changes = page.getByRole('table', { name: /Hat das Gremienmitglied Émile Ångström aktualisiert/ });
  await expect(changes.getByRole('row', { name: /Status/ })).toContainText('Aktiv');
  await expect(changes.getByRole('row', { name: /Status/ })).toContainText('Inaktiv');
  await expect(changes).not.toContainText('inactive');
  await screens(page, 'activity-log-de');

  // A live entry arrives in German too.
  const other = await page.context().newPage();
  await other.goto('/board-users/create');
  await other.getByLabel('Vorname').fill('Zoë');
  await other.getByLabel('Nachname').fill('Čapek');
  await other.getByRole('button', { name: 'Gremienmitglied hinzufügen' }).click();
  await expect(log.getByText('Hat das Gremienmitglied Zoë Čapek angelegt')).toBeVisible();
  await other.close();

  await page.goto('/dashboard');
  const recent = page.getByRole('list').filter({ hasText: 'Émile Ångström' });
  await expect(recent.getByText('Hat das Gremienmitglied Émile Ångström angelegt')).toBeVisible();
  for (const item of await recent.getByRole('listitem').allTextContents()) expect(item, item).not.toMatch(ENGLISH);

  await page.goto('/history');
  await expect(page.getByText('Hat die Sprache geändert')).toBeVisible();
  for (const row of await page.getByRole('table').getByRole('row').allTextContents()) expect(row, row).not.toMatch(ENGLISH);

  // Back to English for the other tests of this app.
  await page.goto('/settings');
  await page.getByLabel('Sprache, Datums- und Zahlenformat').selectOption('en-US');
  await page.getByRole('button', { name: 'Speichern' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});
