/**
 * Codex CLI (`codex exec`, pinned in `install-clients.ts`) against the gateway's Responses surface, once
 * per model family: Codex sends its task with its own tools, the model (replayed) calls Codex's shell
 * tool `exec_command`, Codex runs the command and sends its output back as a `function_call_output`,
 * the backend's next prompt holds that output exactly as the model's template renders it, and the
 * model's final answer is what `codex exec` prints. Codex runs with a temporary `CODEX_HOME` whose
 * `config.toml` names the gateway as an env-key provider, and every host but loopback behind a proxy
 * that refuses it: the test asserts Codex tried none.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { answer, type CliRun, cliRuns, command, commandOutput, task } from './cli-run.js';
import { type E2eFormat, e2eFormats } from './e2e-formats.js';
import type { ClientRequest } from './e2e-gateway.js';
import { offlineEnv } from './offline-proxy.js';
import { type ProcessResult, runProcess } from './run-process.js';

const codex = inject('e2eClients').codex;
if (!codex.ok) console.warn(`codex-cli.e2e.ts: skipped, ${codex.reason}`);

const start = cliRuns('codex');

/**
 * `config.toml` for a gateway at `url`: a Responses provider keyed by `TOOLWIRE_API_KEY` (or, with
 * `commandAuth`, by a command printing it, which makes Codex read the gateway's `/v1/models`), no
 * update check, no analytics or feedback upload, no web search, and no plugin sync (which fetches
 * OpenAI's plugin catalog from github.com and chatgpt.com at start).
 */
function codexConfig(url: string, commandAuth = false): string {
  return [
    'model = "m"',
    'model_provider = "toolwire"',
    'model_context_window = 32768',
    'check_for_update_on_startup = false',
    'web_search = "disabled"',
    '',
    '[features]',
    'plugins = false',
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[feedback]',
    'enabled = false',
    '',
    '[model_providers.toolwire]',
    'name = "toolwire"',
    `base_url = "${url}/v1"`,
    'wire_api = "responses"',
    ...(commandAuth
      ? ['', '[model_providers.toolwire.auth]', 'command = "printenv"', 'args = ["TOOLWIRE_API_KEY"]']
      : ['env_key = "TOOLWIRE_API_KEY"']),
    '',
  ].join('\n');
}

/** The `function_call_output` items Codex sent, across its requests. */
function callOutputs(requests: readonly ClientRequest[]): { call_id: string; output: string }[] {
  return requests
    .filter((request) => request.path === '/v1/responses')
    .flatMap((request) => ((request.body as { input?: unknown[] }).input ?? []) as Record<string, unknown>[])
    .filter((item) => item.type === 'function_call_output')
    .map((item) => ({ call_id: String(item.call_id), output: String(item.output) }));
}

/** What one `codex exec` run left: its process result, its last message, the gateway it talked to. */
interface CodexRun {
  readonly result: ProcessResult;
  readonly lastMessage: string;
  readonly gateway: CliRun['gateway'];
  readonly proxy: CliRun['proxy'];
  readonly report: string;
}

/** Runs `codex exec TASK` against a fresh gateway for `format`, every other host behind the offline proxy. */
async function runCodex(format: E2eFormat, commandAuth = false): Promise<CodexRun> {
  if (!codex.ok) throw new Error(codex.reason);
  const { home, proxy, gateway: started } = await start({ format, contextLength: 32768 });
  started.setScript({
    task,
    tool: 'exec_command',
    call: format.call('exec_command', { cmd: command }),
    resultMarker: commandOutput,
    renderedResult: () =>
      format.renderedResult('exec_command', callOutputs(started.clientRequests)[0]?.output ?? ''),
    answer: format.answer(answer),
  });
  const codexHome = mkdtempSync(join(home, 'codex-home-'));
  const workDir = mkdtempSync(join(home, 'work-'));
  writeFileSync(join(codexHome, 'config.toml'), codexConfig(started.url, commandAuth));
  const lastMessageFile = join(home, 'last-message.txt');
  const result = await runProcess(
    process.execPath,
    [
      codex.entry,
      'exec',
      '--skip-git-repo-check',
      '--sandbox',
      'danger-full-access',
      '--color',
      'never',
      '--output-last-message',
      lastMessageFile,
      task,
    ],
    {
      cwd: workDir,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        CODEX_HOME: codexHome,
        TOOLWIRE_API_KEY: 'sk-e2e-unused',
        ...offlineEnv(proxy),
      },
      timeoutMs: 120_000,
    },
  );
  const report =
    `exit ${result.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}\n` +
    `notices:\n${started.notices.join('\n')}`;
  const lastMessage = result.code === 0 ? readFileSync(lastMessageFile, 'utf8') : '';
  return { result, lastMessage, gateway: started, proxy, report };
}

/** The loop's checks: one call, its output back in the prompt as rendered, the answer printed, no other host. */
function expectLoop(run: CodexRun, format: E2eFormat): void {
  const { result, gateway: used, report } = run;
  expect(result.code, report).toBe(0);
  expect(result.stderr, report).not.toContain('ERROR');
  // The model called exec_command once; Codex ran it and sent its output back for that call.
  expect(used.steps.filter((step) => step !== 'other')).toEqual(['call', 'answer']);
  const outputs = callOutputs(used.clientRequests);
  expect(outputs).toHaveLength(1);
  const output = outputs[0]?.output ?? '';
  expect(output).toMatch(
    /^Chunk ID: [0-9a-f]+\nWall time: \d+\.\d{4} seconds\nProcess exited with code 0\nOriginal token count: \d+\nOutput:\ntoolwire-e2e-42\n$/,
  );
  // The prompt of the answer holds that output as the template renders it (the backend checked it too).
  const answered = used.replay.requests[used.steps.indexOf('answer')];
  expect(String(answered?.body.prompt)).toContain(format.renderedResult('exec_command', output));
  // The answer is Codex's last message, printed on standard output.
  expect(run.lastMessage).toBe(answer);
  expect(result.stdout.trim()).toBe(answer);
  expect(run.proxy.attempts).toEqual([]);
}

describe.skipIf(!codex.ok)('Codex CLI over /v1/responses', () => {
  for (const format of e2eFormats) {
    it(`${format.format}: exec_command runs, its output reaches the prompt, the answer is printed`, async () => {
      const run = await runCodex(format);
      expectLoop(run, format);
      // With an env-key provider Codex does not ask for model metadata: it says it uses its fallback.
      expect(run.gateway.clientRequests.filter((request) => request.method === 'GET')).toEqual([]);
      expect(run.result.stderr).toContain('Model metadata for `m` not found');
    });
  }

  it('with auth.command, Codex reads the model metadata of /v1/models and starts without the warning', async () => {
    const format = e2eFormats[0] as E2eFormat;
    const run = await runCodex(format, true);
    expectLoop(run, format);
    const reads = run.gateway.clientRequests.filter((request) => request.method === 'GET');
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) {
      expect(read.path).toBe('/v1/models');
      expect(read.search).toBe('?client_version=0.171.0');
      expect(read.headers.authorization).toBe('Bearer sk-e2e-unused');
    }
    expect(run.result.stderr).not.toContain('Model metadata');
  });
});
