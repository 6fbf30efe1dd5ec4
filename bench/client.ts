/**
 * The client's weight and first paint (issue 11): the gzipped JavaScript each top-level route
 * loads, from the built client's Vite manifest (the entry's static imports, plus the route's lazy
 * module and its static imports), and the largest contentful paint of /login and /library in
 * Chromium with a 4x CPU slowdown, from a production build served by the product's own server
 * (bench/client-peer.ts, demo content). The client is built first, so the figures are never stale.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startPeer } from './peers';

const DIST = path.resolve('web/dist');
const ENTRY = 'index.html';

/** Each top-level route and the lazy modules it renders (web/src/app/routes.tsx and the features' route lists); RPC: the tRPC layout route. */
const RPC = 'src/app/TrpcOutlet.tsx';
export const ROUTE_MODULES: [route: string, modules: string[]][] = [
  ['/', [RPC, 'src/features/home/HomePage.tsx']],
  ['/login', ['src/features/auth/LoginPage.tsx']],
  ['/auth/callback', ['src/features/auth/AuthCallbackPage.tsx']],
  ['/register', ['src/features/auth/RegisterPage.tsx']],
  ['/get-started', ['src/features/lead/LeadPage.tsx']],
  ['/terms', ['src/features/legal/TermsPage.tsx']],
  ['/privacy', ['src/features/legal/PrivacyPage.tsx']],
  ['/library', [RPC, 'src/features/library/LibraryPage.tsx']],
  ['/library/books/:slug', [RPC, 'src/features/library/BookPage.tsx']],
  ['/read/essays/:slug', [RPC, 'src/features/reader/ReaderPage.tsx']],
  ['/watch/:id', [RPC, 'src/features/media/WatchPage.tsx']],
  ['/my-library', [RPC, 'src/features/progress/MyLibraryPage.tsx']],
  ['/dashboard', [RPC, 'src/features/dashboard/DashboardPage.tsx']],
  ['/onboarding', [RPC, 'src/features/onboarding/OnboardingPage.tsx']],
  ['/profile/security', [RPC, 'src/features/account/SecurityPage.tsx']],
  ['/admin', [RPC, 'src/features/admin/AdminLayout.tsx']],
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export interface RouteWeight {
  route: string;
  files: number;
  gzipBytes: number;
}

/** A file's size gzipped at level 9, as the build's .gz copy has it (computed when the copy is missing). */
function gzipSize(file: string): number {
  const copy = `${file}.gz`;
  return existsSync(copy) ? readFileSync(copy).length : gzipSync(readFileSync(file), { level: 9 }).length;
}

/** The gzipped JavaScript of each route in a built client (its `.vite/manifest.json`). */
export function routeWeights(distDir = DIST, routes = ROUTE_MODULES): RouteWeight[] {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`No Vite manifest in ${distDir}: build with build.manifest (web/vite.config.ts)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the client's manifest: update bench/client.ts ROUTE_MODULES`);
    if (into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, into);
  };
  return routes.map(([route, modules]) => {
    const keys = new Set<string>();
    closure(ENTRY, keys);
    for (const module of modules) closure(module, keys);
    const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    return { route, files: files.length, gzipBytes: files.reduce((sum, file) => sum + gzipSize(path.join(distDir, file)), 0) };
  });
}

export interface PaintTiming {
  page: string;
  runs: number[];
  median: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Largest contentful paint of each page, fresh browser context per run, CPU slowed `cpuSlowdown` times. */
async function largestContentfulPaint(baseUrl: string, pages: string[], runs: number, cpuSlowdown: number): Promise<PaintTiming[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const timings: PaintTiming[] = [];
    for (const page of pages) {
      const values: number[] = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
        await tab.goto(baseUrl + page, { waitUntil: 'networkidle' });
        // The page's heading is its sign of life; the paints before it are in the buffered entries.
        await tab.locator('h1').first().waitFor({ state: 'visible', timeout: 30_000 });
        await tab.waitForTimeout(1000);
        // Page code as text: the server's TypeScript project has no DOM types.
        const lcp = await tab.evaluate<number>(
          `new Promise((resolve) => new PerformanceObserver((list) => { const entries = list.getEntries(); resolve(entries[entries.length - 1].startTime); }).observe({ type: 'largest-contentful-paint', buffered: true }))`,
        );
        values.push(Math.round(lcp));
        await context.close();
      }
      timings.push({ page, runs: values, median: median(values) });
    }
    return timings;
  } finally {
    await browser.close();
  }
}

export interface ClientBenchOptions {
  databaseUrl: string | undefined;
  log: (line: string) => void;
  runs?: number;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export async function clientBench(o: ClientBenchOptions): Promise<string[]> {
  o.log('building the client (npm run build)');
  const built = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('npm run build failed');
  const weights = routeWeights();

  o.log('measuring the largest contentful paint of /login and /library in Chromium (4x CPU slowdown)');
  const server = await startPeer('client-peer.ts', 'server', { ...(o.databaseUrl ? { BENCH_DATABASE_URL: o.databaseUrl } : {}) });
  let paints: PaintTiming[];
  try {
    paints = await largestContentfulPaint(server.url, ['/login', '/library'], o.runs ?? 5, 4);
  } finally {
    await server.stop();
  }

  const login = weights.find((w) => w.route === '/login')!;
  const callback = weights.find((w) => w.route === '/auth/callback')!;
  return [
    `# Client benchmark ${new Date().toISOString()}`,
    '',
    'The JavaScript each top-level route downloads before it renders, from the production build\'s manifest: the entry and its static imports, plus the route\'s lazy module and its static imports; gzip level 9 (the build\'s .gz copies; browsers that accept brotli get the smaller .br copies).',
    '',
    '| route | JS files | gzipped KB |',
    '| --- | ---: | ---: |',
    ...weights.map((w) => `| ${w.route} | ${w.files} | ${kb(w.gzipBytes)} |`),
    '',
    `- /login ${kb(login.gzipBytes)} KB and /auth/callback ${kb(callback.gzipBytes)} KB gzipped (budget 120 KB, aim 100: ${Math.max(login.gzipBytes, callback.gzipBytes) <= 100 * 1024 ? 'aim met' : Math.max(login.gzipBytes, callback.gzipBytes) <= 120 * 1024 ? 'budget met, aim NOT met' : 'NOT met'}).`,
    '',
    `Largest contentful paint in Chromium (${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}, headless, 1366x768), CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), no network throttling (the server on this machine), a fresh browser context per run so nothing is cached; the production build served by the product's server with the demo content.`,
    '',
    '| page | LCP median ms | runs (ms) |',
    '| --- | ---: | --- |',
    ...paints.map((p) => `| ${p.page} | ${p.median} | ${p.runs.join(', ')} |`),
    '',
    `- Aim: LCP under 2,500 ms: ${paints.map((p) => `${p.page} ${p.median <= 2500 ? 'met' : 'NOT met'}`).join(', ')}.`,
  ];
}
