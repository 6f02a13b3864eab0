/**
 * Long XML-parameters values streamed in 4-character chunks, the case where a value is read back from
 * the call's raw text (`ValueText`): the calls, their raw text and the streamed argument text equal
 * those of the whole-text parse, also with a closing tag inside the data, CDATA inside the value, a
 * typed value after a long string, a `\r\n` layout and a call cut off inside the value.
 */
import { describe, expect, it } from 'vitest';
import { parseToolCalls } from '../../../src/formats/parse-tool-calls.js';
import { createToolCallStream } from '../../../src/stream/create-tool-call-stream.js';
import type { ParseEvent } from '../../../src/types/parse-event.js';

const tools = [
  {
    name: 'write_file',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        content: { type: 'string' },
        lines: { type: 'array', items: { type: 'integer' } },
      },
      required: ['path', 'content'],
    },
  },
];

const code = Array.from(
  { length: 600 },
  (_, index) => `  let v${index} = "x ${index}"; // café 中文 😀\t\\`,
).join('\n');
const lines = Array.from({ length: 400 }, (_, index) => index);

function streamed(format: string, text: string) {
  const stream = createToolCallStream({ format, tools });
  const events: ParseEvent[] = [];
  for (let index = 0; index < text.length; index += 4)
    events.push(...stream.push(text.slice(index, index + 4)));
  events.push(...stream.finish());
  return events;
}

function check(format: string, text: string) {
  const whole = parseToolCalls(text, { format, tools });
  const events = streamed(format, text);
  const calls = events.filter((event) => event.type === 'tool-call');
  expect(calls.map(({ input, raw }) => ({ input, raw }))).toEqual(
    whole.toolCalls.map(({ arguments: input, raw }) => ({ input, raw })),
  );
  for (const call of calls) {
    const deltas = events
      .filter((event) => event.type === 'tool-input-delta' && event.id === call.id)
      .map((event) => (event.type === 'tool-input-delta' ? event.delta : ''))
      .join('');
    expect(JSON.parse(deltas)).toEqual(call.input);
  }
  return { whole, events };
}

const qwen = (content: string, tail = '') =>
  `Writing.\n<tool_call>\n<function=write_file>\n<parameter=path>\na.ts\n</parameter>\n<parameter=content>\n${content}\n</parameter>\n${tail}</function>\n</tool_call>`;

describe('xml-parameters: long values streamed in 4-character chunks', () => {
  it('qwen3_coder: a long string value, then a typed one', () => {
    const { whole } = check(
      'qwen3_coder',
      qwen(code, `<parameter=lines>\n${JSON.stringify(lines)}\n</parameter>\n`),
    );
    expect(whole.toolCalls[0]?.arguments).toEqual({ path: 'a.ts', content: code, lines });
  });

  it('qwen3_coder: a closing tag inside the data, past the point where the value is read back', () => {
    const content = `${code}\n</parameter> is data here\n${code}`;
    const { whole } = check('qwen3_coder', qwen(content));
    expect(whole.toolCalls[0]?.arguments).toEqual({ path: 'a.ts', content });
  });

  it('qwen3_coder: CRLF layout around a long value', () => {
    const text = qwen(code)
      .replace('<parameter=content>\n', '<parameter=content>\r\n')
      .replace(`${code}\n</parameter>`, `${code}\r\n</parameter>`);
    const { whole } = check('qwen3_coder', text);
    expect(whole.toolCalls[0]?.arguments).toEqual({ path: 'a.ts', content: code });
  });

  it('qwen3_coder: a call cut off inside a long value is invalid with its whole raw text', () => {
    const text = qwen(code).slice(0, -200);
    const events = streamed('qwen3_coder', text);
    const invalid = events.filter((event) => event.type === 'tool-call-invalid');
    expect(invalid).toHaveLength(1);
    const raw = parseToolCalls(text, { format: 'qwen3_coder', tools }).invalidToolCalls[0]?.raw;
    // The call opened its section: its raw text starts at the section's start.
    expect(raw).toBe(text.slice('Writing.\n'.length));
    expect(invalid[0]).toMatchObject({ raw, issues: [{ code: 'incomplete_tool_call' }] });
  });

  it('minicpm5: CDATA inside a long value, after and before plain text', () => {
    const content = `${code}<![CDATA[</param> <b>${code}</b>]]>${code}`;
    const text = `<function name="write_file"><param name="path">a.ts</param><param name="content">${content}</param></function>`;
    const { whole } = check('minicpm5', text);
    expect(whole.toolCalls[0]?.arguments).toEqual({
      path: 'a.ts',
      content: `${code}</param> <b>${code}</b>${code}`,
    });
  });

  it('minimax_m2: a long value and a closing tag inside the data', () => {
    const content = `${code}</parameter>data${code}`;
    const text = `<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="path">a.ts</parameter>\n<parameter name="content">${content}</parameter>\n</invoke>\n</minimax:tool_call>`;
    const { whole } = check('minimax_m2', text);
    expect(whole.toolCalls[0]?.arguments).toEqual({ path: 'a.ts', content });
  });
});
