import { demoTest, expect, signInAs } from './support/fixtures';
import { screens } from './support/screens';

/** Issue #27: staff give a board user portal access, see its state, re-send and revoke it. */
const test = demoTest();

test('an editor gives a board user portal access in German, sees it invited on the record and the list, re-sends and revokes it', async ({ page }) => {
  await signInAs(page, 'editor');
  await page.goto('/board-users/create');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('First name').fill('Portia');
  await page.getByLabel('Last name').fill('Portalova');
  await page.getByLabel('Email').fill(`portia.${Date.now()}@example.test`);
  await page.getByRole('button', { name: 'Add board user' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Portia Portalova' })).toBeVisible();

  const card = page.getByRole('region', { name: 'Board portal' }).or(page.locator('section').filter({ has: page.getByRole('heading', { name: 'Board portal' }) }));
  await expect(card.getByText('No access to the board portal.')).toBeVisible();
  await card.getByLabel('Invitation language').selectOption('de');
  await screens(page, 'portal-access-none');
  await card.getByRole('button', { name: 'Give portal access' }).click();
  await expect(page.getByText('Portia Portalova now has access to the board portal; the invitation is on its way.')).toBeVisible();
  await expect(card.getByText(/^Invited on /)).toBeVisible();
  await screens(page, 'portal-access-invited');

  await card.getByRole('button', { name: 'Resend invitation' }).click();
  await expect(page.getByText('A new invitation is on its way to Portia Portalova.')).toBeVisible();

  await page.goto('/board-users?search=Portalova');
  await expect(page.getByText('Portal: invited')).toBeVisible();
  await screens(page, 'portal-access-list');

  await page.getByRole('link', { name: 'Portia Portalova' }).first().click();
  await card.getByRole('button', { name: 'Revoke access' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Revoke the portal access of Portia Portalova?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke access' }).click();
  await expect(page.getByText('Portia Portalova no longer has access to the board portal.')).toBeVisible();
  await expect(card.getByText('No access to the board portal.')).toBeVisible();
});
