import { describe, expect, it } from 'vitest';
import { getProvider } from '../../src/providers/index.js';
import type { Message } from '../../src/types/index.js';

// A tool result block the target cannot carry is serialized or replaced by a placeholder, with a
// warning: never dropped to an empty result (it was: `"content": []` for an Anthropic search_result).
const searchResult = {
  type: 'search_result',
  source: 'https://example.com/a',
  title: 'A',
  content: [{ type: 'text', text: 'found it' }],
};

function anthropicBody(content: unknown, isError = false) {
  return {
    model: 'claude',
    max_tokens: 100,
    messages: [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content, ...(isError ? { is_error: true } : {}) },
        ],
      },
    ],
  };
}

const toolMessage = (messages: readonly Message[]) => messages.find((message) => message.role === 'tool');

describe('tool result blocks a side cannot carry', () => {
  it('an Anthropic search_result block is kept as its JSON text, and reaches OpenAI Chat', () => {
    const read = getProvider('anthropic').fromRequest(
      anthropicBody([{ type: 'text', text: 'two hits' }, searchResult]),
    );
    expect(read.warnings).toEqual([
      {
        type: 'compatibility',
        feature: 'tool_result block of type "search_result"',
        details: 'carried as its JSON text',
      },
    ]);
    const tool = toolMessage(read.value.messages);
    expect(tool?.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 't1',
        toolName: 'f',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'two hits' },
            { type: 'text', text: JSON.stringify(searchResult) },
          ],
        },
      },
    ]);
    const chat = getProvider('openai-chat').toRequest(read.value).value as {
      messages: Array<Record<string, unknown>>;
    };
    expect(chat.messages.find((message) => message.role === 'tool')?.content).toEqual([
      { type: 'text', text: 'two hits' },
      { type: 'text', text: JSON.stringify(searchResult) },
    ]);
  });

  it('an Anthropic error result with an image keeps a placeholder for it', () => {
    const read = getProvider('anthropic').fromRequest(
      anthropicBody(
        [
          { type: 'text', text: 'failed' },
          { type: 'image', source: { type: 'url', url: 'https://example.com/shot.png' } },
        ],
        true,
      ),
    );
    expect(read.warnings).toEqual([
      {
        type: 'other',
        message: 'an error tool_result holds text only: its media blocks are placeholder texts',
      },
    ]);
    const tool = toolMessage(read.value.messages);
    expect(tool?.content[0]).toMatchObject({
      output: { type: 'error-text', value: 'failed\n[image: https://example.com/shot.png]' },
    });
  });

  it('media in a canonical content result becomes placeholder text for OpenAI Chat, with a warning', () => {
    const converted = getProvider('openai-chat').toRequest({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: {} }] },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'f',
              output: {
                type: 'content',
                value: [
                  { type: 'image-data', data: 'aGVsbG8=', mediaType: 'image/png' },
                  { type: 'file-url', url: 'https://example.com/r.pdf' },
                ],
              },
            },
          ],
        },
      ],
    });
    const messages = (converted.value as { messages: Array<Record<string, unknown>> }).messages;
    expect(messages.find((message) => message.role === 'tool')?.content).toEqual([
      { type: 'text', text: '[image image/png, 8 base64 characters]' },
      { type: 'text', text: '[file: https://example.com/r.pdf]' },
    ]);
    expect(converted.warnings.slice(1)).toEqual([
      {
        type: 'unsupported',
        feature: 'tool result image-data content',
        details:
          'result c1: OpenAI Chat tool results hold text only; the item was replaced by a placeholder text',
      },
      {
        type: 'unsupported',
        feature: 'tool result file-url content',
        details:
          'result c1: OpenAI Chat tool results hold text only; the item was replaced by a placeholder text',
      },
    ]);
  });

  it('a Bedrock toolResult block of an unknown kind is kept as its JSON text', () => {
    const block = { citations: { ref: 1 } };
    const read = getProvider('bedrock').fromRequest({
      messages: [
        { role: 'user', content: [{ text: 'hi' }] },
        { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'f', input: {} } }] },
        {
          role: 'user',
          content: [{ toolResult: { toolUseId: 't1', content: [{ text: 'a' }, block] } }],
        },
      ],
    });
    const tool = toolMessage(read.value.messages);
    expect(tool?.content[0]).toMatchObject({
      output: {
        type: 'content',
        value: [
          { type: 'text', text: 'a' },
          { type: 'text', text: '{"citations":{"ref":1}}' },
        ],
      },
    });
    expect(read.warnings).toEqual([
      {
        type: 'compatibility',
        feature: 'toolResult block ["citations"]',
        details: 'carried as its JSON text',
      },
    ]);
  });
});

describe("Gemini's thought signatures through OpenAI Chat", () => {
  it('extra_content.google.thought_signature on a call reaches Gemini as thoughtSignature, and comes back', () => {
    const body = {
      model: 'gemini-3-pro',
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'c1',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
              extra_content: { google: { thought_signature: 'sig-A' } },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
      ],
    };
    const read = getProvider('openai-chat').fromRequest(body);
    const gemini = getProvider('gemini').toRequest(read.value).value as {
      contents: Array<{ role: string; parts: Array<Record<string, unknown>> }>;
    };
    expect(gemini.contents[1]).toEqual({
      role: 'model',
      parts: [
        {
          functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Paris' } },
          thoughtSignature: 'sig-A',
        },
      ],
    });
    const back = getProvider('openai-chat').toRequest(getProvider('gemini').fromRequest(gemini).value)
      .value as {
      messages: Array<Record<string, unknown>>;
    };
    expect(back.messages[1]?.tool_calls).toEqual(body.messages[1]?.tool_calls);
  });
});
