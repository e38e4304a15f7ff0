import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Response } from '@playwright/test';
import { GUEST_PAGES, modulesOf, readManifest, staticGraph, violations } from '../../server/cli/bundle-report';
import { demoTest, expect, signInAs } from './support/fixtures';
import { FIRST_LOAD_BUDGET, firstLoadBytes, kilobytes } from '../helpers/first-load-bytes';

/**
 * Issue #14's first load, on the build `npm run test:e2e` just made: the sign-in page's module
 * graph holds no pusher-js, laravel-echo or signed-in shell; what the browser fetches comes
 * compressed and cacheable forever; a signed-in page loads the socket's libraries after it rendered.
 */
const BUILD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/build');
const test = demoTest();

test('the login page’s module graph has no pusher-js, laravel-echo, laravel-precognition or app shell; no page pulls in another page', () => {
  const manifest = readManifest(BUILD);
  const login = modulesOf(BUILD, manifest, staticGraph(manifest, 'Auth/Login'));
  expect(login).toContain('resources/js/Pages/Auth/Login.tsx');
  expect(login.filter((m) => /node_modules\/(pusher-js|laravel-echo)\//.test(m))).toEqual([]);
  // Live validation's library comes when a form first uses it (resources/js/lib/precognition.ts).
  expect(login.filter((m) => /node_modules\/laravel-precognition\//.test(m))).toEqual([]);
  expect(login).toContain('resources/js/lib/precognition.ts');
  expect(login).not.toContain('resources/js/Layouts/AppLayout.tsx');
  expect(violations(BUILD, GUEST_PAGES)).toEqual([]);
});

/** Every JS and CSS response of the page while `work` runs. */
async function assetsDuring(page: Page, work: () => Promise<void>): Promise<Response[]> {
  const seen: Response[] = [];
  const listener = (response: Response) => {
    if (/\/build\/assets\/.+\.(js|css)$/.test(new URL(response.url()).pathname)) seen.push(response);
  };
  page.on('response', listener);
  await work();
  page.off('response', listener);
  return seen;
}

test('the sign-in page fetches compressed, immutable assets and nothing of the socket', async ({ page, app }) => {
  const assets = await assetsDuring(page, async () => {
    await page.goto(`${app.url}/login`);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
  expect(assets.length).toBeGreaterThan(1);
  for (const response of assets) {
    const headers = await response.allHeaders();
    expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
    expect(headers.vary ?? '', response.url()).toMatch(/Accept-Encoding/i);
    // A file smaller than its compressed form goes as it is; every other one is compressed.
    if ((await response.body()).length > 1024) expect(['br', 'gzip'], response.url()).toContain(headers['content-encoding']);
  }
  expect(assets.map((r) => r.url()).filter((url) => /\/(pusher|echo|AppLayout)-/.test(url))).toEqual([]);
});

test('the sign-in page downloads at most 110 KB until the network is idle, what loads after it rendered included', async ({ page, app }) => {
  // Issue #24: the passkey button fetched axios (20 KB) and the WebAuthn client after render, past the budget.
  const load = await firstLoadBytes(page, `${app.url}/login`);
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
  const listing = load.responses.map((r) => `${kilobytes(r.bodyBytes).padStart(9)} ${r.encoding ?? '-'} ${new URL(r.url).pathname}`).join('\n');
  expect(load.responses.length, listing).toBeGreaterThan(5);
  expect(load.htmlBytes, listing).toBeGreaterThan(0);
  expect(
    load.responses.map((r) => new URL(r.url).pathname).filter((p) => /\/(axios|http|passkeys)-[\w-]+\.js$/.test(p)),
    listing,
  ).toEqual([]);
  expect(load.bodyBytes, listing).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
});

test('a signed-in page loads the socket’s libraries after it rendered, and goes live', async ({ page }) => {
  const assets = await assetsDuring(page, async () => {
    await signInAs(page, 'admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The presence channel was joined: pusher-js and laravel-echo arrived and connected.
    await expect(page.getByText(/member(s)? online/)).toBeAttached();
  });
  const urls = assets.map((r) => new URL(r.url()).pathname);
  expect(urls.some((u) => /\/pusher-[\w-]+\.js$/.test(u))).toBe(true);
  expect(urls.some((u) => /\/AppLayout-[\w-]+\.js$/.test(u))).toBe(true);
});
