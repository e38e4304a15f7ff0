import { demoTest, expect, signInAs } from './support/fixtures';
import { screens } from './support/screens';

/**
 * Issue #27 end to end, in a real browser against the real app: staff give a board user portal
 * access and publish an insight for them; the board member signs in by e-mailed link on a phone in
 * German, reads and acknowledges it; the staff page shows each step live.
 */
const test = demoTest();

test('a board member signs in by link on a phone in German, reads and acknowledges an insight; staff see it live', async ({ page, browser, app, consoleErrors }) => {
  const suffix = Date.now().toString(36);
  const email = `dana.${suffix}@example.test`;
  const title = `Quarterly risk review ${suffix}`;
  await signInAs(page, 'admin');
  // The current organisation's id, as the dashboard's page object names it.
  const dashboard = await page.request.get('/dashboard', { headers: { 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' } });
  const organizationId = (await dashboard.json()).props.auth.organization.id as number;

  // Named read receipts on, so the staff page names who read.
  await page.goto(`/organizations/${organizationId}/edit`);
  const receipts = page.locator('form').filter({ has: page.getByLabel('Show the names of board members who read an insight') });
  await receipts.getByLabel('Show the names of board members who read an insight').check();
  await receipts.getByRole('button', { name: 'Save' }).click();
  await expect(receipts.getByRole('button', { name: 'Save' })).toBeDisabled();

  // A board user with portal access, invited in German.
  await page.goto('/board-users/create');
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill(`Direktorin-${suffix}`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Add board user' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Dana Direktorin-${suffix}` })).toBeVisible();
  const boardUserPath = new URL(page.url()).pathname;
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Board portal' }) });
  await card.getByLabel('Invitation language').selectOption('de');
  await card.getByRole('button', { name: 'Give portal access' }).click();
  await expect(card.getByText(/^Invited on /)).toBeVisible();
  const invitation = await app.mailbox.waitFor(email, /Gremienportal|board portal/i);
  expect(invitation.text).toContain('/portal/sign-in/');

  // An insight for them, published.
  await page.goto('/insights/create');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Summary').fill('Where the board should look first.');
  await page.getByLabel('Category').selectOption('risk');
  const picker = page.getByRole('combobox', { name: 'Board users' });
  await picker.fill(`Direktorin-${suffix}`);
  await expect(page.getByRole('option', { name: new RegExp(`Direktorin-${suffix}`) })).toBeVisible();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await picker.press('Escape');
  await page.getByLabel('Body').fill('## Findings\n\nThe **liquidity** risk rose this quarter.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Insight published.')).toBeVisible();
  const readiness = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Board readiness' }) });
  await expect(readiness.getByText('Not read yet')).toBeVisible();
  const told = await app.mailbox.waitFor(email, new RegExp(title));
  expect(told.text).not.toContain('liquidity');

  // The board member, on a phone, in German: the organisation's sign-in page, board members' tab.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE', isMobile: true, hasTouch: true });
  const director = await phone.newPage();
  await director.goto('/org-login/northwind');
  await director.getByRole('tab', { name: 'Gremienmitglied' }).click();
  await director.getByLabel('Ihre E-Mail-Adresse').fill(email);
  await screens(director, 'portal-org-login-de');
  await director.getByRole('button', { name: 'Anmeldelink per E-Mail senden' }).click();
  await expect(director.getByText(/ist ein Anmeldelink unterwegs/)).toBeVisible();
  const mail = await app.mailbox.waitFor(email, /Ihr Anmeldelink/);
  const link = mail.text.match(/https?:\/\/\S+\/portal\/sign-in\/[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  await director.goto(link as string);
  await screens(director, 'portal-sign-in-link-de');
  await director.getByRole('button', { name: 'Anmelden' }).click();
  await expect(director).toHaveURL(/\/portal$/);
  await expect(director.getByRole('heading', { level: 1, name: 'Ihre Insights' })).toBeVisible();
  await screens(director, 'portal-home-de');

  // Reading records the read; staff see the name appear without reloading.
  await director.getByRole('link', { name: title }).click();
  await expect(director.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(director.getByText('Die Liquidität')).toHaveCount(0);
  await expect(director.locator('article strong', { hasText: 'liquidity' })).toBeVisible();
  await expect(readiness.getByText(/^Read /)).toBeVisible();

  // Acknowledging, by keyboard.
  const acknowledge = director.getByRole('button', { name: 'Gelesen und verstanden' });
  await acknowledge.focus();
  await director.keyboard.press('Enter');
  await expect(director.getByText(/bestätigt, dass Sie dieses Insight gelesen und verstanden haben/)).toBeVisible();
  await screens(director, 'portal-insight-acknowledged-de');
  await expect(readiness.getByText(/^Acknowledged /)).toBeVisible();
  await screens(page, 'portal-staff-readiness');

  await director.getByRole('link', { name: 'Einstellungen' }).click();
  await expect(director.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await screens(director, 'portal-settings-de');
  await director.getByRole('link', { name: 'Start' }).click();
  await expect(director.getByRole('heading', { level: 1, name: 'Ihre Insights' })).toBeVisible();

  // A board member never reaches a staff page (another tab of the same browser).
  consoleErrors.allow(/status of 403 .*\/dashboard\)$/);
  const probe = await phone.newPage();
  const staffPage = await probe.goto('/dashboard');
  expect(staffPage?.status()).toBe(403);
  await probe.close();

  // Staff revoke access: the open portal tab is told and lands on the sign-in page, saying why.
  await page.goto(boardUserPath);
  await card.getByRole('button', { name: 'Revoke access' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke access' }).click();
  await expect(card.getByText('No access to the board portal.')).toBeVisible();
  await expect(director).toHaveURL(/\/org-login/);
  await expect(director.getByText(/Ihr Zugang zum Gremienportal ist beendet/)).toBeVisible();
  await phone.close();
});
