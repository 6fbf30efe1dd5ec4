/**
 * Managing members in the browser: an administrator (ADMIN_EMAILS, signed in from the mail) finds a
 * member by search, grants them GRADER, and deactivates them; the member sees the change in their
 * security activity, uses 'This wasn't me' there, and is signed out by the deactivation. Every page
 * is checked with axe; set E2E_SCREENSHOT_DIR to keep screenshots (desktop and 390 px wide).
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_MEMBERS_ADMIN_EMAIL } from './support/admin';
import { expectNoA11yViolations } from './support/a11y';
import { mailsTo, signInLinkIn, waitForMail } from './support/smtp-inbox';

const PASSWORD = 'Galt-Gulch-Motor-1957';
const stem = Date.now().toString(36);

async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

/** Signs in by magic link, reading the mail, and follows the link to `path`. */
async function signInByMail(page: Page, email: string, path: string) {
  const before = (await mailsTo(email)).length;
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
  await page.goto(signInLinkIn(await waitForMail(email, before + 1)));
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`), { timeout: 15_000 });
}

const DESKTOP = { width: 1366, height: 900 };

test.describe('managing members', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: DESKTOP });

  test('an administrator finds a member, grants GRADER and deactivates them; the member sees it and is signed out', async ({ page, browser }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const email = `eddie.${stem}@example.org`;
    const lastName = `Willers ${stem}`;

    // The member: an account, signed in in a browser of their own (the API and the page share its cookies).
    const memberContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: DESKTOP });
    const memberPage = await memberContext.newPage();
    await memberPage.emulateMedia({ colorScheme: 'light' });
    const registered = await memberContext.request.post('/api/auth/register', { data: { email, password: PASSWORD, firstName: 'Eddie', lastName } });
    expect(registered.status(), await registered.text()).toBe(200);

    // The administrator (named, so sign-in goes straight to the page asked for) signs in from the
    // mail, which verifies the address and so makes them ADMIN, and opens Members from the admin navigation.
    const adminApi = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const adminRegistered = await adminApi.request.post('/api/auth/register', { data: { email: E2E_MEMBERS_ADMIN_EMAIL, password: PASSWORD, firstName: 'Ayn', lastName: 'Admin' } });
    expect([200, 409], await adminRegistered.text()).toContain(adminRegistered.status());
    await adminApi.close();
    await signInByMail(page, E2E_MEMBERS_ADMIN_EMAIL, '/admin/content');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Members' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members');
    await expect(page.getByRole('table')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search' }).fill(`willers ${stem}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=willers`));
    await expect(page.getByText('1 member', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page, '/admin/users');
    await snap(page, 'admin-users-list');

    await page.getByRole('link', { name: `Eddie ${lastName}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Eddie ${lastName}`);
    const roles = page.getByRole('region', { name: 'Roles' });
    await expect(roles.getByRole('checkbox', { name: 'Member' })).toBeChecked();
    await expect(roles.getByRole('checkbox', { name: 'Member' })).toBeDisabled();
    await expect(page.getByRole('list', { name: 'Security events' })).toContainText('Account created; signed in with your password');
    await expectNoA11yViolations(page, '/admin/users/:id');

    // GRADER, saved and still there after a reload; the member has it at once.
    await roles.getByRole('checkbox', { name: 'Grader' }).check();
    await roles.getByRole('button', { name: 'Save roles' }).click();
    await expect(page.getByText(`Roles of Eddie ${lastName} saved`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Roles' }).getByRole('checkbox', { name: 'Grader' })).toBeChecked();
    await expect(page.getByRole('list', { name: 'Security events' })).toContainText('Your roles were changed by an administrator');
    await snap(page, 'admin-user-detail');
    const me = await memberContext.request.get('/api/auth/me');
    expect(((await me.json()) as { user: { roles: string[] } }).user.roles).toEqual(['MEMBER', 'GRADER']);

    // The member sees it in their security activity, and ends the session they do not recognise.
    const elsewhere = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    expect((await elsewhere.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
    await memberPage.goto('/profile/security');
    await memberPage.getByRole('link', { name: 'See your security activity' }).click();
    await expect(memberPage.getByRole('heading', { level: 1 })).toHaveText('Security activity');
    const activity = memberPage.getByRole('list', { name: 'Your security activity' });
    await expect(activity).toContainText('Your roles were changed by an administrator');
    await expect(activity).toContainText('Now: MEMBER, GRADER (before: MEMBER)');
    await expect(activity).toContainText('Place unknown · network 127.0.0.0/24');
    await expectNoA11yViolations(memberPage, '/profile/security/activity');
    await snap(memberPage, 'account-security-activity');

    await memberPage.getByRole('button', { name: 'This wasn’t me', exact: true }).click();
    const dialog = memberPage.getByRole('dialog', { name: 'Sign out everywhere else?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(memberPage.getByText('We signed out 1 other session.')).toBeVisible();
    await expect(memberPage.getByRole('link', { name: 'Change your password' })).toHaveAttribute('href', '/profile/security#password');
    await expect(activity).toContainText('Signed out everywhere else');
    expect((await elsewhere.request.get('/api/auth/me')).status()).toBe(401);
    await snap(memberPage, 'account-security-activity-not-me');
    await elsewhere.close();

    // Deactivation, after a confirmation: the member is signed out at once.
    const status = page.getByRole('region', { name: 'Status' });
    await status.getByRole('button', { name: 'Deactivate account' }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate Eddie ${lastName}?` });
    await expect(confirm).toContainText('They are signed out everywhere at once');
    await expectNoA11yViolations(page, 'deactivate dialog');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText(`Eddie ${lastName} was deactivated`)).toBeVisible();
    await expect(status.getByRole('button', { name: 'Reactivate account' })).toBeVisible();
    await expect(status).toContainText('This member cannot sign in.');
    await snap(page, 'admin-user-deactivated');

    expect((await memberContext.request.get('/api/auth/me')).status()).toBe(401);
    await memberPage.reload();
    await expect(memberPage).toHaveURL(/\/login\?redirect=/);
    const refused = await memberContext.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(refused.status()).toBe(403);

    // Back in the list, filtered to the deactivated.
    await page.goto(`/admin/users?active=false&q=${encodeURIComponent(`willers ${stem}`)}`);
    await expect(page.getByRole('row').nth(1)).toContainText('Deactivated');
    await memberContext.close();
  });
});
