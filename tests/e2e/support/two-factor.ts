import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** The current code, `offsetMs` from now (one step ahead is inside the window and never the step just used). */
export const totpCode = (secret: string, offsetMs = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetMs });

/**
 * Turns two-factor sign-in on from the profile as a person would: the button, the password
 * dialog, the secret read off the page, a code from it. Answers the secret and the recovery codes.
 */
export async function turnOnTwoFactor(page: Page, password: string, onSetupShown?: () => Promise<void>) {
  await page.goto('/profile');
  const card = page.getByRole('region', { name: /Two-factor sign-in/ });
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  const qrCode = card.getByRole('img', { name: /QR code/ });
  // The dialog opens only after the page has asked whether the password was confirmed recently:
  // wait for whichever comes, never decide before the answer.
  await expect(dialog.or(qrCode).first()).toBeVisible();
  if (await dialog.isVisible()) {
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect(qrCode).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').textContent())!.trim();
  if (onSetupShown) await onSetupShown();
  await card.getByLabel('Code from your app').fill(totpCode(secret));
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  // The codes render just after the status: wait for them before reading (reading at once found none, once in CI).
  const codeItems = card.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codeItems.first()).toBeVisible();
  const codes = (await codeItems.allTextContents()).map((c) => c.trim());
  return { card, secret, codes };
}
