/**
 * Browser tests in the machine's Chromium (never a downloaded one) against the real server serving
 * the built client (`npm run test:e2e` builds first). The global setup starts `main/api.ts` on a
 * free port with a fresh data directory and exposes its address as E2E_BASE_URL; set E2E_BASE_URL
 * yourself to run against a server that is already up.
 */
import { defineConfig, devices } from '@playwright/test';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: process.env.CI === 'true',
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: process.env.CI === 'true' ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  globalSetup: './support/global-setup.ts',
  outputDir: '../../test-results/e2e',
  use: {
    // Read in the workers, after the global setup has published the server's address.
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
