import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as chat from '../../src/providers/openai-chat/index.js';
import * as responses from '../../src/providers/openai-responses/index.js';

// The OpenAI examples of docs/providers.md must really run and give the commented values: each block is run
// with its `toolwire/providers` import bound to the source modules.
const page = readFileSync(new URL('../../docs/providers.md', import.meta.url), 'utf8');
const section = page.slice(page.indexOf('## OpenAI Chat and Responses'));
const blocks = [...section.matchAll(/```js run\n([\s\S]*?)```/g)].slice(0, 2).map((match) => match[1] ?? '');

function run(code: string, names: string[]): Record<string, unknown> {
  const body = code.replace(/^import .*$/m, '');
  const providers = { ...chat, ...responses };
  const scope = Object.keys(providers);
  const fn = new Function(...scope, `${body}\nreturn { ${names.join(', ')} };`);
  return fn(...scope.map((key) => providers[key as keyof typeof providers]));
}

describe('docs/providers.md: OpenAI examples', () => {
  it('the Chat example gives the commented values', () => {
    const { chat: converted, strict } = run(blocks[0] ?? '', ['chat', 'strict']) as {
      chat: { value: { messages: unknown[] }; warnings: Array<{ feature: string }> };
      strict: {
        value: { tools: Array<{ function: { parameters: { properties: Record<string, unknown> } } }> };
      };
    };
    expect(converted.value.messages[1]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      ],
    });
    expect(converted.value.messages[2]).toEqual({ role: 'tool', tool_call_id: 'call_1', content: 'timeout' });
    expect(converted.warnings[0]?.feature).toBe('error-text tool result');
    expect(strict.value.tools[0]?.function.parameters.properties.days).toEqual({
      anyOf: [{ type: 'integer' }, { type: 'null' }],
    });
  });

  it('the Responses example gives the commented values', () => {
    const { response, events } = run(blocks[1] ?? '', ['response', 'events']) as {
      response: { value: { finishReason: unknown; message: { content: Array<Record<string, unknown>> } } };
      events: Array<{ type: string }>;
    };
    expect(response.value.finishReason).toEqual({ unified: 'tool-calls', raw: 'completed' });
    expect(response.value.message.content[0]?.providerOptions).toEqual({
      openai: { itemId: 'rs_1', reasoningEncryptedContent: 'gAAA…' },
    });
    expect(response.value.message.content[1]?.input).toEqual({ city: 'Paris' });
    expect(events).toEqual([
      { type: 'tool-input-start', id: 'call_2', toolName: 'get_time' },
      { type: 'tool-input-delta', id: 'call_2', delta: '{"tz":"CET"}' },
      { type: 'tool-input-end', id: 'call_2' },
      { type: 'tool-call', id: 'call_2', toolName: 'get_time', input: { tz: 'CET' }, raw: '{"tz":"CET"}' },
    ]);
  });
});
