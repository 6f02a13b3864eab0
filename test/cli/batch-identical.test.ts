import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

// The in-process path (runCli runs the TypeScript sources, where no worker script is beside run-jsonl,
// so every line is parsed in the calling thread) against the built CLI's worker threads, byte for byte.
const directory = mkdtempSync(join(tmpdir(), 'toolwire-batch-identical-'));
const file = (name: string, bytes: string | Buffer): string => {
  const path = join(directory, name);
  writeFileSync(path, bytes);
  return path;
};

function built(argv: string[]): { code: number | null; stdout: string; stderr: string } {
  if (!existsSync('dist/cli/jsonl-worker.js'))
    execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'ignore' });
  const result = spawnSync(process.execPath, ['bin/toolwire.js', ...argv], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const tools = [
  { name: 'f', parameters: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
];
const otherTools = [{ name: 'g', description: 'Grüße', parameters: { type: 'object' } }];
/** Line i of a mixed batch: several formats and tool lists, non-ASCII text, and every kind of failure. */
function mixedLine(index: number): string | Buffer {
  const n = String(index);
  switch (index % 13) {
    case 0:
      return JSON.stringify({
        id: index,
        format: 'hermes',
        input: `Grüße ${n} 🌍<tool_call>{"name": "f", "arguments": {"n": "${n}"}}</tool_call>`,
        tools,
      });
    case 1:
      return JSON.stringify({ id: index, format: 'mistral', input: `[TOOL_CALLS]f[ARGS]{"n": ${n}}`, tools });
    case 2:
      return JSON.stringify({
        id: index,
        input: `<tool_call>{"name": "g", "arguments": {}}</tool_call>`,
        tools: otherTools,
      });
    case 3:
      return 'not json';
    case 4:
      return JSON.stringify({ id: index, input: 5, tools });
    case 5:
      return JSON.stringify({ id: index, input: 'x', format: 'no-such-format' });
    case 6:
      return '   ';
    case 7:
      return JSON.stringify({ id: index, input: 'x', tools: { name: 'f' } });
    case 8:
      return JSON.stringify({ tools, id: index, format: 'pythonic', input: `[f(n=${n})]` });
    case 9:
      return Buffer.concat([
        Buffer.from(`{"id": ${n}, "format": "hermes", "input": "bad `),
        Buffer.from([0xff, 0xe2]),
        Buffer.from(' bytes"}\r'),
      ]);
    case 10:
      return JSON.stringify({
        id: index,
        format: 'hermes',
        chunks: ['<tool_', `call>{"name": "f", "arguments": {"n": ${n}}}</tool_call>`],
        tools,
      });
    case 11:
      return JSON.stringify({
        id: index,
        format: 'hermes',
        input: `<tool_call>{"name": "h", "arguments": {}}</tool_call>`,
      });
    default:
      return JSON.stringify({ id: index, input: 'plain text', model: 'Qwen/Qwen3-8B', tools });
  }
}
const count = 700; // more than two rounds of 256 lines, so two workers share them
const mixed = file(
  'mixed.jsonl',
  Buffer.concat(
    Array.from({ length: count }, (_, index) => [Buffer.from(mixedLine(index)), Buffer.from('\n')]).flat(),
  ),
);
const good = file(
  'good.jsonl',
  Array.from({ length: count }, (_, index) => mixedLine(13 * index + 1)).join('\n'),
);

describe(
  'parse --jsonl: worker threads answer as the in-process path does (built CLI)',
  { timeout: 120_000 },
  () => {
    it('a mixed batch with failing lines: the same bytes, exit 1, nothing on stderr', async () => {
      const inProcess = await runCli(['parse', '--jsonl', mixed]);
      expect(inProcess.code).toBe(1);
      const output = inProcess.stdout.trimEnd().split('\n');
      expect(output).toHaveLength(count);
      expect(JSON.parse(output[3] as string)).toEqual({
        line: 4,
        error: `line 4: ${(() => {
          try {
            JSON.parse('not json');
          } catch (error) {
            return (error as Error).message;
          }
        })()}`,
      });
      expect(JSON.parse(output[6] as string)).toEqual({ line: 7, error: 'line 7: empty line' });
      for (const workers of ['1', '2']) {
        expect({ workers, ...built(['parse', '--jsonl', mixed, '--workers', workers]) }).toEqual({
          workers,
          code: 1,
          stdout: inProcess.stdout,
          stderr: '',
        });
      }
    });

    it('a batch where every line succeeds: the same bytes, exit 0', async () => {
      const inProcess = await runCli(['parse', '--jsonl', good]);
      expect({ code: inProcess.code, stderr: inProcess.stderr }).toEqual({ code: 0, stderr: '' });
      for (const workers of ['1', '2']) {
        expect({ workers, ...built(['parse', '--jsonl', good, '--workers', workers]) }).toEqual({
          workers,
          code: 0,
          stdout: inProcess.stdout,
          stderr: '',
        });
      }
    });

    it('without --workers: one worker, another each 256 lines handed out (growAfterLines), same bytes', async () => {
      const inProcess = await runCli(['parse', '--jsonl', mixed]);
      built(['--version']); // builds dist when it is missing
      const { openInputStream, runJsonl } = await import(
        new URL('../../dist/cli/run-jsonl.js', import.meta.url).href
      );
      const run = async (options: Record<string, unknown>) => {
        let text = '';
        let started = -1;
        const counts = await runJsonl(
          openInputStream(mixed),
          { format: 'auto' },
          (piece: Uint8Array) => (text += Buffer.from(piece).toString('utf8')),
          {
            ...options,
            timings: (timings: { workers: unknown[] }) => (started = timings.workers.length),
          },
        );
        return { text, started, errors: counts.errors > 0 };
      };
      // Rounds start at lines 1, 257 and 513: the second is past 1 x 256 lines, the third past 2 x 256.
      expect(await run({ growAfterLines: 256 })).toEqual({
        text: inProcess.stdout,
        started: Math.min(availableParallelism(), 3),
        errors: true,
      });
      // 700 lines never reach the default 50,000: one worker.
      expect(await run({})).toEqual({ text: inProcess.stdout, started: 1, errors: true });
      // --workers N starts N at once, whatever the length, up to the cores there are (2 on small CI machines).
      expect(await run({ workers: 3 })).toEqual({
        text: inProcess.stdout,
        started: Math.min(availableParallelism(), 3),
        errors: true,
      });
    });
  },
);
