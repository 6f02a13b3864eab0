import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
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
          issues: [
            { code: 'incomplete_tool_call', message: 'the tool call is cut off before its JSON ends' },
          ],
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
      {
        id: 'call_0',
        name: 'f',
        raw: hermesText,
        error: 'no tool named "f" was offered',
        issues: [{ code: 'unknown_tool', message: 'no tool named "f" was offered' }],
      },
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
    [['parse', '--bogus'], 'toolwire parse: unknown option --bogus (toolwire --help lists the options)'],
    [['parse', 'a', 'b'], 'toolwire: parse takes at most one FILE, got 2'],
    [['parse', '--format'], 'toolwire parse: --format needs a value (toolwire --help lists the options)\n'],
    [['serve', '--port'], 'toolwire serve: --port needs a value (toolwire serve --help lists the options)\n'],
    [
      ['formats', '--json=yes'],
      'toolwire formats: --json takes no value (toolwire --help lists the options)\n',
    ],
    [['frobnicate'], 'toolwire: unknown command "frobnicate" (toolwire --help lists the commands)'],
    [
      ['parse', '--reasoning', 'maybe', '/dev/null'],
      'toolwire: --reasoning must be split, content or inline',
    ],
  ])('exits 2 with one line for usage error %j', async (argv, message) => {
    const { code, stderr, stdout } = await runCli(argv);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.startsWith(message)).toBe(true);
    expect(stderr.trimEnd().includes('\n')).toBe(false);
  });
});

