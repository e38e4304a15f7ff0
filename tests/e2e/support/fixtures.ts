import { test as base, expect, type Page } from '@playwright/test';
import { startApp, type AppProcess } from './server';

/** One app process per worker; every test gets its base URL and its mailbox. */
export const test = base.extend<{ app: AppProcess }, { workerApp: AppProcess }>({
  workerApp: [
    async ({}, use) => {
      const app = await startApp();
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  app: async ({ workerApp }, use) => use(workerApp),
  baseURL: async ({ workerApp }, use) => use(workerApp.url),
});

export { expect };

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

export const PASSWORD = 'a long secret phrase';

/** Registers through the real form and verifies through the real mail; leaves the user signed in. */
export async function registerAndVerify(page: Page, app: AppProcess, name: string, email: string, password = PASSWORD) {
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: /create account|register/i }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  const mail = await app.mailbox.waitFor(email, /verify/i);
  const { Mailbox } = await import('./mailbox');
  await page.goto(Mailbox.link(mail, /https?:\/\/\S+\/verify-email\/\S+/));
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
}
