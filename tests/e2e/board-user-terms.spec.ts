import { demoTest, expect, signInAs } from './support/fixtures';
import { screens } from './support/screens';

/** Issue #25: a board user's term (start and end), on the form, the record, the list and the dashboard. */
const test = demoTest();

/** "Dec 9, 2026" (with the formatter's unbreakable spaces) as a time, for comparing order. */
const dayOf = (text: string) => Date.parse(text.replace(/\s+/g, ' ').trim());

test('an editor records a term, sees it on the record, is stopped by an end before the start, and sorts the list by term end', async ({ page }) => {
  await signInAs(page, 'editor');
  await page.goto('/board-users/create');
  // The page's deferred plan-limit prop arrives after it renders: submit once it has.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('First name').fill('Termina');
  await page.getByLabel('Last name').fill('Datesworth');
  await page.getByLabel('Term started on').fill('2024-01-01');
  await page.getByLabel('Term ends on').fill('2027-12-31');
  await screens(page, 'board-user-terms-form');
  await page.getByRole('button', { name: 'Add board user' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Termina Datesworth' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^Jan\s1,\s2024\s–\sDec\s31,\s2027$/ })).toBeVisible();
  await screens(page, 'board-user-terms-record');

  // An end before the start: the server's error under the end, and the focus on it.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Term ends on')).toHaveValue('2027-12-31');
  await page.getByLabel('Term ends on').fill('2023-06-30');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The term cannot end before it started.')).toBeVisible();
  await expect(page.getByLabel('Term ends on')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Term ends on')).toBeFocused();
  await expect(page.getByLabel('Term started on')).not.toHaveAttribute('aria-invalid', 'true');

  // The list by term end, at a width that shows both date columns: the soonest first.
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/board-users');
  const table = page.getByRole('table', { name: 'Board users' });
  await table.getByRole('link', { name: 'Term ends' }).click();
  await expect(page).toHaveURL(/sort=term_ends_on&direction=asc/);
  await expect(table.getByRole('columnheader', { name: 'Term ends' })).toHaveAttribute('aria-sort', 'ascending');
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  // The last cell of each row, less its phone-layout label (hidden at this width).
  const cells = await Promise.all((await rows.all()).map((row) => row.getByRole('cell').last().textContent()));
  const ends = cells.map((text) => (text ?? '').replace(/^Term ends/, '')).filter((text) => text !== '—');
  expect(ends.length).toBeGreaterThan(1);
  const days = ends.map(dayOf);
  expect(
    days.every((d) => !Number.isNaN(d)),
    `dates read: ${ends.join(' | ')}`,
  ).toBe(true);
  expect(days).toEqual([...days].sort((a, b) => a - b));
  // Narrower, the list keeps the date it is sorted by: term end, not the joining date.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(table.getByRole('columnheader', { name: 'Term ends' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Joined' })).toBeHidden();
  await screens(page, 'board-user-terms-list');
});

test('the dashboard lists the demo members whose terms end soon, each a link to their record', async ({ page }) => {
  await signInAs(page, 'viewer');
  const card = page.getByRole('region', { name: 'Terms ending soon' });
  // A deferred prop: "Loading…" until it arrives.
  await expect(card.getByText('Loading…')).toHaveCount(0);
  const people = card.getByRole('listitem');
  await expect(people.first()).toBeVisible();
  expect(await people.count()).toBeGreaterThan(1);
  await expect(people.first()).toContainText(/ends\s/);
  await expect(card.getByText('No term ends in the next 90 days.')).toHaveCount(0);
  await screens(page, 'board-user-terms-dashboard');

  const first = people.first().getByRole('link');
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/board-users\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /\s–\s/ })).toBeVisible();
});

const LANGUAGES = [
  {
    locale: 'de-DE',
    lang: 'de',
    card: 'Bald endende Amtszeiten',
    loading: 'Wird geladen …',
    ends: /endet am\s/,
    viewAll: 'Alle nach Amtsende',
    start: 'Amtsbeginn',
    end: 'Amtsende',
    language: 'Sprache, Datums- und Zahlenformat',
    save: 'Speichern',
  },
  {
    locale: 'fr-FR',
    lang: 'fr',
    card: 'Mandats bientôt échus',
    loading: 'Chargement…',
    ends: /se termine le\s/,
    viewAll: 'Tous par fin de mandat',
    start: 'Début du mandat',
    end: 'Fin du mandat',
    language: 'Langue, format des dates et des nombres',
    save: 'Enregistrer',
  },
] as const;

for (const l of LANGUAGES) {
  test(`in ${l.lang} the term fields and the dashboard card speak the reader's language`, async ({ page }) => {
    await signInAs(page, 'editor');
    await page.goto('/settings');
    await page.getByLabel('Language, date and number format').selectOption(l.locale);
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);

    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: l.card });
    await expect(card.getByText(l.loading)).toHaveCount(0);
    await expect(card.getByRole('listitem').first()).toContainText(l.ends);
    await expect(card.getByRole('link', { name: l.viewAll })).toBeVisible();
    await screens(page, `board-user-terms-dashboard-${l.lang}`);

    await page.goto('/board-users/create');
    await expect(page.getByLabel(l.start)).toHaveAttribute('type', 'date');
    await expect(page.getByLabel(l.end)).toHaveAttribute('type', 'date');
    await page.getByLabel(l.start).fill('2026-01-01');
    await page.getByLabel(l.end).fill('2025-01-01');
    await screens(page, `board-user-terms-form-${l.lang}`);

    // Back to English for the other tests of this app.
    await page.goto('/settings');
    await page.getByLabel(l.language).selectOption('en-US');
    await page.getByRole('button', { name: l.save }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });
}
