import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BatchProgress, formatProgress } from '../../src/cli/batch-progress.js';
import { main } from '../../src/cli/main.js';

// Worker threads need the built JavaScript: these tests run the built CLI (bin/toolwire.js over dist/),
// which `npm test` builds first; a bare `vitest run` builds it here when dist/ is missing.
const directory = mkdtempSync(join(tmpdir(), 'toolwire-batch-'));
const file = (name: string, text: string): string => {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
};

function toolwire(argv: string[]): { code: number | null; stdout: string; stderr: string } {
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
/** Line i asks for call f(n: i), as a string the tools make an integer; some lines have text only. */
const line = (index: number, withTools: boolean): string =>
  JSON.stringify({
    id: index,
    format: 'hermes',
    input:
      index % 7 === 0
        ? `just text ${index}`
        : `Step ${index}.<tool_call>{"name": "f", "arguments": {"n": "${index}"}}</tool_call>`,
    ...(withTools ? { tools } : {}),
  });
const count = 2000; // several batches of 256 lines, so several workers share the work
const indexes = Array.from({ length: count }, (_, index) => index);
const toolsFile = file('tools.json', JSON.stringify(tools));
const everyLine = file('every.jsonl', `${indexes.map((index) => line(index, true)).join('\n')}\n`);
const once = file('once.jsonl', `${indexes.map((index) => line(index, false)).join('\n')}\n`);

const expectedLine = (index: number) => ({
  id: index,
  format: 'hermes',
  content: index % 7 === 0 ? `just text ${index}` : `Step ${index}.`,
  reasoning: '',
  tool_calls:
    index % 7 === 0
      ? []
      : [
          {
            id: 'call_0',
            name: 'f',
            arguments: { n: index },
            flags: [{ path: '/n', kind: 'string_to_number' }],
          },
        ],
  invalid_tool_calls: [],
});

describe('toolwire parse --jsonl --workers (built CLI)', { timeout: 120_000 }, () => {
  it('answers in input order with 3 workers, the same bytes as 1 worker and as --tools once', () => {
    const three = toolwire(['parse', '--jsonl', everyLine, '--workers', '3']);
    expect({ code: three.code, stderr: three.stderr }).toEqual({ code: 0, stderr: '' });
    expect(
      three.stdout
        .trimEnd()
        .split('\n')
        .map((text) => JSON.parse(text)),
    ).toEqual(indexes.map(expectedLine));
    const one = toolwire(['parse', '--jsonl', everyLine, '--workers', '1']);
    expect(one.stdout).toBe(three.stdout);
    const given = toolwire(['parse', '--jsonl', once, '--tools', toolsFile, '--workers', '2']);
    expect(given.stdout).toBe(three.stdout);
  });

  it('caps --workers at the cores: 300 asked on 2,000 lines answers the same bytes as 1 (it took 63 s and 5 GB)', () => {
    const many = toolwire(['parse', '--jsonl', once, '--tools', toolsFile, '--workers', '300']);
    expect({ code: many.code, stderr: many.stderr }).toEqual({ code: 0, stderr: '' });
    expect(many.stdout).toBe(
      toolwire(['parse', '--jsonl', once, '--tools', toolsFile, '--workers', '1']).stdout,
    );
  });

  it('stops quietly with exit 0 when the reader closes the pipe early (| head -1 printed an EPIPE trace, exit 1)', async () => {
    const big = file(
      'big.jsonl',
      `${Array.from({ length: 20_000 }, (_, index) => line(index, false)).join('\n')}\n`,
    );
    const child = spawn(
      process.execPath,
      ['bin/toolwire.js', 'parse', '--jsonl', big, '--tools', toolsFile],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => {
      stderr += data.toString();
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.once('close', (exit) => resolve(exit)));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('shares mixed formats out among threads and still answers byte for byte as one thread does', () => {
    const inputs = [
      (index: number) => ({ format: 'mistral', input: `[TOOL_CALLS]f[ARGS]{"n": ${index}}` }),
      (index: number) => ({
        format: 'hermes',
        input: `<tool_call>{"name": "f", "arguments": {"n": ${index}}}</tool_call>`,
      }),
      // No format (auto), and one whose input names another format before the real key: a routing hint only.
      (index: number) => ({ input: `<tool_call>{"name": "f", "arguments": {"n": ${index}}}</tool_call>` }),
      (index: number) => ({ input: '"format": "mistral"', format: 'pythonic', id2: index }),
    ];
    const text = indexes.map((index) =>
      JSON.stringify({ id: index, ...(inputs[index % 4] as (n: number) => object)(index) }),
    );
    const path = file('mixed.jsonl', `${text.join('\n')}\n`);
    const one = toolwire(['parse', '--jsonl', path, '--tools', toolsFile, '--workers', '1']);
    expect(one.code).toBe(0);
    expect(
      one.stdout
        .trimEnd()
        .split('\n')
        .map((output) => JSON.parse(output).id),
    ).toEqual(indexes);
    for (const workers of ['2', '3']) {
      const many = toolwire(['parse', '--jsonl', path, '--tools', toolsFile, '--workers', workers]);
      expect({ code: many.code, stderr: many.stderr }).toEqual({ code: 0, stderr: '' });
      expect(many.stdout).toBe(one.stdout);
    }
  });

  it('exits 1 when a line fails, answering it in its place (and no progress line in a pipe)', () => {
    const texts = indexes.map((index) => line(index, true));
    texts[1500] = '{"id": "bad", "input": 5}';
    const { code, stdout, stderr } = toolwire([
      'parse',
      '--jsonl',
      file('one-bad.jsonl', texts.join('\n')),
      '--workers',
      '2',
    ]);
    expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
    const output = stdout
      .trimEnd()
      .split('\n')
      .map((text) => JSON.parse(text));
    expect(output).toHaveLength(count);
    expect(output[1500]).toEqual({ id: 'bad', line: 1501, error: 'line 1501: "input" must be a string' });
    expect(output[1499]).toEqual(expectedLine(1499));
    expect(output[1501]).toEqual(expectedLine(1501));
  });

  it.each([
    [['--workers', '0'], 'toolwire: --workers must be a positive integer, got 0\n'],
    [['--workers', 'two'], 'toolwire: --workers must be a positive integer, got two\n'],
  ])('exits 2 for %j', (flags, message) => {
    expect(toolwire(['parse', '--jsonl', once, ...flags])).toEqual({ code: 2, stdout: '', stderr: message });
  });

  it('exits 2 for --workers without --jsonl, and for a FILE it cannot read', () => {
    expect(toolwire(['parse', once, '--workers', '2'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'toolwire: --workers goes with --jsonl\n',
    });
    expect(toolwire(['parse', '--jsonl', directory])).toEqual({
      code: 2,
      stdout: '',
      stderr: `toolwire: cannot read ${directory}: EISDIR\n`,
    });
  });

  it('reads standard input, and exits 0 when every line succeeded', () => {
    if (!existsSync('dist/cli/jsonl-worker.js'))
      execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'ignore' });
    const result = spawnSync(
      process.execPath,
      ['bin/toolwire.js', 'parse', '--jsonl', '--tools', toolsFile],
      {
        input: `${line(1, false)}\r\n${line(2, false)}`,
        encoding: 'utf8',
      },
    );
    expect({ code: result.status, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(result.stdout).toBe(`${JSON.stringify(expectedLine(1))}\n${JSON.stringify(expectedLine(2))}\n`);
  });
});

describe('batch progress', () => {
  it('formats lines, MB/s, calls and errors', () => {
    expect(formatProgress({ lines: 12345, bytes: 2_500_000, calls: 1, errors: 0 }, 2)).toBe(
      '12,345 lines, 1.3 MB/s, 1 call, 0 errors',
    );
    expect(formatProgress({ lines: 1, bytes: 10, calls: 0, errors: 1 }, 0)).toBe(
      '1 line, 0.0 MB/s, 0 calls, 1 error',
    );
  });

  it('rewrites one terminal line at most every 200 ms, and ends it at finish', () => {
    let time = 0;
    const written: string[] = [];
    const progress = new BatchProgress(
      (text) => written.push(text),
      () => time,
    );
    const counts = (lines: number) => ({ lines, bytes: lines * 1000, calls: lines, errors: 0 });
    progress.update(counts(1));
    time = 100;
    progress.update(counts(2));
    time = 1000;
    progress.update(counts(3));
    progress.finish(counts(4));
    expect(written).toEqual([
      '\r1 line, 0.0 MB/s, 1 call, 0 errors\u001b[K',
      '\r3 lines, 0.0 MB/s, 3 calls, 0 errors\u001b[K',
      '\r4 lines, 0.0 MB/s, 4 calls, 0 errors\u001b[K\n',
    ]);
  });

  it('is written to stderr when it is a terminal, after the output', async () => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const input = file('progress.jsonl', `${line(1, true)}\n{}\n`);
    const code = await main(
      ['parse', '--jsonl', input],
      {
        stdout: (output) => stdout.push(typeof output === 'string' ? output : Buffer.from(output).toString()),
        stderr: (text) => stderr.push(text),
        color: false,
        stderrIsTerminal: true,
      },
      new URL('../../examples/', import.meta.url),
    );
    expect(code).toBe(1);
    expect(stdout.join('').split('\n')).toHaveLength(3);
    expect(stderr.join('')).toMatch(
      /^(\r[^\n]*\u001b\[K)*\r2 lines, \d+\.\d MB\/s, 1 call, 1 error\u001b\[K\n$/,
    );
  });
});
