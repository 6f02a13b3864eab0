#!/usr/bin/env node
// `prepare` (npm runs it after `npm install`/`npm ci` here, before `npm pack`, for a git dependency and for a
// folder dependency `npm install <path to a clone>`): builds dist/. `npm pack` with neither a compiler nor a
// dist/ fails, rather than writing a tarball with no code in it.
//
// A folder dependency is a symlink to the clone, and npm installs nothing into a linked folder outside the
// project (https://docs.npmjs.com/cli/commands/npm-install, "npm install <folder>"): a fresh clone has no
// node_modules, so neither the compiler nor, at run time, the package's own dependencies would be found
// (Node resolves them from the clone's real path). In that one case this installs the clone exactly as its
// lock file says (scripts off, so no dependency's install script runs and this script does not recurse),
// then builds. A git dependency gets its devDependencies from npm before `prepare`, so it only builds.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.env.npm_execpath
  ? [process.execPath, process.env.npm_execpath]
  : [process.platform === 'win32' ? 'npm.cmd' : 'npm'];
const run = (args) => execFileSync(npm[0], [...npm.slice(1), ...args], { cwd: root, stdio: 'inherit' });

function hasCompiler() {
  try {
    createRequire(resolve(root, 'package.json')).resolve('typescript/package.json');
    return true;
  } catch {
    return false;
  }
}

if (!hasCompiler()) {
  const from = process.env.INIT_CWD ? relative(root, resolve(process.env.INIT_CWD)) : '';
  const linkedFromAnotherProject = from.startsWith('..') && !existsSync(resolve(root, 'node_modules'));
  const command = process.env.npm_command;
  if (!linkedFromAnotherProject && (command === 'pack' || command === 'publish')) {
    // `npm pack` in a fresh clone: a tarball without dist/ installs but cannot be imported or run.
    // (Packed from another folder, the clone is installed and built below.)
    if (!existsSync(resolve(root, 'dist/index.js'))) {
      process.stderr.write(
        `toolwire prepare: dist/ is not built and typescript is not installed: run \`npm ci\` in this clone, then \`npm ${command}\`\n`,
      );
      process.exit(1);
    }
  }
  if (!linkedFromAnotherProject) {
    // Installed here without devDependencies (`npm ci --omit=dev`): nothing can build, and a dist/ that is
    // already there is used as it is.
    process.stderr.write('toolwire prepare: typescript is not installed, dist/ not built\n');
    process.exit(0);
  }
  process.stderr.write(
    `toolwire prepare: installing ${root} (a linked folder without node_modules) to build it\n`,
  );
  run(['ci', '--ignore-scripts', '--no-audit', '--no-fund']);
}
run(['run', 'build', '--silent']);
