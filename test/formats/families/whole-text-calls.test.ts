import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wholeTextCalls, wholeTextPlan } from '../../../src/formats/families/tagged-json/whole-text-calls.js';
import {
  type ParseToolCallsOptions,
  parseToolCallChunks,
  parseToolCalls,
} from '../../../src/formats/index.js';
import { hermesConfig } from '../../../src/formats/models/hermes.js';
import { schemaAlignment } from '../../../src/schema/schema-alignment.js';
import { createToolCallStream } from '../../../src/stream/index.js';
import type { ToolDefinition } from '../../../src/types/tool.js';

// `parseToolCalls` reads the usual Hermes output without running the parser (`wholeTextCalls`);
// `parseToolCallChunks` always runs it. Both must give the same result, field for field and in the
// same key order (the CLI prints results as JSON), for the outputs that reading takes and for those
// it must leave to the parser.

const tools: ToolDefinition[] = [
  {
    name: 'write_file',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        content: { type: 'string' },
        overwrite: { type: 'boolean', default: false },
        count: { type: 'integer' },
        tags: { type: 'array', items: { type: ['string', 'integer'] } },
      },
      required: ['path'],
    },
  },
  { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
];

const call = (body: string): string => `<tool_call>\n${body}\n</tool_call>`;
const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Outputs the whole-text reading takes (`taken: true`) or leaves to the parser. */
const cases: ReadonlyArray<{ readonly name: string; readonly text: string; readonly taken: boolean }> = [
  { name: 'empty', text: '', taken: true },
  { name: 'prose only', text: 'Just words, no call.', taken: true },
  {
    name: 'one call',
    text: `Let me check.\n${call('{"name": "get_weather", "arguments": {"city": "SF"}}')}`,
    taken: true,
  },
  {
    name: 'calls with prose between and after, CRLF and tabs',
    text: `a\r\n${call('{ "name" :\t"get_weather" ,\r\n "arguments" : {"city": "SF"} }')} mid ${call('{"name": "write_file", "parameters": {"path": "x"}}')}\ttail<tool_ca`,
    taken: true,
  },
  {
    name: 'end marker inside a string',
    text: call('{"name": "write_file", "arguments": {"path": "a", "content": "x </tool_call> y"}}'),
    taken: false,
  },
  {
    name: 'start marker inside a string',
    text: call('{"name": "write_file", "arguments": {"path": "a", "content": "x <tool_call> y"}}'),
    taken: true,
  },
  {
    name: 'duplicate argument keys',
    text: call('{"name": "write_file", "arguments": {"path": "a", "path": "b"}}'),
    taken: true,
  },
  {
    name: 'duplicate name members',
    text: call('{"name": "write_file", "name": "get_weather", "arguments": {"path": "a"}}'),
    taken: false,
  },
  {
    name: 'arguments given twice',
    text: call('{"name": "write_file", "arguments": {"path": "a"}, "arguments": {"path": "b"}}'),
    taken: false,
  },
  {
    name: 'unicode escapes in the arguments',
    text: call('{"name": "write_file", "arguments": {"path": "caf\\u00e9", "content": "\\ud83d\\ude00\\n"}}'),
    taken: true,
  },
  {
    name: 'an escape in the name',
    text: call('{"name": "write\\u005ffile", "arguments": {"path": "a"}}'),
    taken: false,
  },
  { name: 'empty name', text: call('{"name": "", "arguments": {}}'), taken: false },
  { name: 'arguments first', text: call('{"arguments": {"path": "a"}, "name": "write_file"}'), taken: false },
  {
    name: 'arguments as a string',
    text: call('{"name": "write_file", "arguments": "{\\"path\\": \\"a\\"}"}'),
    taken: false,
  },
  { name: 'arguments an array', text: call('{"name": "write_file", "arguments": []}'), taken: false },
  { name: 'an id member', text: call('{"name": "write_file", "arguments": {}, "id": "x"}'), taken: false },
  {
    name: 'nesting at the depth limit',
    text: call(`{"name": "write_file", "arguments": {"path": "a", "tags": ${nested(255)}}}`),
    taken: true,
  },
  {
    name: 'nesting past the depth limit',
    text: call(`{"name": "write_file", "arguments": {"path": "a", "tags": ${nested(300)}}}`),
    taken: true,
  },
  {
    name: 'many brackets in strings, shallow',
    text: call(`{"name": "write_file", "arguments": {"path": "a", "content": "${'{['.repeat(300)}"}}`),
    taken: true,
  },
  {
    name: 'prototype keys',
    text: call(
      '{"name": "write_file", "arguments": {"path": "a", "__proto__": {"x": 1}, "constructor": 1, "toString": "s"}}',
    ),
    taken: true,
  },
  { name: 'a tool not offered', text: call('{"name": "delete_all", "arguments": {"x": 1}}'), taken: true },
  {
    name: 'a tool named like a prototype key',
    text: call('{"name": "__proto__", "arguments": {}}'),
    taken: true,
  },
  {
    name: 'coerced and invalid arguments',
    text: `${call('{"name": "write_file", "arguments": {"path": "a", "count": "5"}}')}${call('{"name": "write_file", "arguments": {"count": "x"}}')}${call('{"name": "write_file", "arguments": {"path": 3, "count": 1.5}}')}`,
    taken: true,
  },
  { name: 'no end marker', text: '<tool_call>\n{"name": "get_weather", "arguments": {}}', taken: false },
  {
    name: 'a later call without its end marker',
    text: `${call('{"name": "get_weather", "arguments": {}}')}<tool_call>{"name": "get_weather", "arguments": {}}`,
    taken: false,
  },
  { name: 'a marker mentioned in prose', text: 'Use <tool_call> tags for calls.', taken: false },
  { name: 'malformed JSON', text: call('{"name": "get_weather", "arguments": {"city": }}'), taken: false },
  {
    name: 'reasoning first',
    text: `<think>plan</think>${call('{"name": "get_weather", "arguments": {}}')}`,
    taken: false,
  },
  {
    name: 'a call inside an unclosed reasoning block',
    text: `<think>plan ${call('{"name": "get_weather", "arguments": {}}')}`,
    taken: false,
  },
  {
    name: 'a stray reasoning close tag after a call',
    text: `${call('{"name": "get_weather", "arguments": {}}')}</think> after`,
    taken: false,
  },
];

