import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const directory = mkdtempSync(join(tmpdir(), 'toolwire-cli-'));
const file = (name: string, text: string): string => {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
};

const hermesText = '<tool_call>\n{"name": "f", "arguments": {"a": 1}}\n</tool_call>';

describe('toolwire parse', () => {
  it('prints the contract JSON for one hermes call', async () => {
    const { code, stdout } = await runCli(['parse', file('one.txt', hermesText), '--format', 'hermes']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      format: 'hermes',
      content: '',
      reasoning: '',
      tool_calls: [{ id: 'call_0', name: 'f', arguments: { a: 1 } }],
      invalid_tool_calls: [],
    });
  });

  it('reports a cut-off call as invalid and still exits 0', async () => {
    const text = 'Sure.<tool_call>{"name": "f", "arguments": {"a": ';
    const { code, stdout } = await runCli(['parse', file('cut.txt', text), '--format', 'hermes']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      format: 'hermes',
      content: 'Sure.',
      reasoning: '',
      tool_calls: [],
      invalid_tool_calls: [
        {
          id: 'call_0',
          name: 'f',
          raw: '<tool_call>{"name": "f", "arguments": {"a": ',
          error: 'the tool call is cut off before its JSON ends',
        },
      ],
    });
  });

  it('feeds --chunks one by one and gives the whole-text result', async () => {
    const chunks = ['<tool', '_call>\n{"name": "f", "argu', 'ments": {"a": 1}}\n</tool_', 'call>'];
    const { code, stdout } = await runCli([
      'parse',
      '--format',
      'hermes',
      '--chunks',
      file('chunks.json', JSON.stringify(chunks)),
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).tool_calls).toEqual([{ id: 'call_0', name: 'f', arguments: { a: 1 } }]);
  });

  it('accepts OpenAI-style tools and reports unknown tool names as invalid', async () => {
    const tools = [
      { type: 'function', function: { name: 'g', parameters: { type: 'object', properties: {} } } },
    ];
    const { stdout } = await runCli([
      'parse',
      file('unknown.txt', hermesText),
      '--format',
      'hermes',
      '--tools',
      file('tools.json', JSON.stringify(tools)),
    ]);
    const result = JSON.parse(stdout);
    expect(result.tool_calls).toEqual([]);
    expect(result.invalid_tool_calls).toEqual([
      { id: 'call_0', name: 'f', raw: hermesText, error: 'no tool named "f" was offered' },
    ]);
  });

  it('picks the format from --model with --format auto', async () => {
    const text = '<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>';
    const { stdout } = await runCli([
      'parse',
      file('qwen.txt', text),
      '--model',
      'Qwen/Qwen3-Coder-30B-A3B-Instruct',
    ]);
    const result = JSON.parse(stdout);
    expect(result.format).toBe('qwen3_coder');
    expect(result.tool_calls).toEqual([{ id: 'call_0', name: 'f', arguments: { a: '1' } }]);
  });

  it('detects the format from markers with --format auto and no model', async () => {
    const { stdout } = await runCli(['parse', file('auto.txt', hermesText)]);
    expect(JSON.parse(stdout).format).toBe('hermes');
  });

  it.each([
    [['parse', '--format', 'nope', '/dev/null'], 'toolwire: unknown format "nope"'],
    [['parse', join(directory, 'missing.txt'), '--format', 'hermes'], 'toolwire: cannot read'],
    [['parse', '--bogus'], "toolwire: Unknown option '--bogus'"],
    [['parse', 'a', 'b'], 'toolwire: parse takes at most one FILE, got 2'],
    [['frobnicate'], 'toolwire: unknown command "frobnicate"'],
  ])('exits 2 with one line for usage error %j', async (argv, message) => {
    const { code, stderr, stdout } = await runCli(argv);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.startsWith(message)).toBe(true);
    expect(stderr.trimEnd().includes('\n')).toBe(false);
  });
});

