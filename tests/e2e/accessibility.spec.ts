import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { Mailbox } from './support/mailbox';
import { expect, test as base } from './support/fixtures';
import { startApp, type AppProcess } from './support/server';
import { turnOnTwoFactor } from './support/two-factor';

/**
 * axe-core over every page of the app, signed out and signed in, in the light and the dark
 * theme: no serious or critical violation (WCAG 2.1 A and AA rules, label in name, plus axe's
 * best practices).
 *
 * Data-driven: one line per page below. A line whose page component does not exist yet
 * (resources/js/Pages/<component>.tsx) is left out until it does; every page that exists is
 * checked, and each test asserts the server really rendered that component.
 */
type Who = 'guest' | 'admin' | 'viewer' | 'unverified' | 'board';
interface Links {
  invitation: string;
}
interface Entry {
  name: string;
  who: Who;
  /** A path, or how to find one (ids and tokens of the demo data). */
  path: string | ((page: Page, links: Links) => Promise<string>);
  /** The Inertia page the server must render. */
  component: string;
  /** The status the page answers with (200 unless said). */
  status?: number;
}

/** The first shared insight's public URL, read from the organisation's public page. */
const publicInsight = async (page: Page) => {
  await page.goto('/p/northwind');
  const href = await page.locator('a[href^="/p/northwind/"]').first().getAttribute('href');
  if (!href) throw new Error('The demo organisation has no shared insight on its public page');
  return href;
};

