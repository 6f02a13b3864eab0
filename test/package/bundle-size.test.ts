import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { repo } from './packed-project.js';
import { runProcess } from './run-process.js';

// The gzipped size of each import of the built package against its budget (`.size-limit.js`, run by
// size-limit with esbuild as an application bundler would): a change that makes a bundle carry more
// than it uses fails here.

interface Check {
  readonly name: string;
  readonly path: string;
  readonly import: string;
  readonly limit: string;
}

interface Measured {
  readonly name: string;
  readonly size: number;
  readonly passed: boolean;
}

let checks: readonly Check[] = [];
let measured: readonly Measured[] = [];

/** A size-limit budget (`"12 kB"`: kilobytes of 1,000 bytes, as size-limit reads them) in bytes. */
function budgetBytes(limit: string): number {
  const match = /^(\d+(?:\.\d+)?) kB$/.exec(limit);
  if (match === null) throw new Error(`unexpected budget ${limit}`);
  return Math.round(Number(match[1]) * 1000);
}

beforeAll(async () => {
  // `npm test` builds dist/ first; a bare `vitest run` builds it here when it is missing.
  if (!existsSync(join(repo, 'dist/index.js'))) {
    const build = await runProcess('npm', ['run', 'build', '--silent'], { cwd: repo });
    if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);
  }
  checks = ((await import(pathToFileURL(join(repo, '.size-limit.js')).href)) as { default: Check[] }).default;
  const run = await runProcess(process.execPath, [join(repo, 'node_modules/size-limit/bin.js'), '--json'], {
    cwd: repo,
  });
  // Exit 1 when a budget is broken: the JSON on standard output still says which.
  if (run.stdout.trim() === '') throw new Error(`size-limit printed nothing:\n${run.stderr}`);
  measured = JSON.parse(run.stdout) as Measured[];
}, 120_000);

describe('bundle sizes', () => {
  it('measures every check of the configuration', () => {
    expect(measured.map((result) => result.name)).toEqual(checks.map((check) => check.name));
  });

  it('measures the whole of every entry package.json exports', () => {
    const entries = Object.keys(packageJson.exports)
      .filter((key) => key !== './package.json')
      .map((key) => `dist${key.slice(1)}/index.js`);
    const whole = checks.filter((check) => check.import === '*').map((check) => check.path);
    expect(whole).toEqual(entries);
  });

  it('keeps every bundle within its budget', () => {
    const over = measured
      .map((result, index) => ({ ...result, budget: budgetBytes(checks[index]!.limit) }))
      .filter((result) => !result.passed || result.size > result.budget)
      .map((result) => `${result.name}: ${result.size} B > ${result.budget} B`);
    expect(over).toEqual([]);
  });

  it('leaves the RE2 engine out of the entries (loaded on the first schema pattern), so the budget sees it', () => {
    const at = (path: string) => checks.findIndex((check) => check.path === path);
    const engine = measured[at('node_modules/re2js/build/index.js')]!;
    const root = at('dist/index.js');
    expect(engine.size).toBeGreaterThan(30_000);
    // The engine bundled back into the root entry would break the root's budget.
    expect(measured[root]!.size + engine.size).toBeGreaterThan(budgetBytes(checks[root]!.limit));
  });
});
