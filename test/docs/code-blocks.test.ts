import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { runOrThrow, runProcess } from '../package/run-process.js';
import { run } from './check.js';
import { instrumentBlock } from './instrument-block.js';
import { type CodeBlock, codeBlocks, readPages, repo } from './markdown.js';

// Every code block of README.md and docs/*.md marked runnable runs here (the convention is in
// docs/architecture.md, "Docs that run"):
// - ```ts run / ```js run: run as a module, its `// →` comments checked (instrument-block.ts); what it
//   prints with console.log must equal the block right after it when that one is marked `output`;
// - ```ts test: a test file as a user writes one, its tests run as tests of this file;
// - ```sh run: run by bash at the repository root, `npx toolwire` being this checkout's bin (a line that
//   installs toolwire is left out: the checkout is the package); its standard
//   output must equal the next block the same way (```json output: equal as JSON).
// Output is compared without the whitespace at its end.
// Imports of `toolwire` and its subpaths are pointed at the sources the package.json entry is built from.
const root = fileURLToPath(repo);
const cache = new URL('.cache/docs/', repo);
const blocks = readPages().flatMap(codeBlocks);
const label = (block: CodeBlock): string => `${block.page}:${block.line}`;

/** `toolwire/x` → the source file of the `./x` entry's build, from package.json `exports`. */
const sources = new Map(
  Object.entries(packageJson.exports).flatMap(([entry, target]) =>
    typeof target === 'string'
      ? []
      : [
          [
            `toolwire${entry.slice(1)}`,
            fileURLToPath(
              new URL(target.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'), repo),
            ),
          ] as const,
        ],
  ),
);

function pointImports(code: string, block: CodeBlock): string {
  return code.replace(
    /(from\s+|import\s*\(\s*)(['"])(toolwire(?:\/[\w/-]+)?)\2/g,
    (_, lead, _quote, name) => {
      const source = sources.get(name);
      if (!source) throw new Error(`${label(block)}: imports ${name}, which package.json does not export`);
      return `${lead}${JSON.stringify(source)}`;
    },
  );
}

function write(block: CodeBlock, source: string, extension: string): string {
  mkdirSync(cache, { recursive: true });
  const name = `${block.page.replace(/[/.]/g, '-')}-${block.line}${extension}`;
  const file = new URL(name, cache);
  writeFileSync(file, source);
  return fileURLToPath(file);
}

/** What a block printed against the `output` block right after it, if there is one. */
function expectShown(block: CodeBlock, printed: string): void {
  const next = blocks[blocks.indexOf(block) + 1];
  if (next?.page !== block.page || next.info[1] !== 'output') {
    expect(printed, `${label(block)} prints, but no output block follows it`).toBe('');
    return;
  }
  if (next.info[0] === 'json') expect(JSON.parse(printed)).toStrictEqual(JSON.parse(next.code));
  else expect(printed.trimEnd()).toBe(next.code.trimEnd());
}

const kind = (block: CodeBlock): string => block.info.slice(0, 2).join(' ');
const modules = blocks.filter((block) => ['ts run', 'js run'].includes(kind(block)));
const tests = blocks.filter((block) => kind(block) === 'ts test');
const commands = blocks.filter((block) => kind(block) === 'sh run');

describe('docs: module blocks', () => {
  it.each(modules.map((block) => [label(block), block] as const))(
    '%s runs and gives its commented values',
    async (_, block) => {
      const { source, claims } = instrumentBlock(
        pointImports(block.code, block),
        fileURLToPath(new URL('check.ts', import.meta.url)),
      );
      Object.assign(run, { page: block.page, fence: block.line, claims, checked: new Set() });
      const printed: string[] = [];
      const log = vi
        .spyOn(console, 'log')
        .mockImplementation((...args) => printed.push(`${format(...args)}\n`));
      try {
        await import(/* @vite-ignore */ write(block, source, block.info[0] === 'js' ? '.mjs' : '.ts'));
      } finally {
        log.mockRestore();
      }
      // A claim inside code that never ran (a callback never called) would pass unseen.
      expect([...run.checked].sort((a, b) => a - b)).toEqual(claims.map((_claim, index) => index));
      expectShown(block, printed.join(''));
    },
    60_000,
  );
});

for (const block of tests) {
  describe(`docs: ${label(block)} (a test file)`, async () => {
    await import(/* @vite-ignore */ write(block, pointImports(block.code, block), '.ts'));
  });
}

describe('docs: shell blocks', () => {
  beforeAll(async () => {
    // `npm test` builds before testing; a bare `vitest run` builds here when dist/ is missing.
    if (!existsSync(new URL('dist/cli/main.js', repo)))
      await runOrThrow('npm', ['run', 'build', '--silent'], { cwd: root });
  }, 120_000);

  it.each(commands.map((block) => [label(block), block] as const))(
    '%s runs and prints the output shown under it',
    async (_, block) => {
      // The checkout is the installed package: a line installing toolwire is not run.
      const script = block.code
        .replace(/^npm install .*toolwire.*$/gm, '')
        .replaceAll('npx toolwire ', 'node bin/toolwire.js ');
      const result = await runProcess('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd: root });
      expect(result.status, result.stderr).toBe(0);
      expectShown(block, result.stdout);
    },
    60_000,
  );
});
