/**
 * Proves `npm run lint` catches a broken layer rule: a throw-away tree with one violation of each
 * rule (and allowed imports beside them) is cruised with the project's own configuration.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = process.cwd();
let dir: string;
let violations: { rule: { name: string }; from: string; to: string }[];

function file(rel: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'layer-rule-'));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  copyFileSync(path.join(root, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
  file('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' } }));
  file('domain/ok.ts', "import { z } from 'zod';\nexport const s = z.string();\n");
  file('domain/bad-adapter.ts', "import { db } from '../adapters/db';\nexport const x = db;\n");
  file('domain/bad-framework.ts', "import express from 'express';\nexport const x = express;\n");
  file('application/ok.ts', "import { s } from '../domain/ok';\nexport const y = s;\n");
  file('application/bad.ts', "import { db } from '../adapters/db';\nexport const y = db;\n");
  file('adapters/db.ts', "export const db = 1;\n");
  file('adapters/bad-web.ts', "import { page } from '../web/src/page';\nexport const z = page;\n");
  file('web/src/page.ts', "import type { X } from '../../adapters/types';\nimport { s } from '../../domain/ok';\nexport const page: X = s;\n");
  file('web/src/bad.ts', "import { db } from '../../adapters/db';\nexport const w = db;\n");
  file('adapters/types.ts', 'export type X = unknown;\n');
  file('workers/relay.ts', "import { db } from '../adapters/db';\nexport const r = db;\n");
  file('workers/bad-main.ts', "import { api } from '../main/api';\nexport const r = api;\n");
  file('adapters/bad-worker.ts', "import { r } from '../workers/relay';\nexport const q = r;\n");
  file('adapters/bad-seed.ts', "import { seed } from '../scripts/seed/demo';\nexport const q = seed;\n");
  file('scripts/seed/demo.ts', "import { db } from '../../adapters/db';\nexport const seed = db;\n");
  file('main/api.ts', "import { r } from '../workers/relay';\nimport { seed } from '../scripts/seed/demo';\nexport const api = [r, seed];\n");
  // The client's own rule: features import lib, ui, domain and their own folder; lib and ui import no feature.
  file('web/src/lib/session.ts', 'export const session = 1;\n');
  file('web/src/ui/Button.ts', "import { session } from '../lib/session';\nexport const Button = session;\n");
  file('web/src/app/shell.ts', "import { Page } from '../features/a/Page';\nexport const shell = Page;\n");
  file('web/src/features/a/Page.ts', "import { Button } from '../../ui/Button';\nimport { session } from '../../lib/session';\nimport { own } from './own';\nimport { s } from '../../../domain/ok';\nexport const Page = [Button, session, own, s];\n");
  file('web/src/features/a/own.ts', 'export const own = 1;\n');
  file('web/src/features/b/uses-feature-a.ts', "import { own } from '../a/own';\nexport const b = own;\n");
  file('web/src/features/b/uses-shell.ts', "import { shell } from '../../app/shell';\nexport const b = shell;\n");
  file('web/src/features/b/loads-feature-a.ts', "export const load = () => import('../a/own');\n");
  file('web/src/lib/uses-feature.ts', "import { own } from '../features/a/own';\nexport const l = own;\n");
  file('web/src/ui/uses-shell.ts', "import { shell } from '../app/shell';\nexport const u = shell;\n");
  const out = execFileSync(path.join(root, 'node_modules/.bin/depcruise'), ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'domain', 'application', 'adapters', 'workers', 'main', 'scripts', 'web/src'], {
    cwd: dir,
    encoding: 'utf8',
  });
  violations = (JSON.parse(out) as { summary: { violations: typeof violations } }).summary.violations;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const found = (rule: string, from: string) => violations.some((v) => v.rule.name === rule && v.from === from);

describe('the layer rule (npm run lint)', () => {
  it('refuses domain importing an adapter or a framework', () => {
    expect(found('domain-is-pure', 'domain/bad-adapter.ts')).toBe(true);
    expect(found('domain-is-pure', 'domain/bad-framework.ts')).toBe(true);
  });
  it('refuses application importing an adapter', () => {
    expect(found('application-has-no-io', 'application/bad.ts')).toBe(true);
  });
  it('refuses adapters importing web', () => {
    expect(found('server-never-imports-web', 'adapters/bad-web.ts')).toBe(true);
  });
  it('refuses adapters importing workers or the demo seeders, and workers importing an entrypoint', () => {
    expect(found('adapters-never-import-workers-or-entrypoints', 'adapters/bad-worker.ts')).toBe(true);
    expect(found('adapters-never-import-workers-or-entrypoints', 'adapters/bad-seed.ts')).toBe(true);
    expect(found('workers-never-import-entrypoints', 'workers/bad-main.ts')).toBe(true);
  });
  it('allows the entrypoints and scripts to compose adapters, workers and seeders', () => {
    expect(violations.some((v) => ['main/api.ts', 'scripts/seed/demo.ts', 'workers/relay.ts'].includes(v.from))).toBe(false);
  });
  it('refuses web importing a server value, but allows import type and domain values', () => {
    expect(found('web-imports-server-types-only', 'web/src/bad.ts')).toBe(true);
    expect(violations.some((v) => v.from === 'web/src/page.ts')).toBe(false);
  });
  it('refuses a feature importing another feature (statically or lazily) or the app shell', () => {
    expect(found('feature-imports-lib-ui-domain-and-itself', 'web/src/features/b/uses-feature-a.ts')).toBe(true);
    expect(found('feature-imports-lib-ui-domain-and-itself', 'web/src/features/b/loads-feature-a.ts')).toBe(true);
    expect(found('feature-imports-lib-ui-domain-and-itself', 'web/src/features/b/uses-shell.ts')).toBe(true);
  });
  it('refuses lib or ui importing a feature or the app shell', () => {
    expect(found('shared-client-code-imports-no-feature', 'web/src/lib/uses-feature.ts')).toBe(true);
    expect(found('shared-client-code-imports-no-feature', 'web/src/ui/uses-shell.ts')).toBe(true);
  });
  it('allows a feature its own folder, lib, ui and domain, and the shell any feature', () => {
    expect(violations.some((v) => ['web/src/features/a/Page.ts', 'web/src/app/shell.ts', 'web/src/ui/Button.ts'].includes(v.from))).toBe(false);
  });
  it('allows what the rule allows', () => {
    expect(violations.some((v) => v.from === 'domain/ok.ts' || v.from === 'application/ok.ts')).toBe(false);
  });
});
