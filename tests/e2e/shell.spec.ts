import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';

async function expectPageShape(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
}

const html = (page: Page) => page.locator('html');

test.describe('the shell', () => {
  test('loads the home page with its landmarks, the product name and a welcome', async ({ page }) => {
    await page.goto('/');
    await expectPageShape(page, 'Welcome to the Objectivism Learning Platform');
    await expect(page).toHaveTitle('Objectivism Learning Platform');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const legal = page.getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expectNoA11yViolations(page);
  });

  test('shows the terms and the privacy policy, reached from the footer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expectPageShape(page, 'Terms of Service');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('Home/Terms of Service');
    await expectNoA11yViolations(page);

    await page.goto('/privacy');
    await expectPageShape(page, 'Privacy Policy');
    await expect(page).toHaveTitle(/^Privacy Policy/);
    await expectNoA11yViolations(page);
  });

  test('answers an unknown address with the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expectPageShape(page, 'Page not found');
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expectPageShape(page, 'Welcome to the Objectivism Learning Platform');
  });

  test('can be used from the keyboard: skip link first, visible focus', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Tab');
    const brand = page.getByRole('link', { name: 'Objectivism Learning Platform' });
    await expect(brand).toBeFocused();
    const outline = await brand.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).toBe('solid');
  });
});

test.describe('the theme', () => {
  test('keeps the chosen theme across a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const themes = page.getByRole('group', { name: 'Theme' });
    await expect(themes.getByRole('radio', { name: 'System' })).toBeChecked();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');

    await themes.getByRole('radio', { name: 'Dark' }).check();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(themes.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expectNoA11yViolations(page, '/ (dark theme)');
  });

  test('follows the operating system live when set to system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/terms');
    const themes = page.getByRole('group', { name: 'Theme' });
    await themes.getByRole('radio', { name: 'Light' }).check();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');

    await themes.getByRole('radio', { name: 'System' }).check();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
    await expectNoA11yViolations(page, '/terms (dark theme)');

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  });

  test("reads a saved 'auto' as system", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'auto'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/privacy');
    await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'System' })).toBeChecked();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expectNoA11yViolations(page, '/privacy (dark theme)');
  });
});
