import {
  type AssistantMessage$Outbound,
  type ChatCompletionRequest$Outbound,
  ChatCompletionResponse$inboundSchema,
  CompletionChunk$inboundSchema,
  type FunctionT$Outbound,
  type ImageURLChunk$Outbound,
  type SystemMessage$Outbound,
  type TextChunk$Outbound,
  type ThinkChunk$Outbound,
  type Tool$Outbound,
  type ToolCall$Outbound,
  type ToolMessage$Outbound,
  type UserMessage$Outbound,
} from '@mistralai/mistralai/models/components';
import { describe, expect, it } from 'vitest';
import {
  type MistralAssistantMessage,
  type MistralChatRequest,
  type MistralImageUrlChunk,
  type MistralSystemMessage,
  type MistralTextChunk,
  type MistralThinkingChunk,
  type MistralTool,
  type MistralToolCall,
  type MistralToolMessage,
  type MistralUserMessage,
  mistral,
} from '../../../src/providers/mistral/index.js';
import type { CanonicalRequest } from '../../../src/providers/provider-converter.js';
import { goldenTests, loadCases } from '../golden-cases.js';
import type { Expect, NoExtraKeys } from '../sdk-types.js';

describe('mistral golden fixtures', () => {
  goldenTests('mistral', mistral);
});

const request: CanonicalRequest = {
  model: 'mistral-large-latest',
  messages: [
    { role: 'system', content: 'Be brief.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Look' },
        { type: 'image', image: 'iVBORw0KGgo=', mediaType: 'image/png' },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Call.' },
        { type: 'tool-call', toolCallId: 'D681PevKs', toolName: 'status', input: { id: 'T1' } },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'D681PevKs',
          toolName: 'status',
          output: { type: 'text', value: 'Paid' },
        },
      ],
    },
  ],
  tools: [{ name: 'status', parameters: { type: 'object', properties: { id: { type: 'string' } } } }],
  toolChoice: { type: 'tool', toolName: 'status' },
  parallelToolCalls: false,
};

// Type tests. The SDK's `ChatCompletionRequest` is camelCase (its zod outbound schema maps it to the
// HTTP API's snake_case); the wire shape it sends is `ChatCompletionRequest$Outbound`, exported by
// `@mistralai/mistralai/models/components` (marked @internal there, but it is the HTTP body), so our
// request is checked against that. Responses have no outbound type: the SDK only reads them, with
// `ChatCompletionResponse$inboundSchema`, which is run on our output below (the SDK accepts it).
type MistralFieldNames = [
  Expect<NoExtraKeys<MistralChatRequest, ChatCompletionRequest$Outbound>>,
  Expect<NoExtraKeys<MistralSystemMessage, SystemMessage$Outbound>>,
  Expect<NoExtraKeys<MistralUserMessage, UserMessage$Outbound>>,
  Expect<NoExtraKeys<MistralAssistantMessage, AssistantMessage$Outbound>>,
  Expect<NoExtraKeys<MistralToolMessage, ToolMessage$Outbound>>,
  Expect<NoExtraKeys<MistralToolCall, ToolCall$Outbound>>,
  Expect<NoExtraKeys<MistralTool, Tool$Outbound>>,
  Expect<NoExtraKeys<MistralTool['function'], FunctionT$Outbound>>,
  Expect<NoExtraKeys<MistralTextChunk, TextChunk$Outbound>>,
  Expect<NoExtraKeys<MistralImageUrlChunk, ImageURLChunk$Outbound>>,
  Expect<NoExtraKeys<MistralThinkingChunk, ThinkChunk$Outbound>>,
];

describe('mistral SDK types', () => {
  it('every wire field of ours is an SDK wire field (checked by tsc)', () => {
    const checked: MistralFieldNames[number] = true;
    expect(checked).toBe(true);
  });

  it('toRequest output is assignable to ChatCompletionRequest$Outbound', () => {
    const body: ChatCompletionRequest$Outbound = mistral.toRequest(request).value;
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'status' } });
  });

  it('toResponse output is read by the SDK (ChatCompletionResponse$inboundSchema)', () => {
    for (const testCase of loadCases('mistral', 'responses')) {
      const body = mistral.toResponse(testCase.canonical as never).value;
      const parsed = ChatCompletionResponse$inboundSchema.parse(body);
      expect(parsed.choices[0]?.finishReason).toBe(body.choices[0]?.finish_reason);
      expect(parsed.choices[0]?.message?.toolCalls?.length).toBe(body.choices[0]?.message.tool_calls?.length);
      expect(parsed.usage.promptTokens).toBe(body.usage.prompt_tokens);
    }
  });

  it('the stream fixtures are chunks the SDK reads (CompletionChunk$inboundSchema)', () => {
    const first = loadCases('mistral', 'streams')[0]?.steps ?? [];
    for (const step of first) expect(CompletionChunk$inboundSchema.safeParse(step.event).success).toBe(true);
  });
});
