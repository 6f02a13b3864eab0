import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonlOutputLine, parseJsonlLine } from '../../src/cli/jsonl-line.js';
import { JsonlRecordReader } from '../../src/cli/jsonl-record-reader.js';
import { toParseResultJson } from '../../src/cli/parse-result-json.js';
import { parseResultText } from '../../src/cli/parse-result-text.js';
import { parseToolCalls } from '../../src/formats/parse-tool-calls.js';
import type { ParseResult } from '../../src/types/tool-call.js';

/** The object path parseResultText stands for: the line's id, then toParseResultJson, stringified. */
const objectPath = (id: unknown, result: ParseResult) =>
  JSON.stringify({ ...(id === undefined ? {} : { id }), ...toParseResultJson(result) });

const base = { format: 'hermes', content: '', reasoning: '', toolCalls: [], invalidToolCalls: [] };
const withArguments = (args: unknown): ParseResult =>
  ({ ...base, toolCalls: [{ id: 'call_0', name: 'f', arguments: args }] }) as unknown as ParseResult;
const empty = '"format":"hermes","content":"","reasoning":"","tool_calls":[],"invalid_tool_calls":[]';
const oneCall = (args: string) =>
  `{"format":"hermes","content":"","reasoning":"","tool_calls":[{"id":"call_0","name":"f","arguments":${args}}],"invalid_tool_calls":[]}`;

const protoArguments = JSON.parse('{"__proto__": {"x": 1}, "a": 2}') as unknown;