describe('toolwire parse parser flags', () => {
  const thinking = '<think>maybe <tool_call>{"name": "x", "arguments": {}}</tool_call></think>Done.';

  it.each([
    [
      [],
      {
        content: 'Done.',
        reasoning: 'maybe <tool_call>{"name": "x", "arguments": {}}</tool_call>',
        calls: 0,
      },
    ],
    [['--reasoning', 'inline'], { content: thinking, reasoning: '', calls: 0 }],
    [['--reasoning', 'content'], { content: '<think>maybe </think>Done.', reasoning: '', calls: 1 }],
  ])('--reasoning %j', async (flags, expected) => {
    const { code, stdout } = await runCli([
      'parse',
      '--format',
      'hermes',
      ...flags,
      file('think.txt', thinking),
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect({ content: result.content, reasoning: result.reasoning, calls: result.tool_calls.length }).toEqual(
      expected,
    );
  });

  it('the flags apply to --events too', async () => {
    const text = file('r2.txt', 'plan</think>ok');
    const { stdout } = await runCli([
      'parse',
      text,
      '--format',
      'hermes',
      '--reasoning-started-in-prompt',
      '--events',
    ]);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { type: 'reasoning-delta', delta: 'plan' },
      { type: 'text-delta', delta: 'ok' },
    ]);
  });

  it("--tools reads a request body's tools member as grammar --tools does", async () => {
    const file = join(directory, 'body-tools.json');
    writeFileSync(
      file,
      JSON.stringify({
        model: 'x',
        tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
      }),
    );
    const output = join(directory, 'body-tools.txt');
    writeFileSync(output, '<tool_call>{"name": "f", "arguments": {}}</tool_call>');
    const { code, stdout } = await runCli(['parse', output, '--format', 'hermes', '--tools', file]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).tool_calls.map((call: { name: string }) => call.name)).toEqual(['f']);
  });

  it('--allow-unknown-tools keeps a call to a tool not offered, with its issue', async () => {
    const tools = file('t.json', JSON.stringify([{ name: 'known', parameters: { type: 'object' } }]));
    const text = file('u.txt', '<tool_call>{"name": "other", "arguments": {"a": 1}}</tool_call>');
    const strict = JSON.parse((await runCli(['parse', '--format', 'hermes', '--tools', tools, text])).stdout);
    expect(strict.tool_calls).toEqual([]);
    expect(strict.invalid_tool_calls[0].name).toBe('other');
    const { stdout } = await runCli([
      'parse',
      '--format',
      'hermes',
      '--tools',
      tools,
      '--allow-unknown-tools',
      text,
    ]);
    const allowed = JSON.parse(stdout);
    expect(allowed.tool_calls[0]).toMatchObject({ name: 'other', arguments: { a: 1 } });
    expect(allowed.tool_calls[0].issues[0].code).toBe('unknown_tool');
  });

  it('--allow-invalid-arguments keeps a call missing a required argument, with its issue', async () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const tools = file('r.json', JSON.stringify([{ name: 'weather', parameters: schema }]));
    const text = file('r.txt', '<tool_call>{"name": "weather", "arguments": {}}</tool_call>');
    const strict = JSON.parse((await runCli(['parse', '--format', 'hermes', '--tools', tools, text])).stdout);
    expect(strict.tool_calls).toEqual([]);
    const { stdout } = await runCli([
      'parse',
      '--format',
      'hermes',
      '--tools',
      tools,
      '--allow-invalid-arguments',
      text,
    ]);
    const allowed = JSON.parse(stdout);
    expect(allowed.tool_calls[0]).toMatchObject({ name: 'weather', arguments: {} });
    expect(allowed.tool_calls[0].issues.map((issue: { code: string }) => issue.code)).toEqual([
      'missing_property',
    ]);
  });

  it('--content trim and narrative reshape the text around calls; a bad value is a usage error', async () => {
    const text = file('c.txt', ' a \n<tool_call>{"name": "f", "arguments": {}}</tool_call>\n b \n');
    const content = async (mode: string) =>
      JSON.parse((await runCli(['parse', '--format', 'hermes', '--content', mode, text])).stdout).content;
    expect(await content('verbatim')).toBe(' a \n\n b \n');
    expect(await content('trim')).toBe('a \n\n b');
    expect(await content('narrative')).toBe('a\nb');
    const bad = await runCli(['parse', '--format', 'hermes', '--content', 'strip', text]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--content must be verbatim, nonblank, trim, narrative or json, got strip');
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
    expect(code).toBe(1); // lines 2 and 4 failed
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
  it('reads standard input like the docs/cli.md example', { timeout: 120_000 }, () => {
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
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
    ]);
    expect(events[0]).toEqual({ type: 'text-delta', delta: 'Hi ' });
    expect(events[1]).toEqual({ type: 'tool-input-start', id: 'call_0', toolName: 'f' });
    expect(events[2].delta + events[3].delta).toBe('{"a":1}');
    expect(events[5]).toMatchObject({ type: 'tool-call', id: 'call_0', toolName: 'f', input: { a: 1 } });
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

  it('flags a repaired input ({"a": 1,) like every other coercion; --strict makes it an issue', async () => {
    const schema = file('any-object.json', '{"type": "object"}');
    const broken = file('broken.json', '{"a": 1,');
    const lenient = await runCli(['align', '--schema', schema, broken]);
    expect(lenient.code).toBe(0);
    expect(JSON.parse(lenient.stdout)).toEqual({
      value: { a: 1 },
      flags: [{ path: '', kind: 'json_repaired' }],
      issues: [],
    });
    const strict = await runCli(['align', '--schema', schema, '--strict', broken]);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout).issues).toEqual([
      {
        path: '',
        code: 'json_repaired',
        expected: 'a value of the declared type',
        received: 'a value that needed coercion',
        message: 'coercion not allowed in strict mode: json_repaired',
      },
    ]);
  });

  it('answers empty input with one line and exit 2, not {}', async () => {
    const schema = file('any-object2.json', '{"type": "object"}');
    const { code, stdout, stderr } = await runCli(['align', '--schema', schema, file('empty.json', ' \n')]);
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: 'toolwire: the input is empty: give a JSON value\n',
    });
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

describe('trial findings', () => {
  const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  // hermes-deep-array-5000.txt
  const deepHermes = `<tool_call>{"name":"f","arguments":{"a":${nested(5000)}}}</tool_call>`;

  it('parse: arguments 5000 levels deep are an invalid call with code too_deep, not a crash', async () => {
    const { code, stdout } = await runCli(['parse', file('deep.txt', deepHermes), '--format', 'hermes']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.tool_calls).toEqual([]);
    expect(result.invalid_tool_calls).toEqual([
      {
        id: 'call_0',
        name: 'f',
        raw: deepHermes,
        error: 'arguments are nested more than 256 levels deep',
        issues: [
          {
            code: 'too_deep',
            message: 'arguments are nested more than 256 levels deep',
            path: '',
            expected: 'at most 256 levels of nesting',
            received: 'deeper nesting',
          },
        ],
      },
    ]);
  });

  it('parse --events: the same call is a tool-call-invalid event', async () => {
    const { code, stdout } = await runCli(['parse', file('deep-events.txt', deepHermes), '--events']);
    expect(code).toBe(0);
    const events = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.at(-1)).toMatchObject({ type: 'tool-call-invalid', raw: deepHermes });
  });

  it('parse --jsonl: a deep line is answered and the run goes on (jsonl-deep.jsonl)', async () => {
    const lines = [JSON.stringify({ input: deepHermes }), JSON.stringify({ input: 'next line' })];
    const { code, stdout } = await runCli(['parse', '--jsonl', file('deep.jsonl', `${lines.join('\n')}\n`)]);
    expect(code).toBe(0);
    const output = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(output).toHaveLength(2);
    expect(output[0].invalid_tool_calls[0].error).toBe('arguments are nested more than 256 levels deep');
    expect(output[1].content).toBe('next line');
  });

  it('parse --jsonl: an exception while serialising a line becomes that line’s error line', async () => {
    const stringify = JSON.stringify;
    const spy = vi.spyOn(JSON, 'stringify').mockImplementation(((value: unknown, ...rest: never[]) => {
      // Thrown where the content is written: on its own (the direct text) and within the result object.
      if (value === 'boom' || (value as { content?: unknown } | null)?.content === 'boom')
        throw new RangeError('Maximum call stack size exceeded');
      return stringify(value, ...rest);
    }) as typeof JSON.stringify);
    try {
      const lines = ['{"input": "a"}', '{"id": 7, "input": "boom"}', '{"input": "c"}'];
      const { code, stdout } = await runCli(['parse', '--jsonl', file('boom.jsonl', lines.join('\n'))]);
      expect(code).toBe(1);
      const output = stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(output.map((line) => line.content)).toEqual(['a', undefined, 'c']);
      expect(output[1]).toEqual({
        id: 7,
        line: 2,
        error: 'line 2: the result cannot be serialised: Maximum call stack size exceeded',
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('align: a value 5000 levels deep is a too_deep issue with the input text as value (exit 1)', async () => {
    const input = nested(5000);
    const schema = file('schema-array.json', '{"type":"array"}');
    const { code, stdout } = await runCli(['align', '--schema', schema, file('align-deep.json', input)]);
    expect(code).toBe(1);
    const result = JSON.parse(stdout);
    expect(result.value).toBe(input);
    expect(result.issues.map((issue: { code: string }) => issue.code)).toEqual(['too_deep']);
  });

  it('align: 300 one-item arrays around a number are too deep for an integer schema too (no unwrapping through them)', async () => {
    const input = `${'['.repeat(300)}"5"${']'.repeat(300)}`;
    const schema = file('schema-integer.json', '{"type":"integer"}');
    const { code, stdout } = await runCli(['align', '--schema', schema, file('align-deep-int.json', input)]);
    expect(code).toBe(1);
    const result = JSON.parse(stdout);
    expect(result.value).toBe(input);
    expect(result.flags).toEqual([]);
    expect(result.issues.map((issue: { code: string }) => issue.code)).toEqual(['too_deep']);
  });

  it('parse FILE --chunks CHUNKS is a usage error (give one or the other)', async () => {
    const { code, stdout, stderr } = await runCli([
      'parse',
      file('file-and-chunks.txt', hermesText),
      '--chunks',
      file('file-and-chunks.chunks.json', '["hello"]'),
    ]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^toolwire: give FILE or --chunks, not both/);
    expect(stderr.trimEnd()).not.toContain('\n');
  });

  it('parse --jsonl: blank lines get an error line, so outputs line up with inputs (jsonl-blank-lines.jsonl)', async () => {
    const input = '{"input":"a","id":1}\n\n{"input":"b"}\n   \n{"input":"c"}\n';
    const { code, stdout } = await runCli(['parse', '--jsonl', file('blank.jsonl', input)]);
    expect(code).toBe(1);
    const output = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(output).toHaveLength(5);
    expect(output.map((line) => line.content)).toEqual(['a', undefined, 'b', undefined, 'c']);
    expect(output[1]).toEqual({ line: 2, error: 'line 2: empty line' });
    expect(output[3]).toEqual({ line: 4, error: 'line 4: empty line' });
  });

  it('parse --jsonl: "input" with "chunks" must agree', async () => {
    const lines = [
      JSON.stringify({ id: 'same', input: 'ab', chunks: ['a', 'b'] }),
      JSON.stringify({ id: 'differ', input: 'ab', chunks: ['x'] }),
    ];
    const { stdout } = await runCli(['parse', '--jsonl', file('both.jsonl', lines.join('\n'))]);
    const output = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(output[0]).toMatchObject({ id: 'same', content: 'ab' });
    expect(output[1]).toEqual({
      id: 'differ',
      line: 2,
      error: 'line 2: "input" and "chunks" disagree (the chunks must join to the input); give one',
    });
  });

  it.each([
    [
      ['grammar', '--help'],
      ['  toolwire grammar --schema FILE', '  toolwire grammar --tools FILE --format ID'],
    ],
    [
      ['parse', '-h', 'file.txt'],
      ['  toolwire parse [FILE', '  toolwire parse --jsonl', '      parser flags:'],
    ],
    [['formats', '--help'], ['  toolwire formats [--json]']],
    [['demo', '--help'], ['  toolwire demo']],
  ])("toolwire %j prints that command's usage to stdout, exit 0", async (argv, starts) => {
    const { code, stdout, stderr } = await runCli(argv);
    expect([code, stderr]).toEqual([0, '']);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('usage:');
    for (const start of starts) expect(lines.some((line) => line.startsWith(start))).toBe(true);
    expect(
      lines.filter((line) => line.startsWith('  toolwire ') && !line.startsWith(`  toolwire ${argv[0]}`)),
    ).toEqual([]);
    expect(
      stdout.endsWith('Documentation: https://github.com/toolwire/toolwire/blob/main/docs/cli.md\n'),
    ).toBe(true);
  });

  it('toolwire serve -h prints the serve usage, as --help does', async () => {
    const short = await runCli(['serve', '-h']);
    const long = await runCli(['serve', '--help']);
    expect([short.code, short.stdout]).toEqual([0, long.stdout]);
    expect(short.stdout).toContain('--reasoning-field F');
  });

  it('toolwire with no arguments prints one usage line to stderr and exits 2', async () => {
    const { code, stdout, stderr } = await runCli([]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^toolwire: missing command; usage: toolwire parse/);
    expect(stderr.trimEnd()).not.toContain('\n');
  });

  it.each([
    ['help'],
    ['--help'],
    ['-h'],
  ])('toolwire %s prints the full usage to stdout, exit 0', async (flag) => {
    const { code, stdout, stderr } = await runCli([flag]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain('toolwire parse --jsonl');
    expect(stdout).toContain('toolwire align --schema FILE');
  });

  it('toolwire --version prints the package.json version', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    const { code, stdout } = await runCli(['--version']);
    expect(code).toBe(0);
    expect(stdout).toBe(`${version}\n`);
  });

  it.each([
    [['align', '--schema', file('multiline.json', 'not json\nmore')], '"not json\\nmore" is not valid JSON'],
    [['parse', '--format', 'a"b\nc', '/dev/null'], 'unknown format "a\\"b\\nc";'],
  ])('a message that quotes the input stays whole on one line %j', async (argv, part) => {
    const { code, stderr } = await runCli(argv);
    expect(code).toBe(2);
    expect(stderr).toContain(part);
    expect(stderr.trimEnd()).not.toContain('\n');
  });

  it('parse shows "flags" on a call whose arguments were coerced', async () => {
    const tools = [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'integer' } } } }];
    const { stdout } = await runCli([
      'parse',
      file('flags.txt', '<tool_call>{"name": "f", "arguments": {"a": "5"}}</tool_call>'),
      '--tools',
      file('flags-tools.json', JSON.stringify(tools)),
    ]);
    expect(JSON.parse(stdout).tool_calls).toEqual([
      { id: 'call_0', name: 'f', arguments: { a: 5 }, flags: [{ path: '/a', kind: 'string_to_number' }] },
    ]);
  });
});
