import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runProcess } from './run-process.js';

// scripts/prepare.js decides between building, installing the clone first (a linked folder without
// node_modules) and doing nothing (installed without devDependencies). Each case runs the real script in a
// throwaway package whose `build` only leaves a marker file, so no compiler or registry is needed.
const prepare = fileURLToPath(new URL('../../scripts/prepare.js', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'toolwire-prepare-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function fakeClone(name: string, withCompiler: boolean): string {
  const root = join(scratch, name);
  mkdirSync(join(root, 'scripts'), { recursive: true });
  copyFileSync(prepare, join(root, 'scripts/prepare.js'));
  const build = "node -e \"require('node:fs').writeFileSync('built', '')\"";
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({ name, version: '1.0.0', type: 'module', scripts: { build } }),
  );
  // The lock file `npm install --package-lock-only` writes for a package without dependencies.
  const lock = {
    name,
    version: '1.0.0',
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name, version: '1.0.0' } },
  };
  writeFileSync(join(root, 'package-lock.json'), JSON.stringify(lock));
  if (withCompiler) {
    mkdirSync(join(root, 'node_modules/typescript'), { recursive: true });
    writeFileSync(join(root, 'node_modules/typescript/package.json'), '{"name": "typescript"}');
  }
  return root;
}

const cases = [
  { name: 'with-compiler', withCompiler: true, from: 'itself', built: true, message: '' },
  {
    name: 'omit-dev',
    withCompiler: false,
    from: 'itself',
    built: false,
    message: 'toolwire prepare: typescript is not installed, dist/ not built\n',
  },
  {
    name: 'pack-fresh-clone',
    withCompiler: false,
    from: 'itself',
    command: 'pack',
    status: 1,
    built: false,
    message:
      'toolwire prepare: dist/ is not built and typescript is not installed: run `npm ci` in this clone, then `npm pack`\n',
  },
  {
    name: 'pack-from-another-folder',
    withCompiler: false,
    from: 'another project',
    command: 'pack',
    built: true,
    message: 'toolwire prepare: installing ROOT/ (a linked folder without node_modules) to build it\n',
  },
  {
    name: 'linked-fresh-clone',
    withCompiler: false,
    from: 'another project',
    built: true,
    message: 'toolwire prepare: installing ROOT/ (a linked folder without node_modules) to build it\n',
  },
];

describe('scripts/prepare.js', () => {
  it.each(cases)(
    '$name, run for $from',
    { timeout: 60_000 },
    async ({ name, withCompiler, from, built, message, ...rest }) => {
      const root = fakeClone(name, withCompiler);
      const command = 'command' in rest ? rest.command : 'install';
      const result = await runProcess(process.execPath, [join(root, 'scripts/prepare.js')], {
        cwd: root,
        env: { ...process.env, INIT_CWD: from === 'itself' ? root : scratch, npm_command: command },
      });
      expect({
        status: result.status,
        built: existsSync(join(root, 'built')),
        stderr: result.stderr,
      }).toEqual({
        status: 'status' in rest ? rest.status : 0,
        built,
        stderr: message.replace('ROOT', root),
      });
    },
  );
});
