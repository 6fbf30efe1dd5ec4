/**
 * `npm test`: the whole suite. Typecheck and the layer rule, then vitest (unit, server, web),
 * then the client build and Playwright in Chromium. Ends with one line `N passed, N failed`.
 *
 * Integration suites use TEST_DATABASE_URL / TEST_REDIS_URL when set (they must answer), else
 * testcontainers, else the embedded adapters with a notice. Browser tests use CHROMIUM_PATH
 * (default /usr/bin/chromium); with CI=true a missing browser fails the run. They keep a screenshot of
 * each screen they walk through (every onboarding step among them) in E2E_SCREENSHOT_DIR, by default
 * test-results/screenshots, so every run leaves them for review.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const ci = process.env.CI === 'true';
const work = mkdtempSync(path.join(tmpdir(), 'olp-test-'));
let passed = 0;
let failed = 0;
const problems: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

// 1. Static checks: each counts as one test.
for (const [label, script] of [['typecheck', 'typecheck'], ['layer rule', 'lint:deps']] as const) {
  const status = run(label, 'npm', ['run', '--silent', script]);
  if (status === 0) passed += 1;
  else {
    failed += 1;
    problems.push(`${label} failed`);
  }
}

// 2. vitest: unit, server (contract + API), web.
const vitestJson = path.join(work, 'vitest.json');
const vitestStatus = run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTestSuites: number; testResults: { status: string; message?: string; name: string }[] };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.message);
  for (const f of brokenFiles) problems.push(`vitest: ${path.relative(process.cwd(), f.name)} failed to run: ${f.message?.split('\n')[0]}`);
  failed += brokenFiles.length;
  if (vitestStatus !== 0 && report.numFailedTests === 0 && brokenFiles.length === 0) {
    failed += 1;
    problems.push('vitest exited with an error');
  }
} else {
  failed += 1;
  problems.push('vitest produced no report');
}

// 3. Playwright in Chromium against the built client.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (ci) {
    failed += 1;
    problems.push(`CI=true and no Chromium at ${chromium}: browser tests could not run`);
  } else {
    console.warn(`\n[tests] No Chromium at ${chromium}: the browser tests were not run (install Debian's chromium, or set CHROMIUM_PATH).`);
  }
} else {
  const buildStatus = run('client build', 'npm', ['run', '--silent', 'build']);
  if (buildStatus !== 0) {
    failed += 1;
    problems.push('client build failed');
  } else {
    const pwJson = path.join(work, 'playwright.json');
    const screenshots = path.resolve(process.env.E2E_SCREENSHOT_DIR || path.join(repoRoot, 'test-results/screenshots'));
    mkdirSync(screenshots, { recursive: true });
    const pwStatus = run('playwright', 'npx', ['playwright', 'test', '--config', 'tests/e2e/playwright.config.ts', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
      E2E_SCREENSHOT_DIR: screenshots,
    });
    console.log(`\nScreenshots of the screens the browser tests walked through: ${screenshots}`);
    if (existsSync(pwJson)) {
      const stats = (JSON.parse(readFileSync(pwJson, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }).stats;
      passed += stats.expected + stats.flaky;
      failed += stats.unexpected;
      if (pwStatus !== 0 && stats.unexpected === 0) {
        failed += 1;
        problems.push('playwright exited with an error');
      }
    } else {
      failed += 1;
      problems.push('playwright produced no report');
    }
  }
}

rmSync(work, { recursive: true, force: true });
if (problems.length) console.log(`\nProblems:\n- ${problems.join('\n- ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
