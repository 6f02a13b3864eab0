import { describe, expect, it } from 'vitest';
import { parseToolCalls } from '../../src/index.js';
import { createToolCallStream } from '../../src/stream/index.js';

// Formats that write each argument as raw text type it by the schema; every coercion is flagged,
// whether the format types values as they arrive (XML parameters) or at the call's end (GLM).
const tools = [
  {
    name: 'lookup',
    parameters: {
      type: 'object',
      properties: {
        n: { type: 'integer' },
        e: { enum: ['Alpha', 'Beta'] },
        o: { type: 'object', properties: { k: { type: 'string' } } },
      },
      required: ['n'],
    },
  },
];
const expected = {
  arguments: { n: 3, e: 'Alpha', o: { k: '5' } },
  flags: [
    { path: '/n', kind: 'string_to_number' },
    { path: '/n', kind: 'float_to_integer' },
    { path: '/e', kind: 'enum_case_insensitive' },
    { path: '/o/k', kind: 'number_to_string' },
  ],
};
const outputs: Record<string, string> = {
  qwen3_coder:
    '<tool_call>\n<function=lookup>\n<parameter=n>\n2.5\n</parameter>\n<parameter=e>\nalpha\n</parameter>\n' +
    '<parameter=o>\n{"k": 5}\n</parameter>\n</function>\n</tool_call>',
  seed_oss:
    '<seed:tool_call>\n<function=lookup>\n<parameter=n>2.5</parameter>\n<parameter=e>alpha</parameter>\n' +
    '<parameter=o>{"k": 5}</parameter>\n</function>\n</seed:tool_call>',
  minimax_m2:
    '<minimax:tool_call>\n<invoke name="lookup">\n<parameter name="n">2.5</parameter>\n<parameter name="e">alpha</parameter>\n' +
    '<parameter name="o">{"k": 5}</parameter>\n</invoke>\n</minimax:tool_call>',
  glm47:
    '<tool_call>lookup<arg_key>n</arg_key><arg_value>2.5</arg_value><arg_key>e</arg_key><arg_value>alpha</arg_value>' +
    '<arg_key>o</arg_key><arg_value>{"k": 5}</arg_value></tool_call>',
};

describe('coercions of raw-text argument values are flagged', () => {
  for (const [format, text] of Object.entries(outputs)) {
    it(`${format}: whole and streamed`, () => {
      const [call] = parseToolCalls(text, { format, tools }).toolCalls;
      expect({ arguments: call?.arguments, flags: call?.flags }).toEqual(expected);
      const stream = createToolCallStream({ format, tools });
      const events = [...[...text].flatMap((piece) => stream.push(piece)), ...stream.finish()];
      const streamed = events.find((event) => event.type === 'tool-call');
      expect(streamed?.type === 'tool-call' ? streamed.flags : undefined).toEqual(expected.flags);
    });
  }
});
