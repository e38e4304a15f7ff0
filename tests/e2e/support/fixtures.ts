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
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  const mail = await app.mailbox.waitFor(email, /verify/i);
  const { Mailbox } = await import('./mailbox');
  await page.goto(Mailbox.link(mail, /https?:\/\/\S+\/verify-email\/\S+/));
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The seeded demo users' password in browser tests. */
export const DEMO_PASSWORD = 'e2e demo password';
export type DemoUser = 'owner' | 'admin' | 'editor' | 'viewer';

/**
 * A test whose worker runs its own app with the demo organisation (northwind) seeded. Each spec
 * file calls this once and so gets an app of its own: specs change the demo data.
 */
export function demoTest(env: Record<string, string> = {}) {
  return base.extend<{ app: AppProcess }, { demo: AppProcess }>({
    demo: [
      async ({}, use) => {
        const app = await startApp({ SEED_DEMO: 'true', DEMO_PASSWORD, SCHEDULER_ENABLED: 'false', ...env });
        // The demo data is written just after the server starts listening.
        for (let i = 0; i < 100 && !(await fetch(`${app.url}/p/northwind`)).ok; i++) await new Promise((r) => setTimeout(r, 200));
        await use(app);
        await app.stop();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    app: async ({ demo }, use) => use(demo),
    baseURL: async ({ demo }, use) => use(demo.url),
  });
}

/** Signs in as one of the demo users and waits for the dashboard. */
export async function signInAs(page: Page, who: DemoUser) {
  await signIn(page, `${who}@boardly.test`, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
}
