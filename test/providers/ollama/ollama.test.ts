import type { ChatRequest, ChatResponse, Message, Tool, ToolCall } from 'ollama';
import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../../../src/errors/toolwire-error.js';
import {
  convertToOllamaSchema,
  createOllamaConverter,
  type OllamaChatRequest,
  type OllamaChatResponse,
  type OllamaMessage,
  type OllamaTool,
  type OllamaToolCall,
  ollama,
} from '../../../src/providers/ollama/index.js';
import type { CanonicalRequest } from '../../../src/providers/provider-converter.js';
import { goldenTests } from '../golden-cases.js';
import type { Expect, NoExtraKeys } from '../sdk-types.js';

describe('ollama golden fixtures', () => {
  goldenTests('ollama', ollama);
});

const request: CanonicalRequest = {
  model: 'qwen3',
  messages: [
    { role: 'user', content: 'Temp?' },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Call.' },
        { type: 'tool-call', toolCallId: 'call_aaaaaaaa', toolName: 'temp', input: { city: 'Oslo' } },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_aaaaaaaa',
          toolName: 'temp',
          output: { type: 'text', value: '3' },
        },
      ],
    },
  ],
  tools: [
    { name: 'temp', parameters: { type: 'object', properties: { city: { type: 'string', minLength: 1 } } } },
  ],
};

describe('ollama converter', () => {
  it('returns the schema unchanged and reports what the server drops', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', 'x-ui': 1 } }, 'x-vendor': true };
    expect(convertToOllamaSchema(schema)).toEqual({ schema, warnings: [] });
    expect(convertToOllamaSchema(true)).toEqual({ schema: true, warnings: [] });
  });

  it("throws ToolwireError unsupported with onUnsupported: 'throw'", () => {
    expect(() => createOllamaConverter({ onUnsupported: 'throw' }).toRequest(request)).toThrowError(
      new ToolwireError(
        'unsupported',
        'Ollama schema: keyword minLength (tool temp, at /properties/city): Ollama drops it silently',
      ),
    );
  });
});

// Type tests against the `ollama` package. Its `ToolCall` has no `id` and no `function.index`, and its
// `Message` no `tool_call_id`, though the server (api/types.go) has all three: those keys are allowed
// beside the SDK's. Its `ChatResponse` types `created_at` as a Date (the JSON has a string) and
// requires the `*_duration` timings, which canonical responses do not hold: both are left out of the
// check; the token counts are written only when the canonical usage has them (optional here).
type ResponseFields = Omit<
  ChatResponse,
  | 'created_at'
  | 'total_duration'
  | 'load_duration'
  | 'prompt_eval_duration'
  | 'eval_duration'
  | 'prompt_eval_count'
  | 'eval_count'
> &
  Partial<Pick<ChatResponse, 'prompt_eval_count' | 'eval_count'>>;
type OllamaFieldNames = [
  Expect<NoExtraKeys<OllamaChatRequest, ChatRequest>>,
  Expect<NoExtraKeys<OllamaMessage, Message, 'tool_call_id'>>,
  Expect<NoExtraKeys<OllamaToolCall, ToolCall, 'id'>>,
  Expect<NoExtraKeys<OllamaToolCall['function'], ToolCall['function'], 'index'>>,
  Expect<NoExtraKeys<OllamaTool, Tool>>,
  Expect<NoExtraKeys<OllamaTool['function'], Tool['function']>>,
  Expect<NoExtraKeys<OllamaChatResponse, ChatResponse>>,
];

describe('ollama SDK types', () => {
  it('every wire field of ours is an SDK field, but the three the SDK lacks (checked by tsc)', () => {
    const checked: OllamaFieldNames[number] = true;
    expect(checked).toBe(true);
  });

  it('toRequest output is assignable to ChatRequest', () => {
    const body: ChatRequest = ollama.toRequest(request).value;
    expect(body.messages?.[1]?.thinking).toBe('Call.');
  });

  it('toResponse output is assignable to ChatResponse (but created_at and the timings)', () => {
    const body: ResponseFields = ollama.toResponse({
      message: { role: 'assistant', content: 'Hi' },
      finishReason: { unified: 'stop' },
      model: 'qwen3',
    }).value;
    expect(body).toEqual({
      model: 'qwen3',
      message: { role: 'assistant', content: 'Hi' },
      done: true,
      done_reason: 'stop',
    });
  });
});
