import type { Page } from '@playwright/test';
import { expect, PASSWORD, registerAndVerify, test, uniqueEmail } from './support/fixtures';
import { screens } from './support/screens';
import { totpCode, turnOnTwoFactor } from './support/two-factor';

/**
 * Issue #15 in a real browser: two-factor sign-in set up from the profile with the code computed
 * from the secret the page shows, then signing in with a code and with a recovery code; and
 * signing another browser out from the sessions list.
 */

/** A code one step ahead: inside the ±1 step window, and never the step the set-up just used. */
const codeFor = (secret: string) => totpCode(secret, 30_000);

async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name: `${name}, account menu` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/two-factor-challenge$/);
  await expect(page.getByRole('heading', { name: 'Two-factor confirmation' })).toBeVisible();
}

test('set up two-factor sign-in, then sign in with a code and with a recovery code', async ({ page, app }) => {
  test.setTimeout(120_000);
  const name = 'Grace Hopper';
  const email = uniqueEmail('grace');
  await registerAndVerify(page, app, name, email);

  await page.goto('/profile');
  await expect(page.getByRole('region', { name: /Two-factor sign-in/ }).getByText('Off', { exact: true })).toBeVisible();
  // The password was not typed in the last three hours: the dialog asks for it first; a wrong code is refused.
  const { card, secret, codes } = await turnOnTwoFactor(page, PASSWORD, async () => {
    const setup = page.getByRole('region', { name: /Two-factor sign-in/ });
    expect((await setup.getByTestId('two-factor-secret').textContent())!.trim()).toMatch(/^[A-Z2-7]{32}$/);
    await screens(page, 'profile-two-factor-setup');
    await setup.getByLabel('Code from your app').fill('000000');
    await setup.getByRole('button', { name: 'Confirm' }).click();
    await expect(setup.getByText('The provided two factor authentication code was invalid.')).toBeVisible();
  });
  expect(codes).toHaveLength(8);
  await expect(card.getByRole('button', { name: 'Download' })).toBeVisible();
  await screens(page, 'profile-two-factor-on');

  // Sign in with a code.
  await signOut(page, name);
  await passwordStep(page, email);
  await screens(page, 'two-factor-challenge');
  await page.getByLabel('Code', { exact: true }).fill(codeFor(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(card.getByText('8 unused recovery codes are left', { exact: false })).toBeVisible();

  // Sign in with a recovery code.
  await signOut(page, name);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]);
  await screens(page, 'two-factor-challenge-recovery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(card.getByText('7 unused recovery codes are left', { exact: false })).toBeVisible();

  // A used recovery code is refused.
  await signOut(page, name);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The provided two factor recovery code was invalid.')).toBeVisible();
});

test('sign another browser out from the sessions list', async ({ page, app, browser }) => {
  test.setTimeout(90_000);
  const name = 'Katherine Johnson';
  const email = uniqueEmail('katherine');
  await registerAndVerify(page, app, name, email);

  const other = await browser.newContext({
    baseURL: app.url,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  const phone = await other.newPage();
  await phone.goto('/profile');
  await phone.getByLabel('Email').fill(email);
  await phone.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(phone).toHaveURL(/\/profile$/);

  await page.goto('/profile');
  const list = page.getByRole('list', { name: 'Signed-in browsers' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('This device')).toBeVisible();
  await expect(list.getByText('Safari on iOS')).toBeVisible();
  await screens(page, 'profile-browser-sessions');

  await list.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
  // Registration does not confirm the password: the dialog asks for it.
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('That browser is signed out.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  await phone.reload();
  await expect(phone).toHaveURL(/\/login$/);
  await other.close();
});
