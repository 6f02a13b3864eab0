import { describe, expect, it } from 'vitest';
import { convertTemperature, getWeather, main } from '../../examples/agent.js';
import { createToolCallStream } from '../../src/stream/create-tool-call-stream.js';
import type { AgentEvent } from '../../src/tools/index.js';
import type { AssistantMessage, ToolResultPart } from '../../src/types/message.js';

describe('examples/agent.ts', () => {
  it('runs a complete loop against the scripted Hermes model', async () => {
    const lines: string[] = [];
    const { run, events } = await main((line: string) => lines.push(line));
    const tools = [getWeather, convertTemperature].map(({ name, description, parameters }) => ({
      name,
      description,
      parameters,
    }));
    const stream = createToolCallStream({ format: 'hermes', tools });
    const streamed = [
      'Let me look.<tool_',
      'call>\n{"name": "get_weather", "argu',
      'ments": {"city": "Oslo"}}\n</tool_call>',
    ].flatMap((chunk) => stream.push(chunk));
    streamed.push(...stream.finish());
    const messages: AssistantMessage[] = [
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me look.' },
          // what the model said: the zod default fills unit for the handler (dispatch), not in the history
          {
            type: 'tool-call',
            toolCallId: 'call_0',
            toolName: 'get_weather',
            input: { city: 'Oslo' },
          },
        ],
      },
      {
        role: 'assistant',
        // "4" → 4 and "Fahrenheit" → "fahrenheit", aligned while parsing
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_0',
            toolName: 'convert_temperature',
            input: { value: 4, to: 'fahrenheit' },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'It is 4 °C (39.2 °F) in Oslo.' }] },
    ];
    const results: ToolResultPart[] = [
      {
        type: 'tool-result',
        toolCallId: 'call_0',
        toolName: 'get_weather',
        output: { type: 'json', value: { city: 'Oslo', unit: 'celsius', temperature: 4 } },
      },
      {
        type: 'tool-result',
        toolCallId: 'call_0',
        toolName: 'convert_temperature',
        output: { type: 'json', value: 39.2 },
      },
    ];
    const call = (message: AssistantMessage) =>
      (message.content as AssistantMessage['content'] & unknown[]).at(-1);
    const expected: AgentEvent[] = [
      { type: 'step-start', step: 1 },
      ...streamed.map((event): AgentEvent => ({ type: 'parse-event', step: 1, event })),
      { type: 'assistant-message', step: 1, message: messages[0] as AssistantMessage },
      { type: 'tool-call', step: 1, call: call(messages[0] as AssistantMessage) as never },
      { type: 'tool-result', step: 1, result: results[0] as ToolResultPart, isError: false },
      { type: 'step-end', step: 1, reason: 'tool-calls' },
      { type: 'step-start', step: 2 },
      { type: 'assistant-message', step: 2, message: messages[1] as AssistantMessage },
      { type: 'tool-call', step: 2, call: call(messages[1] as AssistantMessage) as never },
      { type: 'tool-result', step: 2, result: results[1] as ToolResultPart, isError: false },
      { type: 'step-end', step: 2, reason: 'tool-calls' },
      { type: 'step-start', step: 3 },
      { type: 'assistant-message', step: 3, message: messages[2] as AssistantMessage },
      { type: 'step-end', step: 3, reason: 'stop' },
      { type: 'finish', step: 3, finishReason: 'stop', usage: {} },
    ];
    expect(events).toEqual(expected);
    expect(run.finishReason).toBe('stop');
    expect(run.messages).toEqual([
      { role: 'user', content: 'How warm is it in Oslo, in Fahrenheit?' },
      messages[0],
      { role: 'tool', content: [results[0]] },
      messages[1],
      { role: 'tool', content: [results[1]] },
      messages[2],
    ]);
    expect(lines.length).toBe(expected.filter((event) => event.type !== 'parse-event').length);
    expect(lines[0]).toBe('1 step-start {}');
    expect(lines.at(-1)).toBe('3 finish "stop"');
  });
});