/** Options whose `reasoning` is a getter of their class: not an own property. */
class ContentReasoningOptions {
  readonly format = 'hermes';
  get reasoning(): 'content' {
    return 'content';
  }
}

/** Option sets: each case runs under each. */
const optionSets: ReadonlyArray<ParseToolCallsOptions> = [
  { format: 'hermes' },
  { format: 'qwen' },
  { format: 'hermes', tools },
  { format: 'hermes', tools, allowUnknownTools: true },
  { format: 'hermes', tools, allowInvalidArguments: true, applyDefaults: true },
  { format: 'hermes', tools, strictFormat: true, finishReason: 'length' },
  { format: 'hermes', tools: [] },
  { format: 'hermes', finishReason: 'stop' },
  { format: 'hermes', reasoning: 'content' },
  { format: 'hermes', reasoning: 'inline' },
  { format: 'hermes', reasoningStartedInPrompt: true },
  { format: 'hermes', content: 'trim' },
  { format: 'hermes', inputEvents: true },
  // Options the parser never sees: it is given a copy of the own enumerable ones.
  new ContentReasoningOptions(),
  Object.assign(Object.create({ reasoning: 'content' }) as ParseToolCallsOptions, { format: 'hermes' }),
  Object.defineProperty({ format: 'hermes' }, 'reasoning', { value: 'content', enumerable: false }),
];

/** The whole-text reading of `text` as `parseToolCalls` runs it for Hermes; `undefined`: left to the parser. */
function readWhole(text: string, options: ParseToolCallsOptions = {}) {
  const plan = wholeTextPlan(hermesConfig);
  if (plan === undefined) throw new Error('hermes has no whole-text plan');
  return wholeTextCalls(text, 'hermes', plan, options, schemaAlignment);
}

