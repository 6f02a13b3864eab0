import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { anthropic } from '../../../src/providers/anthropic/index.js';
import type { CanonicalRequest } from '../../../src/providers/provider-converter.js';

/**
 * Type tests (checked by `tsc`: a misspelt or misplaced field fails the build): what the converter
 * writes is assignable to the official SDK's types, and SDK-typed values are what the readers read.
 */

const request: CanonicalRequest = {
  model: 'claude-sonnet-4-5',
  maxOutputTokens: 1024,
  messages: [
    { role: 'system', content: 'Be brief.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Weather?' },
        { type: 'image', image: 'iVBORw0KGgo=', mediaType: 'image/png' },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'think', providerOptions: { anthropic: { signature: 'sig' } } },
        { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'get_weather', input: { city: 'Paris' } },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'toolu_1',
          toolName: 'get_weather',
          output: { type: 'error-text', value: 'down' },
        },
      ],
    },
  ],
  tools: [
    {
      name: 'get_weather',
      description: 'Weather',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    },
  ],
  toolChoice: { type: 'required' },
  parallelToolCalls: false,
};

/**
 * The SDK's `Message` demands fields a canonical response cannot know: `container`, `diagnostics`,
 * `stop_details`, `citations` on text blocks, `caller` on tool_use blocks and the usage breakdown
 * (`cache_creation`, `cache_*_input_tokens`, `inference_geo`, `output_tokens_details`, `server_tool_use`,
 * `service_tier`, `speed`). Everything else is checked against the SDK's own field types.
 */
type KnowableMessage = Omit<
  Anthropic.Message,
  'container' | 'diagnostics' | 'stop_details' | 'usage' | 'content'
> & {
  usage: Pick<Anthropic.Usage, 'input_tokens' | 'output_tokens'>;
  content: Array<
    | Omit<Anthropic.TextBlock, 'citations'>
    | Omit<Anthropic.ToolUseBlock, 'caller'>
    | Anthropic.ThinkingBlock
    | Anthropic.RedactedThinkingBlock
  >;
};

describe('anthropic SDK types', () => {
  it('toRequest(...).value is an Anthropic.MessageCreateParams', () => {
    const body: Anthropic.MessageCreateParams = anthropic.toRequest(request).value;
    const nonStreaming: Anthropic.MessageCreateParamsNonStreaming = anthropic.toRequest(request).value;
    expect(body).toEqual(nonStreaming);
    expect(body.tool_choice).toEqual({ type: 'any', disable_parallel_tool_use: true });
  });

  it('toResponse(...).value is an Anthropic.Message in every field it can know', () => {
    const message: KnowableMessage = anthropic.toResponse({
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'reasoning', text: '', providerOptions: { anthropic: { redactedData: 'abc' } } },
          { type: 'tool-call', toolCallId: 'toolu_2', toolName: 'f', input: {} },
        ],
      },
      finishReason: { unified: 'tool-calls', raw: 'tool_use' },
      id: 'msg_1',
      model: 'claude-sonnet-4-5',
    }).value;
    expect(message.content.map((block) => block.type)).toEqual(['text', 'redacted_thinking', 'tool_use']);
  });

  it('reads SDK-typed requests and responses', () => {
    const params: Anthropic.MessageCreateParamsNonStreaming = {
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      system: [{ type: 'text', text: 'S', cache_control: { type: 'ephemeral' } }],
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'f', input: { a: 1 } }] },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'r' }] }],
        },
      ],
      tools: [{ name: 'f', input_schema: { type: 'object', properties: { a: { type: 'integer' } } } }],
    };
    expect(anthropic.fromRequest(params).value).toEqual({
      model: 'claude-sonnet-4-5',
      messages: [
        { role: 'system', content: 'S' },
        { role: 'user', content: 'q' },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'toolu_1', toolName: 'f', input: { a: 1 } }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'toolu_1',
              toolName: 'f',
              output: { type: 'content', value: [{ type: 'text', text: 'r' }] },
            },
          ],
        },
      ],
      tools: [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'integer' } } } }],
      maxOutputTokens: 100,
    });
    const sdkMessage: Anthropic.Message = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      container: null,
      diagnostics: null,
      stop_details: null,
      content: [
        { type: 'text', text: 'hi', citations: null },
        { type: 'tool_use', id: 'toolu_1', name: 'f', input: { a: 1 }, caller: { type: 'direct' } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: {
        cache_creation: null,
        cache_creation_input_tokens: null,
        cache_read_input_tokens: null,
        inference_geo: null,
        input_tokens: 5,
        output_tokens: 7,
        output_tokens_details: null,
        server_tool_use: null,
        service_tier: null,
        speed: null,
      },
    };
    expect(anthropic.fromResponse(sdkMessage).value).toEqual({
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: 'hi' },
          { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'f', input: { a: 1 } },
        ],
      },
      finishReason: { unified: 'tool-calls', raw: 'tool_use' },
      usage: { inputTokens: 5, outputTokens: 7 },
      id: 'msg_1',
      model: 'claude-sonnet-4-5',
    });
  });

  it('reads SDK-typed stream events', () => {
    const events: Anthropic.RawMessageStreamEvent[] = [
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {}, caller: { type: 'direct' } },
      },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"a":1}' } },
      { type: 'content_block_stop', index: 0 },
    ];
    const reader = anthropic.createStreamReader();
    expect([...events.flatMap((event) => reader.push(event)), ...reader.finish()]).toEqual([
      { type: 'tool-input-start', id: 'toolu_1', toolName: 'f' },
      { type: 'tool-input-delta', id: 'toolu_1', delta: '{"a":1}' },
      { type: 'tool-input-end', id: 'toolu_1' },
      { type: 'tool-call', id: 'toolu_1', toolName: 'f', input: { a: 1 }, raw: '{"a":1}' },
    ]);
  });
});
