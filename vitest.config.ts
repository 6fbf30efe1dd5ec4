import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Three projects: `unit` (pure rules, and use cases with memory adapters or, for the content module,
 * its own adapters on in-memory PGlite), `server` (contract and API tests against real
 * PostgreSQL/Redis when TEST_DATABASE_URL/TEST_REDIS_URL are set) and `web` (React components and
 * client modules in jsdom). Browser tests are Playwright's (tests/e2e).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ['tests/unit/web/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/contract/**/*.test.ts', 'tests/api/**/*.test.ts'],
          environment: 'node',
          // The suites share one PostgreSQL database and one Redis: files run one at a time.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['tests/unit/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/web/setup.ts'],
        },
      },
    ],
  },
});
