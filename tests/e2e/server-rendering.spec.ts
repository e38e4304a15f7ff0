import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { demoTest, DEMO_PASSWORD, expect, signIn } from './support/fixtures';

/**
 * The public pages arrive rendered by the server (ADR 0042) and the client hydrates them: read
 * without JavaScript they are whole and styled; with JavaScript React takes them over without a
 * hydration mismatch (in English, in German, with the dark theme stored) and later visits go
 * through Inertia without reloading the document. One app and one shared insight for the file.
 */
const test = demoTest();

const ORGANIZATION = 'Northwind Governance';
const suffix = Date.now().toString(36);
const TITLE = `Rendered on the server ${suffix}`;
const SENTENCE = 'The board reads this before any script runs.';
const WITHDRAWN_TITLE = `Withdrawn soon ${suffix}`;
const SCREENSHOTS = 'test-results/ssr';

/** The shared insight, the link that was shared and withdrawn, written once by the editor. */
let publicUrl = '';
let withdrawnUrl = '';

/** The editor writes, publishes and shares an insight; answers its public link. */
async function writeAndShare(page: Page, title: string, body: string): Promise<string> {
  await page.goto('/insights/create');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Summary').fill('What the server draws before the browser runs a script.');
  await page.getByLabel('Category').selectOption('strategy');
  await page.getByLabel('Body').fill(body);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Insight published.')).toBeVisible();
  await page.getByRole('button', { name: 'Create public link' }).click();
  const linkBox = page.getByRole('textbox', { name: 'Public link' });
  await expect(linkBox).toHaveValue(/\/p\/northwind\/[A-Za-z0-9_-]{32}$/);
  return linkBox.inputValue();
}

// The shared insight, and a second one whose link is shared and then withdrawn.
test.beforeAll(async ({ browser, ownApp }) => {
  const context = await browser.newContext({ baseURL: ownApp.url });
  const page = await context.newPage();
  await signIn(page, 'editor@boardly.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  publicUrl = await writeAndShare(page, TITLE, `## Findings\n\n${SENTENCE} The decision is **already made** on the server.\n\n- one\n- two`);
  withdrawnUrl = await writeAndShare(page, WITHDRAWN_TITLE, 'Soon gone.');
  await page.getByRole('button', { name: 'Stop sharing' }).click();
  await page.getByRole('alertdialog', { name: 'Stop sharing?' }).getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByText('The public link was turned off.')).toBeVisible();
  await context.close();
});

/** Every public page, by the heading a reader sees first (English). */
const pages = () => [
  { name: 'shared insight', path: new URL(publicUrl).pathname, heading: TITLE },
  { name: 'organisation page', path: '/p/northwind', heading: ORGANIZATION },
  { name: 'welcome', path: '/', heading: 'Keep every board member known, briefed and up to date.' },
  { name: 'new welcome', path: '/welcome/new', heading: 'The workspace for people who support boards.' },
  { name: 'privacy policy', path: '/privacy-policy', heading: 'Privacy policy' },
  { name: 'terms', path: '/terms', heading: 'Terms of service' },
  { name: 'unknown page', path: `/no-such-page-${suffix}`, heading: 'We couldn’t find that page' },
  { name: 'withdrawn link', path: new URL(withdrawnUrl).pathname, heading: 'This link is not available' },
];

/** The 404s of the unknown page and the withdrawn link are the point: the browser reports them. */
const EXPECTED_404 = /status of 404 .*\/(no-such-page-|p\/northwind\/[\w-]{32})/;

const HYDRATION = /hydrat|did not match|Minified React error #(418|423|425)/i;

/** Every console message and page error of `page`, from before its first navigation. */
function listen(page: Page) {
  const messages: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => errors.push(String(error)));
  return {
    messages,
    errors,
    /** No hydration warning and no page error so far. */
    check(where: string) {
      expect(
        messages.filter((m) => HYDRATION.test(m)),
        `hydration messages on ${where}`,
      ).toEqual([]);
      expect(errors, `page errors on ${where}`).toEqual([]);
    },
  };
}

/** React has taken the server's HTML over: the root's first button carries React's fiber. */
async function waitForHydration(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('#app button') ?? {}).some((key) => key.startsWith('__reactFiber$'))), {
      message: 'the page is hydrated',
    })
    .toBe(true);
}

const themeToggle = (page: Page) => page.getByRole('button', { name: /^(Switch to (dark|light) theme|Zum (dunklen|hellen) Design wechseln)$/ });
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/** The theme toggle answers (the page is interactive): dark on, then off again. */
async function toggleTheme(page: Page) {
  const before = await isDark(page);
  await themeToggle(page).click();
  await expect.poll(() => isDark(page)).toBe(!before);
  await themeToggle(page).click();
  await expect.poll(() => isDark(page)).toBe(before);
}

async function newPage(browser: Browser, baseURL: string | undefined, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL, ...options });
  return { context, page: await context.newPage() };
}

