import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const directory = mkdtempSync(join(tmpdir(), 'toolwire-grammar-tools-cli-'));
const file = (name: string, text: string): string => {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
};

const tools = file(
  'tools.json',
  JSON.stringify([
    {
      type: 'function',
      function: {
        name: 'get_time',
        parameters: {
          type: 'object',
          properties: { tz: { enum: ['UTC', 'CET'] } },
          required: ['tz'],
          additionalProperties: false,
        },
      },
    },
  ]),
);

describe('toolwire grammar --tools FILE --format ID', () => {
  it('prints the lazy GBNF of a JSON-argument format, its triggers on stderr', async () => {
    const result = await runCli([
      'grammar',
      '--tools',
      tools,
      '--format',
      'hermes',
      '--lazy',
      '--whitespace',
      'compact',
    ]);
    expect(result).toEqual({
      code: 0,
      stdout: [
        'root ::= call-get-time',
        'get-time-args-tz ::= "\\"UTC\\"" | "\\"CET\\""',
        'get-time-args ::= "{\\"tz\\":" get-time-args-tz "}"',
        'call-get-time ::= "<tool_call>\\n{\\"name\\": \\"get_time\\", \\"arguments\\": " get-time-args "}\\n</tool_call>"',
        '',
      ].join('\n'),
      stderr: 'toolwire: triggers: ["<tool_call>"]\n',
    });
  });

  it('prints the EBNF of GLM key/value tags for a named tool, reasoning allowed first', async () => {
    const result = await runCli([
      'grammar',
      '--tools',
      tools,
      '--format',
      'glm47',
      '--tool-choice',
      'get_time',
      '--dialect',
      'ebnf',
    ]);
    expect(result.stdout.split('\n').slice(0, 4)).toEqual([
      'root ::= ("<think>" reasoning-text-0 "</think>")? call-get-time',
      'get-time-param-tz ::= "<arg_key>tz</arg_key><arg_value>" ("UTC" | "CET") "</arg_value>"',
      'call-get-time ::= "<tool_call>get_time" get-time-param-tz "</tool_call>"',
      'reasoning-text-0 ::= "" | [^<] reasoning-text-0 | "<" reasoning-text-1',
    ]);
    expect([result.code, result.stderr]).toEqual([0, '']);
  });

  it('prints the structural tag as one JSON line', async () => {
    const result = await runCli([
      'grammar',
      '--tools',
      tools,
      '--format',
      'glm47',
      '--structural-tag',
      '--tool-choice',
      'required',
    ]);
    expect(result).toEqual({
      code: 0,
      stdout: `${JSON.stringify({
        type: 'structural_tag',
        format: {
          type: 'grammar',
          grammar:
            'root ::= call-get-time\nget-time-param-tz ::= "<arg_key>tz</arg_key><arg_value>" ("UTC" | "CET") "</arg_value>"\ncall-get-time ::= "<tool_call>get_time" get-time-param-tz "</tool_call>"\n',
        },
      })}\n`,
      stderr: '',
    });
  });

  it('says in one line, exit 1, when a format cannot be a structural tag', async () => {
    expect(
      await runCli(['grammar', '--tools', tools, '--format', 'functionary_v32', '--structural-tag']),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'toolwire: format functionary_v32 cannot be written as a structural tag: the format has no trigger marker\n',
    });
  });

  it.each([
    [['--tools', tools], 'toolwire: grammar --tools needs --format ID\n'],
    [['--format', 'hermes'], 'toolwire: grammar --format needs --tools FILE\n'],
    [
      ['--tools', tools, '--format', 'hermes', '--tool-choice', 'other'],
      'toolwire: toolChoice names "other", which is not in tools\n',
    ],
    [
      ['--tools', tools, '--format', 'hermes', '--tool-choice', 'required', '--lazy'],
      'toolwire: --lazy applies to --tool-choice auto only\n',
    ],
    [
      ['--tools', tools, '--schema', tools, '--format', 'hermes'],
      'toolwire: grammar takes --schema FILE or --tools FILE, not both\n',
    ],
    [
      ['--tools', file('bad.json', '{"a": 1}'), '--format', 'hermes'],
      `toolwire: --tools ${join(directory, 'bad.json')}: expected a JSON array of tools (or { "tools": [...] })\n`,
    ],
    [
      ['--tools', file('noname.json', '[{"parameters": {}}]'), '--format', 'hermes'],
      'toolwire: tools[0]: missing string "name"\n',
    ],
    [
      ['--tools', tools, '--format', 'content_only', '--tool-choice', 'required'],
      'toolwire: this format writes no tool calls: use toolChoice "auto" or "none"\n',
    ],
  ])('bad input %j: one line, exit 2', async (args, stderr) => {
    expect(await runCli(['grammar', ...args])).toEqual({ code: 2, stdout: '', stderr });
  });

  it('names the known formats for an unknown one', async () => {
    const result = await runCli(['grammar', '--tools', tools, '--format', 'nope']);
    expect([result.code, result.stdout, result.stderr.split(';')[0]]).toEqual([
      2,
      '',
      'toolwire: unknown format "nope"',
    ]);
  });
});
