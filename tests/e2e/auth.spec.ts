import type { Page } from '@playwright/test';
import { Mailbox } from './support/mailbox';
import { expect, PASSWORD, registerAndVerify, signIn, test, uniqueEmail } from './support/fixtures';

/**
 * The whole account life cycle in a real browser against the real app, with mail delivered over
 * SMTP into the worker's Mailbox. Fields are found by their labels, buttons by their roles.
 * The flow never relies on /dashboard (a user without organisations is sent to pick one).
 */

async function logOut(page: Page, name: string) {
  await page.getByRole('button', { name: `${name}, account menu` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Signs in from a protected page: the guest is sent to /login and, once signed in, back to the
 * page asked for (the intended URL), so nothing here waits on /dashboard.
 */
async function signInTo(page: Page, path: string, email: string, password: string, remember = false) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Sign in - Boardly');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Opens the delete dialog, submits the password and waits until the server sends us elsewhere. */
async function submitDeletion(page: Page, password: string) {
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).not.toHaveURL(/\/profile$/);
}

test('register → verify by mail → log out → remember me → change password → forgot/reset by mail → delete account', async ({ page, app, context }) => {
  // A whole account life cycle: a dozen argon2 hashes and two mails, on a possibly busy machine.
  test.setTimeout(180_000);
  const name = 'Ada Lovelace';
  const email = uniqueEmail('ada');
  const changed = 'an even longer secret phrase';
  const reset = 'the phrase from the reset mail';

  // Registration: the rule is shown, the form is refused with field errors, then accepted.
  await page.goto('/register');
  await expect(page).toHaveTitle('Create account - Boardly');
  await expect(page.getByText('At least 8 characters.')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The password must be at least 8 characters.')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // The helper fills the real form again and follows the link from the real mail.
  await registerAndVerify(page, app, name, email);
  const verification = await app.mailbox.waitFor(email, /verify/i);
  expect(verification.subject).toContain('Boardly');
  expect(verification.html).toContain('Verify email address');

  // Verified: the profile shows no unverified notice.
  await page.goto('/profile');
  await expect(page).toHaveTitle('Profile settings - Boardly');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByText('Your email address is unverified.')).toHaveCount(0);

  await logOut(page, name);
  expect((await context.cookies()).some((c) => c.name === 'remember_web')).toBe(false);

  // Sign in with "remember me"; the long-lived cookie keeps us signed in without a session.
  await signInTo(page, '/profile', email, PASSWORD, true);
  const remember = (await context.cookies()).find((c) => c.name === 'remember_web');
  expect(remember?.httpOnly).toBe(true);
  expect(remember!.expires).toBeGreaterThan(Date.now() / 1000 + 7 * 86_400);
  const session = (await context.cookies()).find((c) => /_session$/.test(c.name))!;
  // Away from the app first: a signed-in page left open would go on authorising its websocket,
  // and without the session those requests rightly answer 419 (their CSRF token was the session's).
  await page.goto('about:blank');
  await context.clearCookies({ name: session.name });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Name')).toHaveValue(name);

  // Change the password: a wrong current password is refused, then the change is saved.
  const passwordForm = page.getByRole('region', { name: 'Update password' });
  await passwordForm.getByLabel('Current password').fill('not my password');
  await passwordForm.getByLabel('New password').fill(changed);
  await passwordForm.getByLabel('Confirm password').fill(changed);
  await passwordForm.getByRole('button', { name: 'Save password' }).click();
  await expect(passwordForm.getByText('The provided password does not match your current password.')).toBeVisible();
  await expect(passwordForm.getByLabel('Current password')).toHaveValue('');
  await expect(passwordForm.getByLabel('Current password')).toBeFocused();
  await passwordForm.getByLabel('Current password').fill(PASSWORD);
  await passwordForm.getByRole('button', { name: 'Save password' }).click();
  // Success is reported once: the toast, not a second "Saved." beside the button.
  await expect(page.getByRole('status').getByText('Password updated.')).toBeVisible();
  await expect(page.getByText('Password updated.')).toHaveCount(1);
  await expect(passwordForm.getByText('Saved.')).toHaveCount(0);
  await expect(passwordForm.getByLabel('Current password')).toHaveValue('');
  await expect(passwordForm.getByLabel('New password')).toHaveValue('');
  await expect(passwordForm.getByLabel('Confirm password')).toHaveValue('');

  await logOut(page, name);

  // The old password no longer works.
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();

  // Forgot → reset through the mailed link.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle('Forgot password - Boardly');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email password reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists for that email address' })).toBeVisible();
  const resetMail = await app.mailbox.waitFor(email, /reset/i);
  expect(resetMail.subject).toContain('Boardly');
  await page.goto(Mailbox.link(resetMail, /https?:\/\/\S+\/reset-password\/\S+/));
  await expect(page).toHaveTitle('Reset password - Boardly');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(reset);
  await page.getByLabel('Confirm password').fill(reset);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset.' }).first()).toBeVisible();

  // Sign in with the password from the reset, then go straight to the profile.
  await signInTo(page, '/profile', email, reset);
  await expect(page.getByLabel('Email')).toHaveValue(email);

  // Delete the account: the dialog's password also confirms it, so there is no detour through
  // /confirm-password and the deletion happens in one go (issue #12, bug 3).
  await submitDeletion(page, reset);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();

  // Gone: the credentials no longer sign in.
  await signIn(page, email, reset);
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
});

test('a wrong password in the delete dialog keeps the dialog open with the error', async ({ page, app, consoleErrors }) => {
  // The refused confirmation is a 422, which the browser reports: it is the point of this test.
  consoleErrors.allow(/status of 422 .*\/user\/confirm-password\)$/);
  const name = 'Charles Babbage';
  const email = uniqueEmail('charles');
  await registerAndVerify(page, app, name, email);
  await page.goto('/profile');

  // Not confirmed since signing in, yet the dialog itself answers, and stays open.
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password', { exact: true }).fill('not it');
  await dialog.getByLabel('Password', { exact: true }).press('Enter');
  await expect(dialog.getByText('The provided password is incorrect.')).toBeVisible();
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
});