test('without JavaScript every public page is readable and styled', async ({ browser, baseURL, consoleErrors }) => {
  consoleErrors.allow(EXPECTED_404);
  const { context, page } = await newPage(browser, baseURL, { javaScriptEnabled: false });

  // The shared insight: title, body (bold as <strong>), in the app's stylesheet.
  const response = await page.goto(publicUrl);
  expect(response!.status()).toBe(200);
  await expect(page.locator('#app[data-server-rendered="true"]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.locator('article').getByRole('heading', { name: 'Findings' })).toBeVisible();
  await expect(page.getByText(SENTENCE)).toBeVisible();
  await expect(page.locator('article strong', { hasText: 'already made' })).toBeVisible();
  await expect(page.getByRole('link', { name: `All insights from ${ORGANIZATION}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of service' })).toBeVisible();
  // What only a script can operate is not offered: the theme toggle and the language picker.
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeHidden();
  await expect(page.getByLabel('Language')).toBeHidden();
  const looks = await page.evaluate(() => {
    const h1 = document.querySelector('h1')!;
    const frame = document.querySelector('#app > div')!;
    return {
      stylesheets: document.querySelectorAll('link[rel="stylesheet"]').length,
      fontWeight: getComputedStyle(h1).fontWeight,
      frameBackground: getComputedStyle(frame).backgroundColor,
      frameDisplay: getComputedStyle(frame).display,
      headerPosition: getComputedStyle(document.querySelector('header')!).position,
    };
  });
  expect(looks.stylesheets).toBeGreaterThan(0);
  expect(looks.fontWeight).toBe('700');
  expect(looks.frameBackground).not.toBe('rgba(0, 0, 0, 0)');
  expect(looks.frameDisplay).toBe('flex');
  expect(looks.headerPosition).toBe('sticky');
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/insight-desktop-nojs.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}/insight-phone-nojs.png`, fullPage: true });
  // On a phone the header fits inside its padding (it held "Create account" too, 3 px from the edge).
  const headerRight = await page.evaluate(() => Math.max(...[...document.querySelectorAll('header nav > *')].map((e) => e.getBoundingClientRect().right)));
  expect(headerRight).toBeLessThanOrEqual(390 - 16);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The organisation's page lists it.
  await page.goto('/p/northwind');
  await expect(page.getByRole('heading', { level: 1, name: ORGANIZATION })).toBeVisible();
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();

  // Every other page shows its heading, styled.
  for (const { name, path, heading } of pages().slice(2)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), name).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontWeight), `${name}: the h1 is styled`).toBe('700');
  }

  // The withdrawn link says why.
  const withdrawn = await page.goto(withdrawnUrl);
  expect(withdrawn!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not available' })).toBeVisible();
  await expect(page.getByText(/may have been withdrawn, or replaced by a new one/)).toBeVisible();
  await expect(page.getByText(WITHDRAWN_TITLE)).toHaveCount(0);
  await context.close();
});

test('with JavaScript every public page hydrates without a mismatch and answers', async ({ browser, baseURL, consoleErrors }) => {
  consoleErrors.allow(EXPECTED_404);
  for (const { name, path, heading } of pages()) {
    // A page of its own for each: its messages from the start of the navigation.
    const { context, page } = await newPage(browser, baseURL);
    const seen = listen(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), name).toBeVisible();
    await waitForHydration(page);
    await toggleTheme(page);
    seen.check(name);
    await context.close();
  }
});

test('a German reader gets the shared insight in German, hydrated without a mismatch', async ({ browser, baseURL }) => {
  const { context, page } = await newPage(browser, baseURL, { locale: 'de-DE' });
  const seen = listen(page);
  await page.goto(publicUrl);
  await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
  await expect(page.getByRole('link', { name: `Alle Insights von ${ORGANIZATION}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Zum dunklen Design wechseln' })).toBeVisible();
  await toggleTheme(page);
  seen.check('the shared insight in German');
  await context.close();
});

test('a stored dark theme hydrates without a mismatch and the toggle offers light', async ({ browser, baseURL }) => {
  const { context, page } = await newPage(browser, baseURL);
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('theme-set')) {
      localStorage.setItem('theme', 'dark');
      sessionStorage.setItem('theme-set', '1');
    }
  });
  const seen = listen(page);
  await page.goto(publicUrl);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  expect(await isDark(page)).toBe(true);
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await isDark(page)).toBe(true);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect.poll(() => isDark(page)).toBe(false);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  seen.check('the shared insight in the dark theme');
  await context.close();
});

test('after hydration, links are Inertia visits: the document is never reloaded', async ({ browser, baseURL }) => {
  const { context, page } = await newPage(browser, baseURL);
  const seen = listen(page);
  await page.goto(publicUrl);
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 1;
  });
  const marker = () => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);

  await page.getByRole('link', { name: `All insights from ${ORGANIZATION}` }).click();
  await expect(page).toHaveURL(/\/p\/northwind$/);
  await expect(page.getByRole('heading', { level: 1, name: ORGANIZATION })).toBeVisible();
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
  expect(await marker()).toBe(1);

  const legal = page.getByRole('navigation', { name: 'Legal' });
  await legal.getByRole('link', { name: 'Terms of service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  expect(await marker()).toBe(1);

  await legal.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  expect(await marker()).toBe(1);

  // And back to the insight from the organisation's list, still the same document.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/p\/northwind$/);
  await page.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  expect(await marker()).toBe(1);
  seen.check('visits after hydration');
  await context.close();
});

test('screenshots of the shared insight for the team (not asserted)', async ({ browser, baseURL }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, baseURL, { viewport });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto(publicUrl);
      await waitForHydration(page);
      await page.screenshot({ path: `${SCREENSHOTS}/insight-${label}-${theme}.png`, fullPage: true });
      await context.close();
    }
  }
});
