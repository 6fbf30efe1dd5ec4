import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

/**
 * What the sign-in pages download (web/src/app/routes.tsx: every page lazy). A size budget, not a
 * timing: the gzipped JavaScript the browser fetched for the page, and no library the page does
 * not use. The aim is 120 KB (100 KB ideally); the start-up itself holds react-dom (~65 KB),
 * react-router (~30 KB) and zod/mini's core (~15 KB, the responses' and forms' checks: classic zod
 * weighed ~25 KB), so the guard is set just above what the sign-in pages weigh now (~145 KB; ~155 KB
 * with classic zod, ~164 KB while the shell carried TanStack Query) and catches any growth:
 * docs/architecture.md ("The client") says what a lower figure would take.
 */
const SIGN_IN_JS_BUDGET_KB = 146;

/** Strings that survive minification, one per library the sign-in pages must not download. */
const UNUSED_LIBRARIES: [library: string, marker: string][] = [
  // Classic zod (its chained methods): the sign-in pages check with zod/mini (domain/auth/member.ts, sign-in-fields.ts).
  ['classic zod', 'nonnegative'],
  ['libphonenumber-js', 'country_calling_codes'],
  ['date-fns', 'Invalid time value'],
  ['react-hook-form', 'shouldUnregister'],
  ['@trpc/client', 'TRPCClientError'],
  // The query cache comes with the pages under the RPC layer (app/TrpcOutlet.tsx); the shell reads the configuration without it.
  ['@tanstack/react-query', 'No QueryClient set'],
];

async function scriptsOf(page: Page, path: string) {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) scripts.set(response.url(), response.body());
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all([...scripts].map(async ([url, body]) => ({ url, body: await body })));
  return { bodies, gzippedKb: bodies.reduce((sum, { body }) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024 };
}

for (const [path, heading] of [
  ['/login', 'Sign in'],
  ['/auth/callback', /./],
] as const) {
  test(`${path} downloads at most ${SIGN_IN_JS_BUDGET_KB} KB of gzipped JavaScript, and no library it does not use`, async ({ page }) => {
    const { bodies, gzippedKb } = await scriptsOf(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    expect(bodies.length).toBeGreaterThan(0);
    expect(gzippedKb, bodies.map((b) => b.url).join('\n')).toBeLessThanOrEqual(SIGN_IN_JS_BUDGET_KB);
    for (const [library, marker] of UNUSED_LIBRARIES) {
      const carrying = bodies.filter(({ body }) => body.includes(marker)).map(({ url }) => url);
      expect(carrying, `${library} downloaded by ${path}`).toEqual([]);
    }
  });
}

test('/get-started (the lead flow: one e-mail field) downloads neither the phone-number library nor date-fns', async ({ page }) => {
  const { bodies } = await scriptsOf(page, '/get-started');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const [library, marker] of UNUSED_LIBRARIES.filter(([name]) => name === 'libphonenumber-js' || name === 'date-fns')) {
    const carrying = bodies.filter(({ body }) => body.includes(marker)).map(({ url }) => url);
    expect(carrying, `${library} downloaded by /get-started`).toEqual([]);
  }
});
