import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runProcess } from '../package/run-process.js';
import { codeBlocks, readPages, repo } from './markdown.js';

// Every TypeScript block of README.md and docs/*.md for Node (```ts, ```ts run, ```ts test; not ```ts deno),
// runnable or shown only, type-checks as a module of its own under the repository's compiler options
// (strict; without `noUncheckedIndexedAccess`, which `strict` does not include and most projects leave
// off), `toolwire` and its subpaths being the sources their entries are built from (tsconfig.json
// `paths`): a name a page imports from an entry that does not export it, or a call the types reject, fails
// here.
const folder = new URL('.cache/docs-types/', repo);
const blocks = readPages()
  .flatMap(codeBlocks)
  .filter((block) => block.info[0] === 'ts' && ['run', 'test', undefined].includes(block.info[1]));

it('type-checks every TypeScript block of the docs', { timeout: 300_000 }, async () => {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const names = blocks.map((block) => {
    const name = `${block.page.replace(/[/.]/g, '-')}-${block.line}.ts`;
    writeFileSync(new URL(name, folder), block.code);
    return name;
  });
  writeFileSync(
    new URL('tsconfig.json', folder),
    JSON.stringify({
      extends: '../../tsconfig.json',
      compilerOptions: { noEmit: true, noUncheckedIndexedAccess: false },
      include: names,
    }),
  );
  const compiler = fileURLToPath(new URL('node_modules/typescript/bin/tsc', repo));
  const result = await runProcess(process.execPath, [compiler, '-p', fileURLToPath(folder)], {
    cwd: fileURLToPath(repo),
  });
  // Errors name the generated file: page and fence line, e.g. docs-parse-md-20.ts(3,7).
  expect(result.stdout.split('\n').filter((line) => line.includes('error TS'))).toEqual([]);
  expect(blocks.length).toBeGreaterThan(0);
});