/** A new account with two-factor sign-in on, signed out and past its password again: the challenge. */
const twoFactorChallenge = async (page: Page) => {
  const email = `two-factor-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  await page.goto('/register');
  await page.getByLabel('Name').fill('Tess Factor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a long secret phrase');
  await page.getByLabel('Confirm password').fill('a long secret phrase');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/verify-email$/);
  await turnOnTwoFactor(page, 'a long secret phrase');
  await page.getByRole('button', { name: 'Tess Factor, account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/$/);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a long secret phrase');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/two-factor-challenge$/);
  return '/two-factor-challenge';
};

/** The first insight on the board member's portal home. */
const portalInsight = async (page: Page) => {
  await page.goto('/portal');
  const href = await page.locator('a[href^="/portal/insights/"]').first().getAttribute('href');
  if (!href) throw new Error('The board member has no insight on their portal home');
  return href;
};

/** A webhook endpoint of the demo organisation (a public address: production refuses private ones). */
const webhookEndpoint = async (page: Page) => {
  await page.goto('/organizations/1/webhooks');
  await page.getByLabel('URL').fill('https://93.184.215.14/boardly');
  await page.getByRole('checkbox', { name: /Board user · Created/ }).check();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await page.waitForURL(/\/organizations\/1\/webhooks\/\d+$/);
  return new URL(page.url()).pathname;
};

const PAGES: Entry[] = [
  // Signed out
  { name: 'Welcome', who: 'guest', path: '/', component: 'Welcome' },
  { name: 'Welcome_new', who: 'guest', path: '/welcome/new', component: 'Welcome_new' },
  { name: 'Privacy policy', who: 'guest', path: '/privacy-policy', component: 'Legal/PrivacyPolicyPage' },
  { name: 'Terms', who: 'guest', path: '/terms', component: 'Legal/Terms' },
  { name: 'Sign in', who: 'guest', path: '/login', component: 'Auth/Login' },
  { name: 'Create account', who: 'guest', path: '/register', component: 'Auth/Register' },
  { name: 'Forgot password', who: 'guest', path: '/forgot-password', component: 'Auth/ForgotPassword' },
  { name: 'Reset password', who: 'guest', path: '/reset-password/not-a-real-token?email=someone%40example.test', component: 'Auth/ResetPassword' },
  { name: 'Organization sign in (slug)', who: 'guest', path: '/org-login', component: 'Auth/OrganizationLogin' },
  { name: 'Organization sign in (form)', who: 'guest', path: '/org-login/northwind', component: 'Auth/OrganizationLogin' },
  { name: 'Public insights', who: 'guest', path: '/p/northwind', component: 'Insights/Public/Index' },
  { name: 'Public insight', who: 'guest', path: publicInsight, component: 'Insights/Public/Show' },
  { name: 'Accept invitation', who: 'guest', path: (_page, links) => Promise.resolve(links.invitation), component: 'Invitations/Accept' },
  { name: '404 (signed out)', who: 'guest', path: '/no-such-page', component: 'Errors/404', status: 404 },
  { name: 'Two-factor challenge', who: 'guest', path: twoFactorChallenge, component: 'Auth/TwoFactorChallenge' },
  { name: 'Board portal sign-in link (spent)', who: 'guest', path: '/portal/sign-in/not-a-real-token', component: 'Portal/SignIn', status: 410 },
  // Signed in, not yet verified
  { name: 'Verify email', who: 'unverified', path: '/verify-email', component: 'Auth/VerifyEmail' },
  // Signed in (admin of the demo organisation)
  { name: 'Dashboard', who: 'admin', path: '/dashboard', component: 'Dashboard' },
  { name: 'Board users', who: 'admin', path: '/board-users', component: 'BoardUsers/Index' },
  { name: 'Board users (filtered)', who: 'admin', path: '/board-users?status=inactive', component: 'BoardUsers/Index' },
  { name: 'Board user: create', who: 'admin', path: '/board-users/create', component: 'BoardUsers/Create' },
  { name: 'Board user', who: 'admin', path: '/board-users/1', component: 'BoardUsers/Show' },
  { name: 'Board user: edit', who: 'admin', path: '/board-users/1/edit', component: 'BoardUsers/Edit' },
  { name: 'Board users: import', who: 'admin', path: '/board-users/import', component: 'BoardUsers/Import' },
  { name: 'Insights', who: 'admin', path: '/insights', component: 'Insights/Index' },
  { name: 'Insight: create', who: 'admin', path: '/insights/create', component: 'Insights/Create' },
  { name: 'Insight', who: 'admin', path: '/insights/1', component: 'Insights/Show' },
  { name: 'Insight: edit', who: 'admin', path: '/insights/1/edit', component: 'Insights/Edit' },
  { name: 'Organizations', who: 'admin', path: '/organizations', component: 'Organizations/Index' },
  { name: 'Organization: create', who: 'admin', path: '/organizations/create', component: 'Organizations/Create' },
  { name: 'Organization', who: 'admin', path: '/organizations/1', component: 'Organizations/Show' },
  { name: 'Organization: edit', who: 'admin', path: '/organizations/1/edit', component: 'Organizations/Edit' },
  { name: 'Activity log', who: 'admin', path: '/organizations/1/activity-logs', component: 'Organizations/ActivityLogs' },
  { name: 'Select organization', who: 'admin', path: '/organizations/select', component: 'Auth/OrganizationSelect' },
  { name: 'Members', who: 'admin', path: '/users', component: 'Users/Index' },
  { name: 'Member: invite', who: 'admin', path: '/users/create', component: 'Users/Create' },
  { name: 'Member', who: 'admin', path: '/users/3', component: 'Users/Show' },
  { name: 'Member: edit role', who: 'admin', path: '/users/3/edit', component: 'Users/Edit' },
  { name: 'Subscription', who: 'admin', path: '/subscription', component: 'Subscriptions/Show' },
  { name: 'Subscription: change plan', who: 'admin', path: '/subscription/edit', component: 'Subscriptions/Edit' },
  { name: 'Subscription: history', who: 'admin', path: '/subscription/history', component: 'Subscriptions/History' },
  { name: 'Settings', who: 'admin', path: '/settings', component: 'Settings/Index' },
  { name: 'History', who: 'admin', path: '/history', component: 'History' },
  { name: 'Profile', who: 'admin', path: '/profile', component: 'Profile/Edit' },
  { name: 'Confirm password', who: 'admin', path: '/confirm-password', component: 'Auth/ConfirmPassword' },
  { name: 'API tokens', who: 'admin', path: '/organizations/1/api-tokens', component: 'Organizations/ApiTokens' },
  { name: 'Webhooks', who: 'admin', path: '/organizations/1/webhooks', component: 'Organizations/Webhooks' },
  { name: 'Webhook endpoint', who: 'admin', path: webhookEndpoint, component: 'Organizations/WebhookShow' },
  { name: '404 (signed in)', who: 'admin', path: '/no-such-page', component: 'Errors/404', status: 404 },
  // A board member in the portal
  { name: 'Portal home', who: 'board', path: '/portal', component: 'Portal/Index' },
  { name: 'Portal insight', who: 'board', path: portalInsight, component: 'Portal/Insights/Show' },
  { name: 'Portal settings', who: 'board', path: '/portal/settings', component: 'Portal/Settings' },
  // Signed in as a viewer
  { name: 'Dashboard (viewer)', who: 'viewer', path: '/dashboard', component: 'Dashboard' },
  { name: '403 (viewer on change plan)', who: 'viewer', path: '/subscription/edit', component: 'Errors/Error', status: 403 },
];

const PAGES_DIR = path.resolve(import.meta.dirname, '../../resources/js/Pages');
const built = (e: Entry) => existsSync(path.join(PAGES_DIR, `${e.component}.tsx`));

type Contexts = (who: Who) => Promise<BrowserContext>;

const test = base.extend<{}, { demo: AppProcess; links: Links; contexts: Contexts }>({
  demo: [
    async ({}, use) => {
      const app = await startApp({ SEED_DEMO: 'true', DEMO_PASSWORD: 'password', SCHEDULER_ENABLED: 'false' });
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  /**
   * One browser context per role for the whole worker (signing in once each), opening pages in
   * the light theme; every test opens a fresh page in it.
   */
  contexts: [
    async ({ browser, demo }, use) => {
      const cache = new Map<string, Promise<BrowserContext>>();
      const make = async (who: Who) => {
        const context = await newContext(browser, demo);
        if (who === 'admin' || who === 'viewer') await signIn(context, `${who}@boardly.test`);
        if (who === 'unverified') await register(context);
        if (who === 'board') {
          const admin = await make('admin');
          await boardMember(context, admin, demo);
          await admin.close();
        }
        return context;
      };
      await use((who) => {
        if (!cache.has(who)) cache.set(who, make(who));
        return cache.get(who)!;
      });
      for (const context of cache.values()) await (await context).close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  /** Links only a mail can give: an invitation sent by the admin through the Users page. */
  links: [
    async ({ contexts, demo }, use) => {
      const page = await (await contexts('admin')).newPage();
      const email = `invitee-${Date.now()}@example.test`;
      await page.goto('/users/create');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.waitForURL(/\/users$/);
      await page.close();
      const mail = await demo.mailbox.waitFor(email, /invited/i);
      await use({ invitation: new URL(Mailbox.link(mail, /https?:\/\/\S+\/invitations\/\S+/)).pathname });
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ demo }, use) => use(demo.url),
});

async function newContext(browser: Browser, demo: AppProcess) {
  const context = await browser.newContext({ baseURL: demo.url, viewport: { width: 1280, height: 900 } });
  // Every page opens light, whatever an earlier test switched to.
  await context.addInitScript(() => {
    try {
      localStorage.setItem('theme', 'light');
    } catch {
      // no storage on about:blank
    }
  });
  return context;
}

async function signIn(context: BrowserContext, email: string) {
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.close();
}

/**
 * A board member of the demo organisation, signed in to the portal: the admin gives portal access
 * to a board user an insight is published for, and the invitation's link signs them in.
 */
async function boardMember(context: BrowserContext, admin: BrowserContext, demo: AppProcess) {
  const page = await admin.newPage();
  await page.goto('/insights?status=published');
  await page.locator('table a[href^="/insights/"]').first().click();
  await page.waitForURL(/\/insights\/\d+$/);
  await page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'For board users' }) })
    .locator('a[href^="/board-users/"]')
    .first()
    .click();
  await page.waitForURL(/\/board-users\/\d+$/);
  const before = demo.mailbox.messages.length;
  await page.getByRole('button', { name: 'Give portal access' }).click();
  await page.getByText(/^Invited on /).waitFor();
  await page.close();
  let invitation: (typeof demo.mailbox.messages)[number] | undefined;
  for (let i = 0; i < 100 && !invitation; i++) {
    invitation = demo.mailbox.messages.slice(before).find((m) => /board portal/i.test(m.subject));
    if (!invitation) await new Promise((r) => setTimeout(r, 100));
  }
  if (!invitation) throw new Error('No portal invitation arrived');
  const member = await context.newPage();
  await member.goto(new URL(Mailbox.link(invitation, /https?:\/\/\S+\/portal\/sign-in\/\S+/)).pathname);
  await member.getByRole('button', { name: 'Sign in' }).click();
  await member.waitForURL(/\/portal$/);
  await member.close();
}

async function register(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto('/register');
  await page.getByLabel('Name').fill('Una Verified');
  await page.getByLabel('Email').fill(`unverified-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('a long secret phrase');
  await page.getByLabel('Confirm password').fill('a long secret phrase');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/verify-email$/);
  await page.close();
}