/** [what, line id, result, the exact output bytes]. */
const cases: Array<[string, unknown, ParseResult, string]> = [
  ['no id, nothing found', undefined, base, `{${empty}}`],
  ['a number id', 7, base, `{"id":7,${empty}}`],
  ['a string id with non-ASCII', 'zürich-🌍', base, `{"id":"zürich-🌍",${empty}}`],
  ['a null id', null, base, `{"id":null,${empty}}`],
  ['a -0 id', -0, base, `{"id":0,${empty}}`],
  ['an object id', { run: [1, 'a'], z: { y: null } }, base, `{"id":{"run":[1,"a"],"z":{"y":null}},${empty}}`],
  [
    'content with non-ASCII, control characters, U+2028, quotes and backslashes',
    undefined,
    { ...base, content: 'Grüße 🌍 \u0000\u001f\u007f\u2028 "q" \\ \n\t', reasoning: 'ž' },
    '{"format":"hermes","content":"Grüße 🌍 \\u0000\\u001f\u007f\u2028 \\"q\\" \\\\ \\n\\t","reasoning":"ž","tool_calls":[],"invalid_tool_calls":[]}',
  ],
  [
    'lone surrogates, high and low',
    undefined,
    { ...base, content: 'a\ud800b\udc00c\ud83c' },
    '{"format":"hermes","content":"a\\ud800b\\udc00c\\ud83c","reasoning":"","tool_calls":[],"invalid_tool_calls":[]}',
  ],
  [
    'nested arguments: big and small numbers, -0, unicode keys, lists',
    undefined,
    withArguments({
      big: Number('12345678901234567890'),
      power: 2 ** 70,
      huge: 1e21,
      tiny: 5e-7,
      negativeZero: -0,
      'ключ\u00e9': [1, [2, { deep: 'ü\ud800' }], true, false, null],
      empty: {},
    }),
    oneCall(
      '{"big":12345678901234567000,"power":1.1805916207174113e+21,"huge":1e+21,"tiny":5e-7,"negativeZero":0,"ключé":[1,[2,{"deep":"ü\\ud800"}],true,false,null],"empty":{}}',
    ),
  ],
  [
    'values JSON leaves out or turns to null inside arguments',
    undefined,
    withArguments({ gone: undefined, list: [undefined, Number.NaN, Number.POSITIVE_INFINITY], f: () => 1 }),
    oneCall('{"list":[null,null,null]}'),
  ],
  [
    'an own __proto__ key in the arguments',
    undefined,
    withArguments(protoArguments),
    oneCall('{"__proto__":{"x":1},"a":2}'),
  ],
  [
    'a call with issues, flags and repairs; an empty issues list is kept',
    'x',
    {
      ...base,
      toolCalls: [
        {
          id: 'call_0',
          name: 'f',
          arguments: { n: 5 },
          issues: [{ code: 'type_mismatch', message: 'expected string', path: '/s', expected: 'string' }],
          flags: [{ path: '/n', kind: 'string_to_number' }],
          repairs: [{ kind: 'trailing_comma', position: 12 }],
        },
        { id: 'call_1', name: 'g', arguments: {}, issues: [] },
      ],
    },
    '{"id":"x","format":"hermes","content":"","reasoning":"","tool_calls":[{"id":"call_0","name":"f","arguments":{"n":5},"issues":[{"code":"type_mismatch","message":"expected string","path":"/s","expected":"string"}],"flags":[{"path":"/n","kind":"string_to_number"}],"repairs":[{"kind":"trailing_comma","position":12}]},{"id":"call_1","name":"g","arguments":{},"issues":[]}],"invalid_tool_calls":[]}',
  ],
  [
    'invalid calls with and without id and name, with repairs',
    undefined,
    {
      ...base,
      invalidToolCalls: [
        { raw: '<tool_call>{', error: 'cut off', issues: [{ code: 'incomplete_tool_call', message: 'm' }] },
        {
          id: 'c1',
          name: 'ƒ',
          raw: 'r',
          error: 'e',
          issues: [],
          repairs: [{ kind: 'missing_end_marker', message: 'no </tool_call>' }],
        },
      ],
    },
    '{"format":"hermes","content":"","reasoning":"","tool_calls":[],"invalid_tool_calls":[{"raw":"<tool_call>{","error":"cut off","issues":[{"code":"incomplete_tool_call","message":"m"}]},{"id":"c1","name":"ƒ","raw":"r","error":"e","issues":[],"repairs":[{"kind":"missing_end_marker","message":"no </tool_call>"}]}]}',
  ],
  ['an empty warnings list is left out', undefined, { ...base, warnings: [] }, `{${empty}}`],
  [
    'warnings',
    undefined,
    { ...base, warnings: [{ type: 'other', message: 'unknown model "m"' }] },
    `{${empty},"warnings":[{"type":"other","message":"unknown model \\"m\\""}]}`,
  ],
];

describe('parseResultText writes the bytes of JSON.stringify of the output object', () => {
  it.each(cases)('%s', (_, id, result, bytes) => {
    expect(objectPath(id, result)).toBe(bytes);
    expect(parseResultText(id, result)).toBe(bytes);
  });

  const odd = (call: Record<string, unknown>) =>
    ({ ...base, toolCalls: [{ id: 'call_0', name: 'f', arguments: {}, ...call }] }) as unknown as ParseResult;
  it.each([
    [
      'arguments with a toJSON method (called with the member key)',
      undefined,
      withArguments({ toJSON: (key: string) => key }),
    ],
    ['arguments left out by JSON (undefined)', undefined, withArguments(undefined)],
    ['an id with a toJSON method', { toJSON: (key: string) => key }, base],
    ['issues that are not an array (toParseResultJson spreads them)', undefined, odd({ issues: 'ab' })],
    [
      'flags that are an array with its own toJSON',
      undefined,
      odd({ flags: Object.assign([1], { toJSON: () => 'x' }) }),
    ],
    ['a name that is not a string', undefined, odd({ name: 5 })],
    ['warnings that are not an array', undefined, { ...base, warnings: 'w' } as unknown as ParseResult],
  ])('leaves to the object path: %s', (_, id, result) => {
    expect(parseResultText(id, result)).toBeUndefined();
  });

  it('throws where JSON.stringify throws (a BigInt); the caller then takes the object path', () => {
    expect(() => parseResultText(undefined, withArguments({ n: 10n }))).toThrow(TypeError);
    expect(() => objectPath(undefined, withArguments({ n: 10n }))).toThrow(TypeError);
  });

  it('writes what the object path writes for every example output, with and without tools', () => {
    const examples = new URL('../../examples/', import.meta.url);
    const tools = JSON.parse(readFileSync(new URL('tools.json', examples), 'utf8')) as unknown[];
    const names = readdirSync(examples).filter((name) => name.endsWith('.txt'));
    expect(names.length).toBeGreaterThan(40);
    for (const name of names) {
      const input = readFileSync(new URL(name, examples), 'utf8');
      for (const options of [{}, { tools }, { tools, strictFormat: true }]) {
        const result = parseToolCalls(input, { format: name.slice(0, -'.txt'.length), ...options } as never);
        expect(parseResultText(name, result)).toBe(objectPath(name, result));
      }
    }
  });
});