describe('toolwire parse --jsonl', () => {
  it('answers each line in order, bad lines with an error line', async () => {
    const lines = [
      JSON.stringify({ id: 'a', input: hermesText, format: 'hermes' }),
      'not json',
      JSON.stringify({ id: 'b', input: '[TOOL_CALLS]f[ARGS]{"x": 2}', format: 'mistral' }),
      JSON.stringify({ id: 'c', input: 'x', format: 'nope' }),
      JSON.stringify({
        id: 'd',
        chunks: ['<tool_', 'call>{"name": "f", "arguments": {}}</tool_call>'],
        format: 'hermes',
      }),
    ];
    const { code, stdout } = await runCli(['parse', '--jsonl', file('batch.jsonl', `${lines.join('\n')}\n`)]);
    expect(code).toBe(0);
    const output = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(output).toHaveLength(5);
    expect(output[0]).toEqual({
      id: 'a',
      format: 'hermes',
      content: '',
      reasoning: '',
      tool_calls: [{ id: 'call_0', name: 'f', arguments: { a: 1 } }],
      invalid_tool_calls: [],
    });
    expect(output[1].line).toBe(2);
    expect(output[1].error).toMatch(/^line 2: /);
    expect(output[2].tool_calls).toEqual([{ id: 'call_0', name: 'f', arguments: { x: 2 } }]);
    expect(output[3]).toEqual({
      id: 'c',
      line: 4,
      error: 'line 4: unknown format "nope"; known formats: ' + output[3].error.split('known formats: ')[1],
    });
    expect(output[4].tool_calls).toEqual([{ id: 'call_0', name: 'f', arguments: {} }]);
  });
});

describe('toolwire formats and demo', () => {
  it('lists hermes and qwen3_coder with their models', async () => {
    const { code, stdout } = await runCli(['formats', '--json']);
    expect(code).toBe(0);
    const rows: Array<{ id: string; models: string[] }> = JSON.parse(stdout).formats;
    expect(rows.find((row) => row.id === 'hermes')?.models).toContain('hermes-3');
    expect(rows.find((row) => row.id === 'qwen3_coder')?.models).toContain('qwen3-coder');
  });

  it('parses every bundled example into at least one call', async () => {
    const { code, stdout } = await runCli(['demo']);
    expect(code).toBe(0);
    const summary = /(\d+) tool calls from (\d+) formats/.exec(stdout);
    expect(Number(summary?.[2])).toBeGreaterThanOrEqual(10);
    expect(stdout).not.toContain('✗ invalid');
  });
});

describe('bin/toolwire.js (built)', () => {
  // `npm test` builds before running the tests; a bare `vitest run` builds here if dist/ is missing.
  it('reads standard input like the README example', { timeout: 120_000 }, () => {
    if (!existsSync('dist/cli/main.js'))
      execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'ignore' });
    const result = spawnSync(process.execPath, ['bin/toolwire.js', 'parse', '--format', 'hermes'], {
      input: hermesText,
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).tool_calls).toEqual([{ id: 'call_0', name: 'f', arguments: { a: 1 } }]);
  });
});

describe('toolwire parse --events', () => {
  it('prints the stream events as JSON lines, chunk by chunk', async () => {
    const chunks = file(
      'events-chunks.json',
      JSON.stringify(['Hi <tool', '_call>\n{"name": "f", "argu', 'ments": {"a": 1}}\n</tool_call>']),
    );
    const { code, stdout } = await runCli(['parse', '--chunks', chunks, '--format', 'hermes', '--events']);
    expect(code).toBe(0);
    const events = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.map((event) => event.type)).toEqual([
      'text-delta',
      'tool-input-start',
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
    ]);
    expect(events[0]).toEqual({ type: 'text-delta', delta: 'Hi ' });
    expect(events[1]).toEqual({ type: 'tool-input-start', id: 'call_0', toolName: 'f' });
    expect(JSON.parse(events[2].delta)).toEqual({ a: 1 });
    expect(events[4]).toMatchObject({ type: 'tool-call', id: 'call_0', toolName: 'f', input: { a: 1 } });
  });

  it('refuses --events with --jsonl', async () => {
    const { code, stderr } = await runCli(['parse', '--jsonl', '--events', file('e.jsonl', '')]);
    expect(code).toBe(2);
    expect(stderr).toContain('--events does not go with --jsonl');
  });
});