test('the page list covers every page component that exists', () => {
  // Pages that are only ever parts of others, or need state a visit cannot give.
  const notPages = new Set(['BoardUsers/Form', 'Insights/Form', 'Organizations/Form']);
  const listed = new Set(PAGES.map((e) => e.component));
  const files: string[] = [];
  const walk = (dir: string, prefix = '') => {
    for (const name of readdirSync(dir, { withFileTypes: true })) {
      if (name.isDirectory()) {
        if (name.name !== 'Partials') walk(path.join(dir, name.name), `${prefix}${name.name}/`);
      } else if (name.name.endsWith('.tsx')) files.push(`${prefix}${name.name.slice(0, -4)}`);
    }
  };
  walk(PAGES_DIR);
  const missing = files.filter((f) => !listed.has(f) && !notPages.has(f));
  expect(missing, 'page components without a line in PAGES').toEqual([]);
});

/** axe's WCAG 2.1 A/AA and best-practice rules; serious and critical violations, as a report. */
async function blockingViolations(page: Page): Promise<{ count: number; report: string }> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // WCAG 2.5.3 (label in name): axe ships the rule as experimental, so it is turned on here.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `   ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('')}`)
          .join('\n')}`,
    )
    .join('\n');
  return { count: blocking.length, report };
}

// One visit per page, checked in the light theme, then switched to dark the way the app's own
// toggle does it (lib/theme.ts: the class on <html>, the stored choice, the event components follow).
for (const entry of PAGES.filter(built)) {
  test(`${entry.name} [${entry.who}]: no serious or critical axe violations, light and dark`, async ({ contexts, links, consoleErrors }) => {
    // A page that answers an error status on purpose: the browser reports that status once.
    if (entry.status) consoleErrors.allow(new RegExp(`status of ${entry.status} `));
    const context = await contexts(entry.who);
    const page = await context.newPage();
    try {
      const target = typeof entry.path === 'string' ? entry.path : await entry.path(page, links);
      const response = await page.goto(target);
      expect(response?.status(), `${target} answered ${response?.status()}`).toBe(entry.status ?? 200);
      // The page object as served (the app removes it from the document once read).
      const served = (await response!.text()).match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/)?.[1];
      const component = served ? JSON.parse(served).component : undefined;
      expect(component, `${target} rendered another page`).toBe(entry.component);
      // Rendered (Inertia mounts into #app), lazy content settled.
      await page.locator('#app > *').first().waitFor();
      await page.waitForLoadState('networkidle');

      for (const theme of ['light', 'dark'] as const) {
        if (theme === 'dark') {
          await page.evaluate(() => {
            document.documentElement.classList.add('dark');
            localStorage.setItem('theme', 'dark');
            window.dispatchEvent(new CustomEvent('theme-change', { detail: 'dark' }));
          });
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        }
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        const { count, report } = await blockingViolations(page);
        expect(count, `${entry.name} (${target}, ${theme}):\n${report}`).toBe(0);
      }
    } finally {
      await page.close();
    }
  });
}
