import type { Page } from '@playwright/test';
import { appTest, expect, PASSWORD, registerAndVerify, uniqueEmail } from './support/fixtures';
import { screens } from './support/screens';

/**
 * Issue #15: passkeys in a real browser, with Chromium's virtual authenticator (CDP WebAuthn
 * domain): register one from the profile, rename it, sign out, sign in with it alone.
 * WebAuthn refuses IP addresses as relying party, so this app lives at http://localhost.
 */
const test = appTest({ APP_URL: 'http://localhost:{port}' });

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

test('register a passkey and sign in with it alone', async ({ page, app }) => {
  test.setTimeout(90_000);
  const name = 'Hedy Lamarr';
  const email = uniqueEmail('hedy');
  await addVirtualAuthenticator(page);
  await registerAndVerify(page, app, name, email);

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('No passkeys yet')).toBeVisible();
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your password' });
  await confirm.getByLabel('Password').fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Passkey name').fill('Work laptop');
  await screens(page, 'profile-passkey-add');
  await dialog.getByRole('button', { name: 'Create passkey' }).click();
  await expect(dialog).toBeHidden();
  const list = card.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText('Work laptop')).toBeVisible();
  await expect(list.getByText('not used yet')).toBeVisible();

  await list.getByRole('button', { name: 'Rename Work laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await rename.getByLabel('Passkey name').fill('Office laptop');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByText('Office laptop')).toBeVisible();
  await screens(page, 'profile-passkeys');

  await page.getByRole('button', { name: `${name}, account menu` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Conditional UI: the e-mail field offers the passkey; the virtual authenticator, answering on
  // its own, picks it at once, so arriving at the sign-in page is enough to be signed in.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText(/last used/)).toBeVisible();

  await page.getByRole('button', { name: `${name}, account menu` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  // A browser without conditional UI: the button asks for the passkey.
  await page.addInitScript(() => {
    Object.defineProperty(window.PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false });
  });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await screens(page, 'login-with-passkey');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText('Office laptop')).toBeVisible();

  // Issue #24: removed here but still on the authenticator, the passkey is refused — and the page says so.
  await page.getByRole('list', { name: 'Your passkeys' }).getByRole('button', { name: 'Remove Office laptop' }).click();
  const reconfirm = page.getByRole('dialog', { name: 'Confirm your password' });
  await reconfirm.or(page.getByText('No passkeys yet')).first().waitFor();
  if (await reconfirm.isVisible()) {
    await reconfirm.getByLabel('Password').fill(PASSWORD);
    await reconfirm.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect(page.getByText('No passkeys yet')).toBeVisible();
  await page.getByRole('button', { name: `${name}, account menu` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This passkey could not sign you in' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
