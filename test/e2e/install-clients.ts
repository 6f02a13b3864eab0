/**
 * Global setup of `npm run test:e2e`: installs the agent CLIs the tests drive, pinned, into a cache
 * folder (`npm install --prefix`; they are too large to be dev dependencies), once per version, and
 * provides where each one is (or why it could not be installed) to the tests as `e2eClients`.
 *
 * The folder is `TOOLWIRE_E2E_CACHE` when set, else `node_modules/.cache/toolwire-e2e`. A client whose
 * `package.json` there has the pinned version is not installed again.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/** The CLIs and the exact versions the tests are written against. */
export const pinnedClients = {
  /** Its `bin/codex.js` starts the platform binary of the optional dependency `@openai/codex-<platform>`. */
  codex: { name: '@openai/codex', version: '0.171.0', entry: 'bin/codex.js' },
  /** Its `cli-wrapper.cjs` starts the platform binary of `@anthropic-ai/claude-code-<platform>`. */
  claudeCode: { name: '@anthropic-ai/claude-code', version: '2.1.332', entry: 'cli-wrapper.cjs' },
} as const;

export type ClientKey = keyof typeof pinnedClients;

/** An installed client (`entry`: the script to run with Node), or why it is not there. */
export type InstalledClient =
  | { readonly ok: true; readonly entry: string; readonly spec: string }
  | { readonly ok: false; readonly reason: string; readonly spec: string };

declare module 'vitest' {
  export interface ProvidedContext {
    e2eClients: Record<ClientKey, InstalledClient>;
  }
}

const installTimeoutMs = 10 * 60 * 1000;

function cacheFolder(): string {
  const configured = process.env.TOOLWIRE_E2E_CACHE;
  if (configured !== undefined && configured !== '') return configured;
  return fileURLToPath(new URL('../../node_modules/.cache/toolwire-e2e/', import.meta.url));
}

function installedVersion(packageDir: string): string | undefined {
  const manifest = join(packageDir, 'package.json');
  if (!existsSync(manifest)) return undefined;
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/**
 * Installs `client` under `<cache>/<name>@<version>` unless it is there, then runs its entry with
 * `--version`: a client whose platform binary did not come (an unsupported platform) is not ok. Install
 * scripts are not run (each CLI's platform binary is an optional dependency its entry finds).
 */
export async function installPinned(client: {
  readonly name: string;
  readonly version: string;
  readonly entry: string;
}): Promise<InstalledClient> {
  const spec = `${client.name}@${client.version}`;
  const prefix = join(cacheFolder(), spec.replace('/', '+'));
  const packageDir = join(prefix, 'node_modules', ...client.name.split('/'));
  if (installedVersion(packageDir) !== client.version) {
    mkdirSync(prefix, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const args = [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      spec,
    ];
    const failure = await run(npm, args, installTimeoutMs);
    if (failure.error !== undefined)
      return { ok: false, reason: `npm install ${spec} failed: ${failure.error}`, spec };
    if (installedVersion(packageDir) !== client.version)
      return { ok: false, reason: `npm install ${spec} left no ${spec} in ${prefix}`, spec };
  }
  const entry = join(packageDir, client.entry);
  const probe = await run(process.execPath, [entry, '--version'], 60_000);
  if (probe.error !== undefined || !probe.stdout.includes(client.version))
    return { ok: false, reason: `${spec} does not start here: ${probe.error ?? probe.stdout.trim()}`, spec };
  return { ok: true, entry, spec };
}

/** Runs a command; `error` is the last line of its standard error (or the spawn error) when it failed. */
function run(command: string, args: string[], timeout: number): Promise<{ stdout: string; error?: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error === null) resolve({ stdout });
      else resolve({ stdout, error: lastLine(stderr) ?? error.message });
    });
  });
}

function lastLine(text: string): string | undefined {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines[lines.length - 1];
}

export default async function setup(project: TestProject): Promise<void> {
  const keys = Object.keys(pinnedClients) as ClientKey[];
  const installed = await Promise.all(
    keys.map(async (key): Promise<InstalledClient> => {
      const client = pinnedClients[key];
      try {
        return await installPinned(client);
      } catch (error) {
        const spec = `${client.name}@${client.version}`;
        const reason = `installing ${spec} failed: ${error instanceof Error ? error.message : String(error)}`;
        return { ok: false, reason, spec };
      }
    }),
  );
  project.provide(
    'e2eClients',
    Object.fromEntries(keys.map((key, index) => [key, installed[index]])) as Record<
      ClientKey,
      InstalledClient
    >,
  );
}