describe('toolwire accumulate', () => {
  const chunks = [
    { choices: [{ index: 0, delta: { role: 'assistant', content: 'Sure.' } }] },
    {
      choices: [
        {
          index: 0,
          delta: { tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '{"a":' } }] },
        },
      ],
    },
    { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '1}' } }] } }] },
    {
      choices: [
        { index: 0, delta: { tool_calls: [{ index: 1, id: 'c2', function: { name: 'g', arguments: '' } }] } },
      ],
    },
    { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
  ];
  const expected = {
    format: 'openai-chat',
    content: 'Sure.',
    reasoning: '',
    tool_calls: [
      { id: 'c1', name: 'f', arguments: { a: 1 } },
      { id: 'c2', name: 'g', arguments: {} },
    ],
    invalid_tool_calls: [],
  };

  it('rebuilds calls from chunk JSON lines', async () => {
    const path = file('chunks.jsonl', chunks.map((chunk) => JSON.stringify(chunk)).join('\n'));
    const { code, stdout } = await runCli(['accumulate', path]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(expected);
  });

  it('reads SSE data: lines and ignores [DONE], comments and event lines', async () => {
    const sse = `: keep-alive\n\n${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}event: done\ndata: [DONE]\n\n`;
    const { code, stdout } = await runCli(['accumulate', file('chunks.sse', sse)]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(expected);
  });

  it('reports a line that is not JSON as a usage error', async () => {
    const { code, stderr } = await runCli(['accumulate', file('bad.jsonl', '{"choices": []}\nnot json\n')]);
    expect(code).toBe(2);
    expect(stderr).toContain('line 2');
  });
});

describe('toolwire align', () => {
  const integer = file('integer.json', '{"type": "integer"}');

  it('rounds "2.7" to 3 for an integer schema and flags both coercions (exit 0)', async () => {
    const { code, stdout } = await runCli(['align', '--schema', integer, file('value.json', '"2.7"\n')]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      value: 3,
      flags: [
        { path: '', kind: 'string_to_number' },
        { path: '', kind: 'float_to_integer' },
      ],
      issues: [],
    });
  });

  it('exits 1 with the issue when the value cannot be aligned', async () => {
    const { code, stdout } = await runCli(['align', '--schema', integer, file('bad.json', '"many"')]);
    expect(code).toBe(1);
    const result = JSON.parse(stdout);
    expect(result.value).toBe('many');
    expect(result.issues.map(({ path, code }: { path: string; code: string }) => ({ path, code }))).toEqual([
      { path: '', code: 'invalid_type' },
    ]);
  });

  it('types raw parameter text with --text, and --strict turns coercions into issues', async () => {
    const schema = file('object.json', '{"type": "object", "properties": {"n": {"type": "integer"}}}');
    const text = file('param.txt', '{"n": "4"}');
    const lenient = await runCli(['align', '--schema', schema, '--text', text]);
    expect(lenient.code).toBe(0);
    expect(JSON.parse(lenient.stdout).value).toEqual({ n: 4 });
    const strict = await runCli(['align', '--schema', schema, '--text', '--strict', text]);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout).issues.map((issue: { path: string }) => issue.path)).toEqual(['/n']);
  });

  it.each([
    [['align', file('x.json', '1')], 'toolwire: align needs --schema FILE'],
    [['align', '--schema', file('notjson.json', '{nope')], 'toolwire: --schema'],
  ])('exits 2 on usage error %j', async (argv, message) => {
    const { code, stderr } = await runCli(argv);
    expect(code).toBe(2);
    expect(stderr.startsWith(message)).toBe(true);
  });
});