describe('jsonlOutputLine writes what JSON.stringify(parseJsonlLine(...)) writes', () => {
  const tools = [{ name: 'f', parameters: { type: 'object', properties: { n: { type: 'integer' } } } }];
  const lines = [
    JSON.stringify({
      id: 1,
      format: 'hermes',
      input: '<tool_call>{"name": "f", "arguments": {"n": "5"}}</tool_call>',
      tools,
    }),
    JSON.stringify({
      id: 2,
      format: 'hermes',
      input: '<tool_call>{"name": "f", "arguments": {"n": 5}}</tool_call>',
    }),
    JSON.stringify({ id: 3, input: 'plain', model: 'Qwen/Qwen3-8B', tools }),
    JSON.stringify({ id: 4, input: 'plain', model: 'no-such-model' }),
    JSON.stringify({ id: 5, input: 'plain' }),
    JSON.stringify({
      id: { a: -0 },
      format: 'mistral',
      input: '[TOOL_CALLS]f[ARGS]{"n": 12345678901234567890}',
      tools,
    }),
    JSON.stringify({
      id: 7,
      format: 'hermes',
      input: '<tool_call>{"name": "f", "arguments": {"n": 1,}}</tool_call>',
    }),
    JSON.stringify({
      format: 'hermes',
      input: 'Grüße \ud800 <tool_call>{"name": "g", "arguments": {}}</tool_call>',
      tools,
    }),
    JSON.stringify({ id: 9, input: 5 }),
    JSON.stringify({ id: 10, input: 'x', format: 'no-such-format' }),
    JSON.stringify({ id: 11, input: 'x', model: 3 }),
  ];

  it.each(lines.map((line, index) => [index + 1, line]))('line %i', (lineNumber, line) => {
    // Fresh defaults per line (no options cache) against shared ones after every other line.
    const expected = JSON.stringify(parseJsonlLine(line as string, lineNumber as number, { format: 'auto' }));
    const shared = { format: 'auto' };
    const reader = new JsonlRecordReader();
    for (const other of lines) jsonlOutputLine(other, 1, shared, reader);
    expect(jsonlOutputLine(line as string, lineNumber as number, shared, reader)).toBe(expected);
    expect(jsonlOutputLine(line as string, lineNumber as number, { format: 'auto' })).toBe(expected);
  });

  it('keeps the line of a model for the same format apart from the lines without one', () => {
    const defaults = { format: 'auto' };
    const reader = new JsonlRecordReader();
    const answers = [lines[4], lines[2], lines[4]].map((line) =>
      jsonlOutputLine(line as string, 1, defaults, reader),
    );
    expect(answers[0]).toBe(answers[2]);
    expect(JSON.parse(answers[0] as string).format).not.toBe(JSON.parse(answers[1] as string).format);
    expect(answers[1]).toBe(JSON.stringify(parseJsonlLine(lines[2] as string, 1, { format: 'auto' })));
  });
});
