/**
 * Issue 14 items 2, 3, 6, 7 on the command line: calls print `repairs`, invalid calls their `issues`
 * (and the `repairs` `--strict-format` refused), results their `warnings`; `--strict-format`,
 * `--finish-reason` and `--apply-defaults` reach the parser, also in `--jsonl` mode.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const directory = mkdtempSync(join(tmpdir(), 'toolwire-cli-repairs-'));
const file = (name: string, text: string): string => {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
};

const repaired = '<tool_call>{"name": "f", "arguments": {"a": 1,}}</tool_call>';

describe('toolwire parse: repairs, issues, warnings', () => {
  it('prints a repaired call with its repairs', async () => {
    const { code, stdout } = await runCli(['parse', file('repaired.txt', repaired), '--format', 'hermes']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      format: 'hermes',
      content: '',
      reasoning: '',
      tool_calls: [
        { id: 'call_0', name: 'f', arguments: { a: 1 }, repairs: [{ kind: 'trailing_comma', position: 45 }] },
      ],
      invalid_tool_calls: [],
    });
  });

  it('--strict-format: the repaired call is invalid, with its issue code and repairs', async () => {
    const { stdout } = await runCli([
      'parse',
      file('strict.txt', repaired),
      '--format',
      'hermes',
      '--strict-format',
    ]);
    const message =
      'the tool call does not follow the format (strictFormat): it needed repairs (trailing_comma)';
    expect(JSON.parse(stdout)).toEqual({
      format: 'hermes',
      content: '',
      reasoning: '',
      tool_calls: [],
      invalid_tool_calls: [
        {
          id: 'call_0',
          name: 'f',
          raw: repaired,
          error: message,
          issues: [{ code: 'format_not_followed', message }],
          repairs: [{ kind: 'trailing_comma', position: 45 }],
        },
      ],
    });
  });

  it('--finish-reason stop completes a call lacking its brackets; length refuses one lacking its end marker', async () => {
    const cut = file('cut.txt', '<tool_call>{"name": "f", "arguments": {"a": 1');
    const stop = JSON.parse(
      (await runCli(['parse', cut, '--format', 'hermes', '--finish-reason', 'stop'])).stdout,
    );
    expect(stop.tool_calls).toEqual([
      {
        id: 'call_0',
        name: 'f',
        arguments: { a: 1 },
        repairs: [
          {
            kind: 'missing_closing_bracket',
            position: 45,
            message: 'the output ended before the call\'s closing "}}"',
          },
          {
            kind: 'missing_end_marker',
            position: 45,
            message: 'the call has no </tool_call>',
          },
        ],
      },
    ]);
    const whole = file('whole.txt', '<tool_call>{"name": "f", "arguments": {"a": 1}}');
    const length = JSON.parse(
      (await runCli(['parse', whole, '--format', 'hermes', '--finish-reason', 'length'])).stdout,
    );
    expect(length.tool_calls).toEqual([]);
    expect(
      length.invalid_tool_calls.map((call: { issues: Array<{ code: string }> }) => call.issues[0]?.code),
    ).toEqual(['incomplete_tool_call']);
  });

  it('--finish-reason takes only stop or length (exit 2)', async () => {
    const { code, stderr } = await runCli(['parse', file('x.txt', 'x'), '--finish-reason', 'tool_calls']);
    expect(code).toBe(2);
    expect(stderr).toBe('toolwire: --finish-reason must be stop or length, got tool_calls\n');
  });

  it('--apply-defaults fills schema defaults (flagged); without it they are left out', async () => {
    const tools = file(
      'tools.json',
      JSON.stringify([
        {
          name: 'get_weather',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string' }, unit: { type: 'string', default: 'celsius' } },
          },
        },
      ]),
    );
    const text = file(
      'weather.txt',
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>',
    );
    const plain = JSON.parse((await runCli(['parse', text, '--format', 'hermes', '--tools', tools])).stdout);
    expect(plain.tool_calls).toEqual([{ id: 'call_0', name: 'get_weather', arguments: { city: 'Oslo' } }]);
    const filled = JSON.parse(
      (await runCli(['parse', text, '--format', 'hermes', '--tools', tools, '--apply-defaults'])).stdout,
    );
    expect(filled.tool_calls).toEqual([
      {
        id: 'call_0',
        name: 'get_weather',
        arguments: { city: 'Oslo', unit: 'celsius' },
        flags: [{ path: '/unit', kind: 'default_filled' }],
      },
    ]);
  });

  it('--events: the warnings of auto as a last JSON line, only when there are any', async () => {
    const pythonic = file('pythonic-events.txt', "Let me check. [get_weather(city='Oslo')]");
    const { code, stdout } = await runCli(['parse', pythonic, '--events']);
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { type: 'text-delta', delta: "Let me check. [get_weather(city='Oslo')]" },
      {
        type: 'warnings',
        warnings: [
          {
            type: 'other',
            message:
              'format "tagged" found no tool call, but the output holds a pythonic call list "[get_weather(" at offset 14, a call signature of format "pythonic" (pass format "pythonic" if the model writes it)',
          },
        ],
      },
    ]);
    const plain = await runCli([
      'parse',
      file('plain-events.txt', repaired),
      '--format',
      'hermes',
      '--events',
    ]);
    expect(
      plain.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).type),
    ).toEqual(['tool-input-start', 'tool-input-delta', 'tool-input-delta', 'tool-input-end', 'tool-call']);
  });

  it('prints the warnings of auto: a pythonic call list it did not read, an unknown model', async () => {
    const { stdout } = await runCli([
      'parse',
      file('pythonic.txt', "Let me check. [get_weather(city='Oslo')]"),
    ]);
    expect(JSON.parse(stdout).warnings).toEqual([
      {
        type: 'other',
        message:
          'format "tagged" found no tool call, but the output holds a pythonic call list "[get_weather(" at offset 14, a call signature of format "pythonic" (pass format "pythonic" if the model writes it)',
      },
    ]);
    const unknown = JSON.parse(
      (await runCli(['parse', file('hi.txt', 'Hi.'), '--model', 'acme/unknown-7b'])).stdout,
    );
    expect(unknown.warnings).toEqual([
      {
        type: 'other',
        message:
          'model "acme/unknown-7b" is not in the model table (no format lists it): the format was detected from the output',
      },
    ]);
  });

  it('--model meta-llama/Llama-3.2-3B-Instruct reads a pythonic call', async () => {
    const { stdout } = await runCli([
      'parse',
      file('llama.txt', "[get_weather(city='Oslo')]"),
      '--model',
      'meta-llama/Llama-3.2-3B-Instruct',
    ]);
    expect(JSON.parse(stdout)).toEqual({
      format: 'pythonic',
      content: '',
      reasoning: '',
      tool_calls: [{ id: 'call_0', name: 'get_weather', arguments: { city: 'Oslo' } }],
      invalid_tool_calls: [],
    });
  });

  it('--jsonl lines get the flags too', async () => {
    const input = file('lines.jsonl', `${JSON.stringify({ input: repaired, format: 'hermes', id: 'a' })}\n`);
    const { stdout } = await runCli(['parse', '--jsonl', input, '--strict-format']);
    const line = JSON.parse(stdout.trim());
    expect(line.id).toBe('a');
    expect(line.tool_calls).toEqual([]);
    expect(line.invalid_tool_calls[0].issues[0].code).toBe('format_not_followed');
  });
});
