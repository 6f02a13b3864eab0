import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { links, readPages } from '../docs/markdown.js';
import { installPacked } from './packed-project.js';
import { runOrThrow } from './run-process.js';
import probes from './subpath-probes.json' with { type: 'json' };

// What a user gets from `npm install toolwire` (see `packed-project.ts`), loaded by `import`, by `require`
// (Node 20.19+ / 22.12+ load ES modules with require: the `default` export conditions) and by its `bin`.
// The installed types are checked by `consumer-types.test.ts`.
let scratch = '';
let packedFiles: readonly string[] = [];

const run = (command: string, args: string[], input?: string): Promise<string> =>
  runOrThrow(command, args, { cwd: scratch, ...(input === undefined ? {} : { input }) });

beforeAll(async () => {
  // Without the optional peer @ai-sdk/provider: `toolwire/ai-sdk` imports only its types.
  ({ folder: scratch, packedFiles } = await installPacked([]));
}, 120_000);

afterAll(() => {
  if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
});

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