/** The parser's result: one push of the whole text, then `finish`. */
const viaParser = (text: string, options: ParseToolCallsOptions) => parseToolCallChunks([text], options);

describe('whole-text Hermes reading', () => {
  for (const { name, text } of cases) {
    it(`gives the parser's result: ${name}`, () => {
      for (const options of optionSets) {
        const whole = parseToolCalls(text, options);
        const parsed = viaParser(text, options);
        expect(whole, JSON.stringify(options)).toStrictEqual(parsed);
        expect(JSON.stringify(whole)).toBe(JSON.stringify(parsed));
      }
    });
  }

  it('takes the usual outputs and leaves the others to the parser', () => {
    const taken = cases.filter(({ text }) => readWhole(text) !== undefined);
    expect(taken.map(({ name }) => name)).toEqual(
      cases.filter((entry) => entry.taken).map(({ name }) => name),
    );
  });

  it('leaves outputs to the parser under options that change content or reasoning', () => {
    const text = call('{"name": "get_weather", "arguments": {}}');
    for (const options of [
      { content: 'trim' },
      { reasoningStartedInPrompt: true },
      { inputEvents: true },
    ] as const)
      expect(readWhole(text, options)).toBeUndefined();
  });

  it('gives what the stream gives', () => {
    for (const { text } of cases) {
      for (const options of [{ format: 'hermes' }, { format: 'hermes', tools }] as const) {
        const stream = createToolCallStream(options);
        const events = [...stream.push(text), ...stream.finish()];
        const calls = events.filter((event) => event.type === 'tool-call');
        const whole = parseToolCalls(text, options);
        expect(calls.map((event) => [event.id, event.toolName, event.input, event.raw])).toEqual(
          whole.toolCalls.map((entry) => [entry.id, entry.name, entry.arguments, entry.raw]),
        );
      }
    }
  });

  it('reads many calls in one output as the parser does', () => {
    const parts = ['Several steps.\n'];
    for (let index = 0; index < 200; index++)
      parts.push(
        `${call(`{"name": "write_file", "arguments": {"path": "notes/${index}.md", "content": "${'x'.repeat(index * 7)}\\n", "tags": ["a", ${index}]}}`)}\n`,
      );
    const text = parts.join('');
    expect(readWhole(text)).toBeDefined();
    for (const options of [{ format: 'hermes' }, { format: 'hermes', tools }] as const)
      expect(JSON.stringify(parseToolCalls(text, options))).toBe(JSON.stringify(viaParser(text, options)));
  });

  it("gives the parser's result on outputs pieced together from usual and unusual parts", () => {
    // Pieces of Hermes outputs: usual calls, prose, whitespace, and what must send an output to the
    // parser (markers in strings or prose, reasoning tags, other body shapes, broken JSON).
    const pieces = [
      'Sure.',
      '\n',
      ' \t\r\n',
      '<tool_call>',
      '</tool_call>',
      '<think>',
      '</think>',
      '{',
      '}',
      '"',
      call('{"name": "get_weather", "arguments": {"city": "SF"}}'),
      call('{"name": "write_file", "arguments": {"path": "a", "count": "7", "tags": [1, "x"]}}'),
      call('{"name": "write_file", "arguments": {"content": "</tool_call> <think> \\" \\u00e9"}}'),
      call('{"name": "nope", "arguments": {"__proto__": {"a": 1}}}'),
      call('{"name": "write_file", "arguments": {"path": "a"}, "id": "call_1"}'),
      call('{"name":"get_weather","arguments":{}}'),
      '<tool_call>{"name": "get_weather", "arguments": {"city": "SF"}',
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": ',
    ];
    const outputs = fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((parts) => parts.join(''));
    const options = fc.constantFrom(...optionSets);
    fc.assert(
      fc.property(outputs, options, (text, given) => {
        const whole = parseToolCalls(text, given);
        const parsed = viaParser(text, given);
        expect(whole).toStrictEqual(parsed);
        expect(JSON.stringify(whole)).toBe(JSON.stringify(parsed));
      }),
      { numRuns: 2000, seed: 20261206 },
    );
  });
});
