import { Mailbox } from './support/mailbox';
import { appTest, expect, PASSWORD, uniqueEmail } from './support/fixtures';

/**
 * Issue #12: what a new user meets in the first ten minutes, end to end, on an app started as a
 * newcomer would start it: on a port of its own (not 3000) and without APP_URL. Every mailed link
 * must lead back to this app; no console error may appear anywhere (the fixture checks).
 */
const test = appTest({ APP_URL: '' });

/** The address the app printed when it started ("… is running at {url}"): where a newcomer opens it. */
async function printedUrl(output: string[]): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const found = output.join('').match(/is running at (https?:\/\/\S+)/);
    if (found) return found[1].replace(/\/+$/, '');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The app printed no address:\n${output.join('')}`);
}

test('first visit: register, verify by mail, create an organization, invite, share an insight, unshare it, sign out, press Back', async ({ page, app, browser, consoleErrors }) => {
  test.setTimeout(120_000);
  const appPort = new URL(app.url).port;
  expect(appPort).not.toBe('3000');
  // Browse where the app said it runs, as a newcomer would (and as its mailed links will say).
  const home = await printedUrl(app.output);
  expect(new URL(home).port).toBe(appPort);
  const at = (path: string) => home + path;
  const suffix = Date.now().toString(36);
  const name = 'Nina Newcomer';
  const email = uniqueEmail('nina');
  const orgName = `Newcomer Trust ${suffix}`;
  const title = `First findings ${suffix}`;

  // Register from the home page.
  await page.goto(at('/'));
  await page.getByRole('link', { name: 'Create account' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: /create account|register/i }).click();
  await expect(page).toHaveURL(/\/verify-email$/);

  // The mailed link leads back to this app, on its own port.
  const mail = await app.mailbox.waitFor(email, /verify/i);
  const link = Mailbox.link(mail, /https?:\/\/\S+\/verify-email\/\S+/);
  expect(new URL(link).port, `the verification link ${link} must point at this app (port ${appPort})`).toBe(appPort);
  await page.goto(link);

  // No organization yet: create one.
  await expect(page).toHaveURL(/\/organizations\/select$/);
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await page.getByRole('link', { name: 'Create an organization' }).click();
  await page.getByLabel('Name').fill(orgName);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();

  // Invite a colleague; the invitation's link also points at this app.
  const colleague = uniqueEmail('colleague');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Members' }).click();
  await page.getByRole('link', { name: 'Invite member' }).first().click();
  await page.getByLabel('Email').fill(colleague);
  await page.getByLabel('Role').selectOption({ label: 'Editor' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('table', { name: 'Pending invitations' }).getByRole('cell', { name: colleague, exact: true })).toBeVisible();
  const invitation = Mailbox.link(await app.mailbox.waitFor(colleague, /invited to join/), /https?:\/\/\S+\/invitations\/\S+/);
  expect(new URL(invitation).port).toBe(appPort);

  // Write, publish and share an insight.
  await nav.getByRole('link', { name: 'Insights' }).click();
  await page.goto(at('/insights/create'));
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').selectOption('governance');
  await page.getByLabel('Body').fill('## What we found\n\nThe board meets too rarely.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Insight published.')).toBeVisible();
  await page.getByRole('button', { name: 'Create public link' }).click();
  const publicUrl = await page.getByRole('textbox', { name: 'Public link' }).inputValue();
  expect(new URL(publicUrl).port).toBe(appPort);
  const insightUrl = page.url();

  // Signed out, in a browser of its own: the insight reads.
  const stranger = await browser.newContext();
  const guest = await stranger.newPage();
  await guest.goto(publicUrl);
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Stop sharing: the same browser loses it on its next visit and on a reload (the 404s are the point).
  await page.getByRole('button', { name: 'Stop sharing' }).click();
  await page.getByRole('alertdialog', { name: 'Stop sharing?' }).getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByText('The public link was turned off.')).toBeVisible();
  consoleErrors.allow(/status of 404 .*\/p\/[\w-]+\/[\w-]{32}\)$/);
  await guest.goto(new URL('/privacy-policy', publicUrl).href);
  expect((await guest.goto(publicUrl))!.status()).toBe(404);
  expect((await guest.reload())!.status()).toBe(404);
  await expect(guest.getByRole('heading', { name: 'This link is not available' })).toBeVisible();
  await expect(guest.getByText(title)).toHaveCount(0);
  await stranger.close();

  // Sign out, then Back: nothing of the organization or its insight.
  await page.goto(insightUrl);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: `${name}, account menu` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await expect(page.getByText(orgName)).toHaveCount(0);
  expect(await page.content()).not.toContain(title);
});
