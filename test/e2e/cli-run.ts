/**
 * What the agent-CLI tests share: the task (print a marker with the shell, where the command's text
 * does not hold its output), and per test a temporary home folder, an offline proxy and a gateway,
 * all removed after the test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { type E2eGatewayOptions, startE2eGateway } from './e2e-gateway.js';
import { type OfflineProxy, startOfflineProxy } from './offline-proxy.js';

export const task = 'Print the e2e marker with the shell.';
/** The command the model asks to run: its output, `toolwire-e2e-42`, is not in its text. */
export const command = 'echo toolwire-e2e-$((6*7))';
export const commandOutput = 'toolwire-e2e-42';
export const answer = 'The command printed toolwire-e2e-42.';

export interface CliRun {
  /** A fresh folder for the client's home, config and working folders. */
  readonly home: string;
  readonly proxy: OfflineProxy;
  readonly gateway: Awaited<ReturnType<typeof startE2eGateway>>;
}

/** Registers the cleanup and returns the function that starts one test's run (`prefix` names its folder). */
export function cliRuns(prefix: string): (options: E2eGatewayOptions) => Promise<CliRun> {
  let current: { -readonly [key in keyof CliRun]?: CliRun[key] } = {};
  afterEach(async () => {
    await current.gateway?.close();
    await current.proxy?.close();
    if (current.home !== undefined) rmSync(current.home, { recursive: true, force: true });
    current = {};
  });
  return async (options) => {
    current.home = mkdtempSync(join(tmpdir(), `toolwire-${prefix}-`));
    current.proxy = await startOfflineProxy();
    current.gateway = await startE2eGateway(options);
    return current as CliRun;
  };
}
