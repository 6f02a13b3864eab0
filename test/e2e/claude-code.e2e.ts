/**
 * Claude Code (`claude -p`, pinned in `install-clients.ts`) against the gateway's Anthropic Messages
 * surface, once per model family: Claude Code sends its task with its own tools, the model (replayed)
 * calls Claude Code's `Bash` tool (allowed with `--allowedTools`), Claude Code runs the command and
 * sends its output back as a `tool_result`, the backend's next prompt holds that output exactly as the
 * model's template renders it, and the model's final answer is what `claude -p` prints. Claude Code
 * runs with a temporary HOME and config folder, a dummy key, the gateway's one model under every name
 * it asks for (`ANTHROPIC_MODEL` and the default and small-model variables), the model's context
 * window (`CLAUDE_CODE_MAX_CONTEXT_TOKENS`, the gateway's `contextLength`), its nonessential traffic
 * off, and every host but loopback behind a proxy that refuses it: the test asserts it tried none.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { answer, cliRuns, command, commandOutput, task } from './cli-run.js';
import { e2eFormats } from './e2e-formats.js';
import type { ClientRequest } from './e2e-gateway.js';
import { offlineEnv } from './offline-proxy.js';
import { runProcess } from './run-process.js';

const claude = inject('e2eClients').claudeCode;
if (!claude.ok) console.warn(`claude-code.e2e.ts: skipped, ${claude.reason}`);

const start = cliRuns('claude');

/** The text of each `tool_result` block Claude Code sent, across its requests. */
function toolResults(requests: readonly ClientRequest[]): { tool_use_id: string; text: string }[] {
  return requests
    .filter((request) => request.path === '/v1/messages')
    .flatMap(
      (request) => ((request.body as { messages?: unknown[] }).messages ?? []) as { content?: unknown }[],
    )
    .flatMap((message) =>
      Array.isArray(message.content) ? (message.content as Record<string, unknown>[]) : [],
    )
    .filter((block) => block.type === 'tool_result')
    .map((block) => ({
      tool_use_id: String(block.tool_use_id),
      text:
        typeof block.content === 'string'
          ? block.content
          : ((block.content ?? []) as { type: string; text?: string }[])
              .filter((part) => part.type === 'text')
              .map((part) => part.text ?? '')
              .join('\n'),
    }));
}

/** Distinct tool results (each later request repeats the history). */
function distinct<T extends { tool_use_id: string }>(items: readonly T[]): T[] {
  return [...new Map(items.map((item) => [item.tool_use_id, item])).values()];
}

describe.skipIf(!claude.ok)('Claude Code over /v1/messages', () => {
  for (const format of e2eFormats) {
    it(`${format.format}: Bash runs, its output reaches the prompt, the answer is printed`, async () => {
      if (!claude.ok) return;
      const { home, proxy, gateway: started } = await start({ format, contextLength: 131072 });
      started.setScript({
        task,
        tool: 'Bash',
        call: format.call('Bash', { command }),
        resultMarker: commandOutput,
        renderedResult: () =>
          format.renderedResult('Bash', distinct(toolResults(started.clientRequests))[0]?.text ?? ''),
        answer: format.answer(answer),
      });
      const workDir = mkdtempSync(join(home, 'work-'));
      const result = await runProcess(
        process.execPath,
        [claude.entry, '-p', task, '--allowedTools', 'Bash', '--output-format', 'text'],
        {
          cwd: workDir,
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            HOME: home,
            CLAUDE_CONFIG_DIR: join(home, 'claude-config'),
            ANTHROPIC_BASE_URL: started.url,
            ANTHROPIC_API_KEY: 'sk-ant-e2e-unused',
            ANTHROPIC_MODEL: 'm',
            ANTHROPIC_DEFAULT_OPUS_MODEL: 'm',
            ANTHROPIC_DEFAULT_SONNET_MODEL: 'm',
            ANTHROPIC_DEFAULT_HAIKU_MODEL: 'm',
            ANTHROPIC_SMALL_FAST_MODEL: 'm',
            CLAUDE_CODE_MAX_CONTEXT_TOKENS: '131072',
            CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
            DISABLE_AUTOUPDATER: '1',
            DISABLE_TELEMETRY: '1',
            DISABLE_ERROR_REPORTING: '1',
            ...offlineEnv(proxy),
          },
          timeoutMs: 120_000,
        },
      );
      const report =
        `exit ${result.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}\n` +
        `requests:\n${started.clientRequests.map((request) => `${request.method} ${request.path}${request.search}`).join('\n')}\n` +
        `notices:\n${started.notices.join('\n')}`;
      expect(result.code, report).toBe(0);
      // Claude Code names the one thing it cannot know about a gateway's model: that it is not Claude.
      expect(result.stderr, report).toBe(
        '[claude-code:unrecognized_model] {"model":"m","query_source":"sdk"}\n',
      );

      // The model called Bash once; Claude Code ran it and sent its output back for that call.
      expect(
        started.steps.filter((step) => step !== 'other'),
        report,
      ).toEqual(['call', 'answer']);
      const results = distinct(toolResults(started.clientRequests));
      expect(results.map((entry) => entry.text)).toEqual([commandOutput]);
      // The prompt of the answer holds that output as the template renders it (the backend checked it too).
      const answered = started.replay.requests[started.steps.indexOf('answer')];
      expect(String(answered?.body.prompt)).toContain(format.renderedResult('Bash', commandOutput));
      // The answer is what `claude -p` prints.
      expect(result.stdout.trim()).toBe(answer);
      expect(proxy.attempts, report).toEqual([]);
    });
  }
});
