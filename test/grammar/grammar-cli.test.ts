import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

const directory = mkdtempSync(join(tmpdir(), 'toolwire-grammar-cli-'));
const file = (name: string, text: string): string => {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
};

const schema = file(
  'schema.json',
  JSON.stringify({
    type: 'object',
    properties: { n: { type: 'integer', minimum: 1, maximum: 12 } },
    required: ['n'],
    additionalProperties: false,
  }),
);

describe('toolwire grammar', () => {
  it('prints the GBNF of one value of the schema', async () => {
    const result = await runCli(['grammar', '--schema', schema, '--whitespace', 'compact']);
    expect(result).toEqual({
      code: 0,
      stdout: 'root ::= "{\\"n\\":" schema-n "}"\nschema-n ::= [1-9] | "1" [0-2]\n',
      stderr: '',
    });
  });

  it('prints EBNF with flexible whitespace', async () => {
    const result = await runCli(['grammar', '--schema', schema, '--dialect', 'ebnf']);
    expect(result).toEqual({
      code: 0,
      stdout: [
        'root ::= "{" ws "\\"n\\"" ws ":" ws schema-n ws "}" ws',
        'ws ::= " "? | "\\n"{1,2} [\\t ]{0,20}',
        'schema-n ::= [1-9] | "1" [0-2]',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('writes warnings to stderr, and with --strict fails with exit 1 and one line', async () => {
    const unique = file(
      'unique.json',
      JSON.stringify({ type: 'array', uniqueItems: true, items: { type: 'boolean' } }),
    );
    const loose = await runCli(['grammar', '--schema', unique, '--whitespace', 'compact']);
    expect(loose).toEqual({
      code: 0,
      stdout: 'root ::= "[" (schema-item ("," schema-item)*)? "]"\nschema-item ::= "true" | "false"\n',
      stderr: 'toolwire: warning: uniqueItems: /: uniqueItems not enforced\n',
    });
    const strict = await runCli(['grammar', '--schema', unique, '--strict']);
    expect(strict).toEqual({
      code: 1,
      stdout: '',
      stderr: 'toolwire: schema grammar cannot express: uniqueItems (/: uniqueItems not enforced)\n',
    });
  });

  it.each([
    [['grammar'], 'toolwire: grammar needs --schema FILE\n'],
    [
      ['grammar', '--schema', schema, '--dialect', 'lark'],
      'toolwire: --dialect must be gbnf or ebnf, got lark\n',
    ],
    [
      ['grammar', '--schema', schema, '--whitespace', 'any'],
      'toolwire: --whitespace must be flexible or compact, got any\n',
    ],
    [
      ['grammar', '--schema', file('bad.json', '{"type":')],
      `toolwire: --schema ${directory}/bad.json: not valid JSON (Unexpected end of JSON input)\n`,
    ],
    [
      ['grammar', '--schema', file('list.json', '[1]')],
      `toolwire: --schema ${directory}/list.json: a JSON Schema is an object or a boolean\n`,
    ],
    [
      ['grammar', '--schema', join(directory, 'missing.json')],
      `toolwire: cannot read ${directory}/missing.json: ENOENT\n`,
    ],
  ])('bad input %j: one line, exit 2', async (argv, stderr) => {
    expect(await runCli(argv)).toEqual({ code: 2, stdout: '', stderr });
  });
});
