/**
 * Every regular expression of the product (domain/, web/src, application/, adapters/, workers/) is proved free of catastrophic backtracking by
 * recheck (https://makenowjust-labs.github.io/recheck/), so no input, however long, can stall the
 * event loop in a pattern (issue 11 §2: the old e-mail pattern took 6.5 s on 64 KB of dots).
 *
 * The patterns are collected by parsing the source files with the TypeScript compiler: every regex
 * literal and every `RegExp(...)` / `new RegExp(...)`, so a pattern added later is covered without
 * touching this test. A `RegExp` built from a value the parser cannot read (a variable, a template
 * with substitutions) cannot be proved and fails the test: write it as a literal, or list its
 * site in BUILT_PATTERNS with a function answering every pattern it builds.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compilePath } from '../../adapters/http/rest';
import { flattenOperations } from '../../adapters/http/operation';
import { operationRegistry } from '../../adapters/http/router';

const root = process.cwd();
const SCANNED = [
  { dir: 'domain', ext: /\.ts$/ },
  { dir: 'web/src', ext: /\.tsx?$/ },
  { dir: 'application', ext: /\.ts$/ },
  { dir: 'adapters', ext: /\.ts$/ },
  { dir: 'workers', ext: /\.ts$/ },
];

/** Sites that build patterns at run time, each with every pattern it can build. */
const BUILT_PATTERNS: Record<string, () => RegExp[]> = {
  // The lean GET lane's route matchers, one per REST path of the operation table.
  'adapters/http/rest.ts': () => flattenOperations(operationRegistry).flatMap((o) => (o.operation.rest ? [compilePath(o.operation.rest.path).pattern] : [])),
};

interface FoundPattern {
  where: string;
  source: string | null;
  flags: string;
}

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && ext.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

const literalText = (node: ts.Node | undefined): string | null | undefined => {
  if (node === undefined) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return null;
};

export function patternsIn(file: string, text: string): FoundPattern[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: FoundPattern[] = [];
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(source);
      const end = literal.lastIndexOf('/');
      found.push({ where: where(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
      const [pattern, flags] = node.arguments ?? [];
      const flagText = literalText(flags);
      found.push({ where: where(node), source: literalText(pattern) ?? null, flags: flagText ?? '' });
      if (flagText === null) found[found.length - 1]!.source = null;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const patterns = SCANNED.flatMap(({ dir, ext }) =>
  filesUnder(dir, ext).flatMap((file) =>
    patternsIn(file, readFileSync(path.join(root, file), 'utf8')).flatMap((p) => {
      const built = p.source === null ? BUILT_PATTERNS[file] : undefined;
      return built ? built().map((r) => ({ where: `${p.where} (built)`, source: r.source, flags: r.flags })) : [p];
    }),
  ),
);

describe('regular expressions of the product', () => {
  it('finds the patterns in the source (literals and RegExp constructors alike)', () => {
    const sample = patternsIn('x.ts', "const a = /^a+$/u; const b = new RegExp('b*', 'g'); const c = RegExp(`c`); const d = new RegExp(name);");
    expect(sample.map(({ source, flags }) => ({ source, flags }))).toEqual([
      { source: '^a+$', flags: 'u' },
      { source: 'b*', flags: 'g' },
      { source: 'c', flags: '' },
      { source: null, flags: '' },
    ]);
    expect(patterns.length).toBeGreaterThan(30);
    expect(patterns.some((p) => p.where.startsWith('domain/shared/email.ts'))).toBe(true);
    expect(patterns.some((p) => p.where.startsWith('web/src/'))).toBe(true);
    expect(patterns.filter((p) => p.where.endsWith('(built)')).length).toBeGreaterThan(50);
  });

  it('the checker catches a backtracking pattern (the e-mail pattern of issue 11)', async () => {
    const old = await check('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', '', { timeout: 60_000 });
    expect(old.status).toBe('vulnerable');
  }, 90_000);

  it('every pattern is built from a literal or listed with what it builds, so it can be proved', () => {
    expect(patterns.filter((p) => p.source === null).map((p) => p.where)).toEqual([]);
  });

  it("zod's own patterns behind the schemas' z.uuid(), z.iso.date(), z.iso.datetime() and z.url() are safe too", async () => {
    const builtIn = { uuid: z.regexes.uuid(), date: z.regexes.date, datetime: z.regexes.datetime({ offset: true }), hostname: z.regexes.hostname };
    const verdicts: string[] = [];
    for (const [name, pattern] of Object.entries(builtIn)) {
      const result = await check(pattern.source, pattern.flags, { timeout: 60_000 });
      if (result.status !== 'safe') verdicts.push(`zod ${name}: ${result.status}`);
    }
    expect(verdicts).toEqual([]);
  }, 300_000);

  it('every pattern is safe by recheck (no exponential or polynomial backtracking)', async () => {
    const verdicts: string[] = [];
    for (const p of patterns) {
      if (p.source === null) continue;
      const result = await check(p.source, p.flags, { timeout: 60_000 });
      if (result.status !== 'safe') {
        const detail = result.status === 'vulnerable' ? `${result.complexity.summary}, attack ${result.attack.pattern.slice(0, 80)}` : result.error.kind;
        verdicts.push(`${p.where} /${p.source}/${p.flags}: ${result.status} (${detail})`);
      }
    }
    expect(verdicts).toEqual([]);
  }, 300_000);
});
