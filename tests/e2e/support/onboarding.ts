/**
 * Going through /onboarding the short way, for tests whose subject lies beyond it: the names, then
 * Get Started, the preferences and the tour skipped, and the way on from the last step.
 * tests/e2e/onboarding.spec.ts covers every step properly.
 */
import { expect, type Page } from '@playwright/test';

export async function completeOnboarding(page: Page, name: { first: string; last: string }) {
  await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
  await page.getByLabel('First name').fill(name.first);
  await page.getByLabel('Last name').fill(name.last);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Preferences' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.getByRole('button', { name: 'Skip tour' }).click();
  await page.getByRole('button', { name: /^Go to / }).click();
}
