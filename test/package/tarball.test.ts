import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { links, readPages } from '../docs/markdown.js';
import { runOrThrow, runProcess } from './run-process.js';
import probes from './subpath-probes.json' with { type: 'json' };

// What a user gets from `npm install toolwire`: the packed tarball, installed into a project of its own
// (its runtime dependencies from the registry, as CI has it after `npm ci`), loaded by `import`, by
// `require` (Node 20.19+ / 22.12+ load ES modules with require: the `default` export conditions), by its
// `bin`, and type-checked by a consumer compiling without the DOM lib. `npm test` builds dist/ first; a
// bare `vitest run` builds it here when it is missing.
const repo = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'toolwire-package-'));
let packedFiles: string[] = [];

const run = (command: string, args: string[], input?: string): Promise<string> =>
  runOrThrow(command, args, { cwd: scratch, ...(input === undefined ? {} : { input }) });

beforeAll(async () => {
  if (!existsSync(join(repo, 'dist/index.js')))
    await runOrThrow('npm', ['run', 'build', '--silent'], { cwd: repo });
  // Scripts off: dist/ is built, and `prepare` would build it again.
  const packed = JSON.parse(
    await runOrThrow('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], {
      cwd: repo,
    }),
  ) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const tarball = join(scratch, packed[0]!.filename);
  packedFiles = packed[0]!.files.map((file) => file.path);
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  // @ai-sdk/provider is toolwire's optional peer: installed here so the ai-sdk types can be checked.
  await run('npm', [
    'install',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    tarball,
    '@ai-sdk/provider@^3',
  ]);
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A script printing, per subpath, which of the expected exports are functions and the probe's value. */
function probeScript(load: (subpath: string) => string): string {
  const lines = probes.map(
    (probe, index) =>
      `${load(probe.subpath).replace('$m', `m${index}`)}\n` +
      `out.push({ subpath: ${JSON.stringify(probe.subpath)}, ` +
      `functions: ${JSON.stringify(probe.exports)}.filter((name) => typeof m${index}[name] === 'function'), ` +
      `value: ((m) => ${probe.probe})(m${index}) });`,
  );
  return ['const out = [];', ...lines, 'console.log(JSON.stringify(out));'].join('\n');
}

const expected = probes.map((probe) => ({
  subpath: probe.subpath,
  functions: probe.exports,
  value: probe.expected,
}));

describe('the packed tarball', () => {
  it('is probed at every subpath package.json exports', () => {
    const subpaths = Object.keys(packageJson.exports)
      .filter((key) => key !== './package.json')
      .map((key) => `toolwire${key.slice(1)}`);
    expect(probes.map((probe) => probe.subpath)).toEqual(subpaths);
  });

  it('holds the LICENSE, the bin and the entry points, and no source maps', () => {
    const required = ['LICENSE', 'README.md', 'package.json', 'bin/toolwire.js', 'examples/tools.json'];
    const entries = probes.map((probe) => `dist/${probe.subpath.slice('toolwire/'.length) || '.'}/index`);
    const wanted = [
      ...required,
      ...entries.flatMap((entry) => [`${entry}.js`, `${entry}.d.ts`].map((file) => file.replace('/./', '/'))),
    ];
    expect(wanted.filter((file) => !packedFiles.includes(file))).toEqual([]);
    expect(packedFiles.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('holds every file the README links to relatively (the package page opens them)', () => {
    const readme = readPages().find((page) => page.path === 'README.md');
    const targets = (readme ? links(readme) : [])
      .map((link) => link.target.split('#')[0] ?? '')
      .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
    expect(targets.length).toBeGreaterThan(0);
    const missing = targets.filter((target) =>
      target.endsWith('/')
        ? !packedFiles.some((file) => file.startsWith(target))
        : !packedFiles.includes(target),
    );
    expect(missing).toEqual([]);
  });

  it('loads every subpath with import', async () => {
    writeFileSync(
      join(scratch, 'probe.mjs'),
      probeScript((subpath) => `import * as $m from '${subpath}';`),
    );
    expect(JSON.parse(await run(process.execPath, ['probe.mjs']))).toEqual(expected);
  });

  it('loads every subpath with require', async () => {
    writeFileSync(
      join(scratch, 'probe.cjs'),
      probeScript((subpath) => `const $m = require('${subpath}');`),
    );
    expect(JSON.parse(await run(process.execPath, ['probe.cjs']))).toEqual(expected);
  });

  it('gives require and import one copy of each module (no dual-package classes)', async () => {
    writeFileSync(
      join(scratch, 'identity.cjs'),
      "const required = require('toolwire');\n" +
        "import('toolwire').then((imported) => console.log(JSON.stringify([required.ToolwireError === imported.ToolwireError, required === imported || required.parseToolCalls === imported.parseToolCalls])));\n",
    );
    expect(JSON.parse(await run(process.execPath, ['identity.cjs']))).toEqual([true, true]);
  });

  it('runs its bin', { timeout: 20_000 }, async () => {
    const output = await run(
      join(scratch, 'node_modules/.bin/toolwire'),
      ['parse', '--format', 'hermes'],
      '<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>',
    );
    expect(JSON.parse(output).tool_calls).toEqual([{ id: 'call_0', name: 'f', arguments: { a: 1 } }]);
  });
});

describe('the installed types, without the DOM lib', () => {
  const tsc = async (config: object, files: Record<string, string>): Promise<string[]> => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(scratch, name), text);
    writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify(config));
    const compiler = join(repo, 'node_modules/typescript/bin/tsc');
    const result = await runProcess(process.execPath, [compiler, '-p', '.'], { cwd: scratch });
    // @ai-sdk/provider's own declarations import `json-schema`, whose types it does not depend on.
    return result.stdout
      .split('\n')
      .filter((line) => line.includes('error TS') && !line.includes('node_modules/@ai-sdk/provider/'));
  };
  const options = {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022'],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
  };

  it(
    'compile for a Node consumer (lib ES2022, types node), from ESM and CommonJS',
    { timeout: 60_000 },
    async () => {
      const imports = probes.map((probe, index) => `import * as m${index} from '${probe.subpath}';`);
      const consumer = [
        ...imports,
        "import type { ParseResult } from 'toolwire';",
        "const result: ParseResult = m0.parseToolCalls('', { format: 'hermes' });",
        "const events: TransformStream<string, unknown> = m4.toTransformStream({ format: 'hermes' });",
        'export const all = [result, events, m1, m2, m3, m5, m6, m7, m8];',
      ].join('\n');
      const requires = probes.map((probe, index) => `import m${index} = require('${probe.subpath}');`);
      const cjsConsumer = [...requires, `export const all = [${probes.map((_, i) => `m${i}`).join(', ')}];`];
      const errors = await tsc(
        {
          compilerOptions: { ...options, types: ['node'], typeRoots: [join(repo, 'node_modules/@types')] },
          files: ['consumer.mts', 'consumer.cts'],
        },
        { 'consumer.mts': consumer, 'consumer.cts': cjsConsumer.join('\n') },
      );
      expect(errors).toEqual([]);
    },
  );

  it(
    'compile without any global types for the subpaths that use no web or Node globals',
    { timeout: 60_000 },
    async () => {
      const standalone = ['toolwire/json', 'toolwire/schema', 'toolwire/formats', 'toolwire/grammar'];
      const consumer = standalone.map((subpath, index) => `export * as m${index} from '${subpath}';`);
      const errors = await tsc(
        { compilerOptions: { ...options, types: [] }, files: ['standalone.mts'] },
        { 'standalone.mts': consumer.join('\n') },
      );
      expect(errors).toEqual([]);
    },
  );
});
