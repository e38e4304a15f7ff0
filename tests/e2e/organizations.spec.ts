import type { Browser, Page } from '@playwright/test';
import { Mailbox } from './support/mailbox';
import type { AppProcess } from './support/server';
import { expect, PASSWORD, registerAndVerify, test, uniqueEmail } from './support/fixtures';

/**
 * Organisations, invitations and roles in a real browser against the real app, with mail over
 * SMTP into the worker's Mailbox. Fields are found by label, buttons and links by role.
 */

async function logOut(page: Page, name: string) {
  await page.getByRole('button', { name: `${name}, account menu` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function invite(page: Page, email: string, role: 'Editor' | 'Viewer') {
  await page.goto('/users');
  await page.getByRole('link', { name: 'Invite member' }).first().click();
  await expect(page).toHaveURL(/\/users\/create$/);
  await expect(page).toHaveTitle('Invite a member - Boardly');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').selectOption({ label: role });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('table', { name: 'Pending invitations' }).getByRole('cell', { name: email, exact: true })).toBeVisible();
}

/** Opens the invitation link from the real mail in a fresh browser context and creates the account. */
async function acceptAsNewcomer(browser: Browser, app: AppProcess, baseURL: string, email: string, name: string, orgName: string) {
  const mail = await app.mailbox.waitFor(email, new RegExp(`invited to join ${orgName}`));
  const link = Mailbox.link(mail, /https?:\/\/\S+\/invitations\/\S+/);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page).toHaveTitle(`Join ${orgName} - Boardly`);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { page, context, link };
}

test('owner creates an organisation, invites an editor and a viewer by mail; the editor signs in through /org-login and switches organisations; the viewer sees no edit buttons', async ({
  page,
  app,
  browser,
  baseURL,
  consoleErrors,
}) => {
  // A long journey through four accounts: give it more than the default minute.
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const orgName = `Acme Governance ${suffix}`;
  const slug = `acme-${suffix}`;
  const ownerName = 'Olivia Owner';
  const ownerEmail = uniqueEmail('owner');
  const editorEmail = uniqueEmail('editor');
  const viewerEmail = uniqueEmail('viewer');

  // A new user has no organisation yet: the app offers to create one.
  await registerAndVerify(page, app, ownerName, ownerEmail);
  await expect(page).toHaveURL(/\/organizations\/select$/);
  await expect(page.getByText('You are not part of an organization yet')).toBeVisible();
  await page.getByRole('link', { name: 'Create an organization' }).click();

  // Create: the slug follows the name until edited; a reserved slug is refused with a clear message.
  await expect(page).toHaveTitle('New organization - Boardly');
  await page.getByLabel('Name').fill(orgName);
  await expect(page.getByLabel('Slug')).toHaveValue(`acme-governance-${suffix}`);
  await page.getByLabel('Slug').fill('admin');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByText('That slug is reserved. Please choose another.')).toBeVisible();
  await expect(page.getByLabel('Slug')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Slug').fill(slug);
  await page.getByLabel('Website').fill('https://acme.example');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page).toHaveURL(/\/organizations\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
  await expect(page.getByText('You are owner')).toBeVisible();
  await expect(page.getByText('Current organization')).toBeVisible();
  const orgUrl = new URL(page.url()).pathname;

  // Invite an editor and a viewer; both mails go through SMTP.
  await invite(page, editorEmail, 'Editor');
  await invite(page, viewerEmail, 'Viewer');
  await logOut(page, ownerName);

  // The editor accepts as a new person (name + password), then signs out.
  const editor = await acceptAsNewcomer(browser, app, baseURL!, editorEmail, 'Eddie Editor', orgName);
  await editor.page.goto(orgUrl);
  await expect(editor.page.getByText('You are editor')).toBeVisible();
  // The link cannot be used twice (410 Gone, on purpose).
  consoleErrors.allow(/status of 410 .*\/invitations\/[\w-]+\)$/);
  await editor.page.goto(editor.link);
  await expect(editor.page.getByText(`This invitation to ${orgName} has already been used.`)).toBeVisible();
  await editor.page.goto('/organizations');
  await logOut(editor.page, 'Eddie Editor');

  // Signing in through the organisation's own address: first the slug, then the credentials.
  await editor.page.goto('/org-login');
  await expect(editor.page).toHaveTitle('Sign in to your organization - Boardly');
  await editor.page.getByLabel('Organization').fill('no-such-org-here');
  await editor.page.getByRole('button', { name: 'Continue' }).click();
  await expect(editor.page.getByText('No such organization.')).toBeVisible();
  await editor.page.getByLabel('Organization').fill(slug);
  await editor.page.getByRole('button', { name: 'Continue' }).click();
  await expect(editor.page).toHaveURL(new RegExp(`/org-login/${slug}$`));
  await expect(editor.page.getByRole('heading', { name: orgName })).toBeVisible();
  await editor.page.getByLabel('Email').fill(editorEmail);
  await editor.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await editor.page.getByRole('button', { name: `Sign in to ${orgName}` }).click();
  await expect(editor.page).toHaveURL(/\/dashboard$/);

  // A second organisation of the editor's own, then back to Acme with the switcher.
  const sideName = `Side Project ${suffix}`;
  await editor.page.goto('/organizations/create');
  await editor.page.getByLabel('Name').fill(sideName);
  await editor.page.getByRole('button', { name: 'Create organization' }).click();
  await expect(editor.page.getByRole('heading', { level: 1, name: sideName })).toBeVisible();
  await editor.page.getByRole('button', { name: `Organization: ${sideName}. Switch organization` }).click();
  await editor.page.getByRole('menuitem', { name: new RegExp(orgName) }).click();
  await expect(editor.page).toHaveURL(/\/dashboard$/);
  await expect(editor.page.getByRole('button', { name: `Organization: ${orgName}. Switch organization` })).toBeVisible();
  await editor.context.close();

  // The viewer: can read the organisation, but sees no edit buttons and is refused the members pages.
  const viewer = await acceptAsNewcomer(browser, app, baseURL!, viewerEmail, 'Vera Viewer', orgName);
  await viewer.page.goto(orgUrl);
  await expect(viewer.page.getByText('You are viewer')).toBeVisible();
  await expect(viewer.page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(viewer.page.getByRole('link', { name: 'Members' })).toHaveCount(0);
  await expect(viewer.page.getByRole('button', { name: /Leave/ })).toBeVisible();
  await viewer.page.goto('/board-users');
  await expect(viewer.page.getByRole('heading', { level: 1, name: 'Board users' })).toBeVisible();
  await expect(viewer.page.getByRole('link', { name: 'Add board user' })).toHaveCount(0);
  // Both refusals are 403 pages, on purpose.
  consoleErrors.allow(/status of 403 .*\/users\)$/);
  consoleErrors.allow(/status of 403 .*\/organizations\/\d+\/edit\)$/);
  const refused = await viewer.page.goto('/users');
  expect(refused?.status()).toBe(403);
  const edit = await viewer.page.goto(`${orgUrl}/edit`);
  expect(edit?.status()).toBe(403);
  await viewer.context.close();

  // Back as the owner: both newcomers are members with their roles.
  await page.goto('/login');
  await page.getByLabel('Email').fill(ownerEmail);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Let the sign-in finish before navigating, or the visit races it and lands as a guest.
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/users');
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row', { name: /Eddie Editor/ })).toContainText('Editor');
  await expect(members.getByRole('row', { name: /Vera Viewer/ })).toContainText('Viewer');
  await expect(page.getByText('No pending invitations')).toBeVisible();
});
