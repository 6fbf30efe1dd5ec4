/**
 * The social provider of the browser tests: a real OpenID provider started by the global setup
 * (tests/support/oidc-provider.ts in `login: 'form'` mode), configured as `testid`, shown as
 * "Test ID". Its login page asks who signs in; these helpers fill it in like a person would.
 */
import { expect, type Page } from '@playwright/test';

export const E2E_SOCIAL_PROVIDER = { id: 'testid', name: 'Test ID' } as const;

export interface ProviderAccount {
  email: string;
  givenName?: string;
  familyName?: string;
}

/** Waits for the provider's login page (the browser left the app for it). */
export async function expectProviderLogin(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: `Sign in to ${E2E_SOCIAL_PROVIDER.name}` })).toBeVisible();
  expect(new URL(page.url()).hostname).toBe('127.0.0.1');
}

/** Signs in at the provider as `account`; the provider then sends the browser back to the app. */
export async function signInAtProvider(page: Page, account: ProviderAccount) {
  await expectProviderLogin(page);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  if (account.givenName) await page.getByLabel('First name', { exact: true }).fill(account.givenName);
  if (account.familyName) await page.getByLabel('Last name', { exact: true }).fill(account.familyName);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The member closes the provider's login page with Cancel. */
export async function cancelAtProvider(page: Page) {
  await expectProviderLogin(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
}
