import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, demoTest, expect, signIn, signInAs } from './support/fixtures';

/**
 * Issue #13 item 4: the shared props' type is derived from the server, and it says what the server
 * sends — a platform admin working in an organisation they are not a member of has no role there.
 * The sidebar shows the role only when there is one (it used to show an empty badge).
 */
const test = demoTest();

const sidebarFooter = (page: Page, organization: string) => page.locator('aside').getByText(organization, { exact: true }).locator('..');

async function screens(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    // Light by default, dark on choice (localStorage `theme`, docs/seed-spec.md §4).
    await page.evaluate((theme) => localStorage.setItem('theme', theme), scheme);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `/work/screens/structure/${name}-${scheme}-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `/work/screens/structure/${name}-${scheme}-phone.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a platform admin who is not a member gets no empty role badge; an owner sees theirs', async ({ page, browser, baseURL }) => {
  await signIn(page, 'platform@boardly.test', DEMO_PASSWORD);
  await page.getByRole('link', { name: 'All organizations' }).click();
  await page.getByRole('link', { name: 'Northwind Governance' }).first().click();
  await page.getByRole('button', { name: 'Switch to this organization' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  const adminFooter = sidebarFooter(page, 'Northwind Governance');
  await expect(adminFooter).toBeVisible();
  await expect(adminFooter.locator(':scope > *')).toHaveCount(1);
  await screens(page, 'dashboard-platform-admin');

  const owner = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(owner, 'owner');
  await owner.goto('/dashboard');
  await owner.setViewportSize({ width: 1280, height: 800 });
  const ownerFooter = sidebarFooter(owner, 'Northwind Governance');
  await expect(ownerFooter.locator(':scope > *')).toHaveCount(2);
  await expect(ownerFooter).toContainText(/owner/i);
  await screens(owner, 'dashboard-owner');
});
