import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../../../src/errors/index.js';
import { parseToolCalls } from '../../../src/formats/index.js';
import { fromParseResult } from '../../../src/providers/canonical/index.js';
import { repairHistory } from '../../../src/providers/repair/index.js';
import type { Message } from '../../../src/types/message.js';
import type { ParseResult } from '../../../src/types/tool-call.js';

const base: ParseResult = {
  format: 'hermes',
  content: '',
  reasoning: '',
  toolCalls: [],
  invalidToolCalls: [],
};

describe('fromParseResult', () => {
  it('orders reasoning, text, calls, invalid calls', () => {
    const result: ParseResult = {
      ...base,
      reasoning: 'Need both.',
      content: 'Checking.',
      toolCalls: [
        { id: 'call_0', name: 'get_weather', arguments: { city: 'Oslo' }, raw: '{"name": "get_weather"}' },
        { id: 'call_1', name: 'get_time', arguments: {}, flags: [{ path: '/x', kind: 'string_to_number' }] },
      ],
      invalidToolCalls: [
        {
          id: 'call_2',
          name: 'get_weather',
          raw: '{"name": "get_weather", "arguments": {"city": ',
          error: 'incomplete tool call',
          issues: [{ code: 'incomplete_tool_call', message: 'cut off' }],
        },
        { raw: '<tool_call>{}', error: 'no name', issues: [] },
      ],
    };
    expect(fromParseResult(result)).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Need both.' },
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', toolCallId: 'call_0', toolName: 'get_weather', input: { city: 'Oslo' } },
        { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_time', input: {} },
        {
          type: 'tool-call-invalid',
          toolCallId: 'call_2',
          toolName: 'get_weather',
          raw: '{"name": "get_weather", "arguments": {"city": ',
          error: 'incomplete tool call',
          issues: [{ code: 'incomplete_tool_call', message: 'cut off' }],
        },
        { type: 'tool-call-invalid', raw: '<tool_call>{}', error: 'no name', issues: [] },
      ],
    });
  });

  // These threw a TypeError ("result.toolCalls is not iterable"), or took an unknown blankText as 'keep'.
  it.each<[string, unknown, unknown]>([
    ['null', null, undefined],
    ['an object without the lists', { content: '', reasoning: '' }, undefined],
    ['toolCalls null', { ...base, toolCalls: null }, undefined],
    ['content a number', { ...base, content: 5 }, undefined],
    ["blankText 'drop'", base, { blankText: 'drop' }],
  ])('throws invalid_argument for %s', (_name, result, options) => {
    let thrown: unknown;
    try {
      fromParseResult(result as ParseResult, options as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolwireError);
    expect((thrown as ToolwireError).code).toBe('invalid_argument');
  });

  it('leaves out empty reasoning and text; keeps blank text unless asked', () => {
    expect(fromParseResult({ ...base, content: '\n' })).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: '\n' }],
    });
    expect(fromParseResult({ ...base, content: '\n', reasoning: ' ' }, { blankText: 'omit' })).toEqual({
      role: 'assistant',
      content: [],
    });
    expect(fromParseResult(base)).toEqual({ role: 'assistant', content: [] });
  });

  it('turns a parsed turn into a message repairHistory answers (calls paired, invalid call replayed)', () => {
    const tools = [
      {
        name: 'get_weather',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ];
    const raw0 = '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';
    const raw1 = '<tool_call>{"name": "get_weather", "arguments": {"town": "Rome"}}</tool_call>';
    const message = fromParseResult(
      parseToolCalls(`Let me check.${raw0}${raw1}`, { format: 'hermes', tools }),
    );
    const error = 'missing required property "city"';
    expect(message).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool-call', toolCallId: 'call_0', toolName: 'get_weather', input: { city: 'Oslo' } },
        {
          type: 'tool-call-invalid',
          toolCallId: 'call_1',
          toolName: 'get_weather',
          raw: raw1,
          error,
          issues: [
            {
              path: '/city',
              code: 'missing_property',
              expected: 'a value',
              received: 'nothing',
              message: error,
            },
          ],
        },
      ],
    });
    const history: Message[] = [{ role: 'user', content: 'Weather in Oslo?' }, message];
    expect(repairHistory(history, { target: 'openai-responses' }).messages).toEqual([
      history[0],
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me check.' },
          { type: 'tool-call', toolCallId: 'call_0', toolName: 'get_weather', input: { city: 'Oslo' } },
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_0',
            toolName: 'get_weather',
            output: {
              type: 'error-text',
              value: 'No result was recorded for this call: it was interrupted or never executed.',
            },
          },
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'get_weather',
            output: {
              type: 'error-text',
              value: `The call was not executed: its arguments could not be read (${error}).`,
            },
          },
        ],
      },
    ]);
  });
});
