/**
 * What a user gets from `npm install toolwire`: the packed tarball, installed into a scratch project of
 * its own (its runtime dependencies from the registry, as CI has it after `npm ci`).
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOrThrow } from './run-process.js';

/** The repository's root folder (with a trailing separator). */
export const repo = fileURLToPath(new URL('../../', import.meta.url));

export interface PackedProject {
  /** The scratch project's folder (remove it after the tests). */
  readonly folder: string;
  /** The paths the tarball holds, as `npm pack` lists them. */
  readonly packedFiles: readonly string[];
}

/**
 * Packs the repository and installs the tarball, with `extra` packages (npm specs), into a new scratch
 * project. `npm test` builds dist/ first; a bare `vitest run` builds it here when it is missing.
 * @throws Error with npm's output when packing or installing fails.
 */
export async function installPacked(extra: readonly string[]): Promise<PackedProject> {
  if (!existsSync(join(repo, 'dist/index.js')))
    await runOrThrow('npm', ['run', 'build', '--silent'], { cwd: repo });
  const folder = mkdtempSync(join(tmpdir(), 'toolwire-package-'));
  // Scripts off: dist/ is built, and `prepare` would build it again.
  const packed = JSON.parse(
    await runOrThrow('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], {
      cwd: repo,
    }),
  ) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const tarball = join(folder, packed[0]!.filename);
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  await runOrThrow('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball, ...extra], {
    cwd: folder,
  });
  return { folder, packedFiles: packed[0]!.files.map((file) => file.path) };
}
