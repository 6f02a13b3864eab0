/**
 * Type tests against the official `openai` SDK (tsc checks this file: a misspelt or misplaced wire
 * field fails the build), plus SDK-typed literals fed through the readers.
 *
 * What the SDK's `Responses.Response` demands that a converted response cannot know (request echoes:
 * `instructions`, `tools`, `tool_choice`, `parallel_tool_calls`, `temperature`, `top_p`, `metadata`;
 * the SDK-computed `output_text`; `usage.input_tokens_details` / `output_tokens_details`) is left out
 * of the checked shape below; everything else is checked field by field.
 */
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { openaiChat } from '../../src/providers/openai-chat/index.js';
import type * as Chat from '../../src/providers/openai-chat/openai-chat-api.js';
import { openaiResponses } from '../../src/providers/openai-responses/index.js';
import type * as Responses from '../../src/providers/openai-responses/openai-responses-api.js';
import type { CanonicalRequest, CanonicalResponse } from '../../src/providers/provider-converter.js';

/**
 * Assignability alone lets a misspelt OPTIONAL field through (`max_completion_token?` is just an extra
 * property), so each wire type is also checked key by key: `true` only when every key of ours is a key
 * of the SDK's type.
 */
type OnlySdkKeys<Ours, Sdk> = [Exclude<keyof Ours, keyof Sdk>] extends [never]
  ? true
  : Exclude<keyof Ours, keyof Sdk>;
type Element<T> = T extends readonly (infer E)[] ? E : never;
type ChatChoice = OpenAI.Chat.ChatCompletion.Choice;

const keyChecks: true[] = [
  true satisfies OnlySdkKeys<Chat.OpenAIChatRequest, OpenAI.Chat.ChatCompletionCreateParamsNonStreaming>,
  true satisfies OnlySdkKeys<Chat.OpenAIChatFunctionTool['function'], OpenAI.FunctionDefinition>,
  true satisfies OnlySdkKeys<Chat.OpenAIChatSystemMessage, OpenAI.Chat.ChatCompletionSystemMessageParam>,
  true satisfies OnlySdkKeys<
    Chat.OpenAIChatDeveloperMessage,
    OpenAI.Chat.ChatCompletionDeveloperMessageParam
  >,
  true satisfies OnlySdkKeys<Chat.OpenAIChatUserMessage, OpenAI.Chat.ChatCompletionUserMessageParam>,
  true satisfies OnlySdkKeys<
    Chat.OpenAIChatAssistantMessage,
    OpenAI.Chat.ChatCompletionAssistantMessageParam
  >,
  true satisfies OnlySdkKeys<Chat.OpenAIChatToolMessage, OpenAI.Chat.ChatCompletionToolMessageParam>,
  // `extra_content` is Gemini's extension of the call (its OpenAI layer's thought signatures).
  true satisfies OnlySdkKeys<
    Omit<Chat.OpenAIChatMessageToolCall, 'extra_content'>,
    OpenAI.Chat.ChatCompletionMessageFunctionToolCall
  >,
  true satisfies OnlySdkKeys<
    Chat.OpenAIChatImagePart['image_url'],
    OpenAI.Chat.ChatCompletionContentPartImage.ImageURL
  >,
  true satisfies OnlySdkKeys<
    Chat.OpenAIChatAudioPart['input_audio'],
    OpenAI.Chat.ChatCompletionContentPartInputAudio.InputAudio
  >,
  true satisfies OnlySdkKeys<
    Chat.OpenAIChatFilePart['file'],
    OpenAI.Chat.ChatCompletionContentPart.File.File
  >,
  true satisfies OnlySdkKeys<Chat.OpenAIChatResponse, OpenAI.Chat.ChatCompletion>,
  true satisfies OnlySdkKeys<Element<Chat.OpenAIChatResponse['choices']>, ChatChoice>,
  // reasoning_content is the field vLLM and DeepSeek add; the SDK does not know it.
  true satisfies OnlySdkKeys<
    Omit<Chat.OpenAIChatResponseMessage, 'reasoning_content'>,
    OpenAI.Chat.ChatCompletionMessage
  >,
  true satisfies OnlySdkKeys<Chat.OpenAIChatUsage, OpenAI.CompletionUsage>,
  true satisfies OnlySdkKeys<
    Responses.OpenAIResponsesRequest,
    OpenAI.Responses.ResponseCreateParamsNonStreaming
  >,
  true satisfies OnlySdkKeys<Responses.OpenAIResponsesFunctionTool, OpenAI.Responses.FunctionTool>,
  true satisfies OnlySdkKeys<Responses.OpenAIResponsesInputMessage, OpenAI.Responses.EasyInputMessage>,
  true satisfies OnlySdkKeys<Responses.OpenAIResponsesOutputMessage, OpenAI.Responses.ResponseOutputMessage>,
  true satisfies OnlySdkKeys<Responses.OpenAIResponsesOutputText, OpenAI.Responses.ResponseOutputText>,
  true satisfies OnlySdkKeys<Responses.OpenAIResponsesReasoningItem, OpenAI.Responses.ResponseReasoningItem>,
  true satisfies OnlySdkKeys<
    Responses.OpenAIResponsesFunctionCall,
    OpenAI.Responses.ResponseFunctionToolCall
  >,
  true satisfies OnlySdkKeys<
    Responses.OpenAIResponsesFunctionCallOutput,
    OpenAI.Responses.ResponseInputItem.FunctionCallOutput
  >,
  true satisfies OnlySdkKeys<Responses.OpenAIResponsesInputText, OpenAI.Responses.ResponseInputText>,
  true satisfies OnlySdkKeys<Responses.OpenAIResponsesInputImage, OpenAI.Responses.ResponseInputImage>,
  true satisfies OnlySdkKeys<Responses.OpenAIResponsesInputFile, OpenAI.Responses.ResponseInputFile>,
  true satisfies OnlySdkKeys<Responses.OpenAIResponsesResponse, OpenAI.Responses.Response>,
  true satisfies OnlySdkKeys<Responses.OpenAIResponsesUsage, OpenAI.Responses.ResponseUsage>,
];

const request: CanonicalRequest = {
  model: 'gpt-4.1',
  messages: [
    { role: 'system', content: 'Be brief.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Look:' },
        { type: 'image', image: 'iVBORw0KGgo=', mediaType: 'image/png' },
        { type: 'file', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'a.pdf' },
      ],
    },
    {
      role: 'assistant',
      content: [
        {
          type: 'reasoning',
          text: 'think',
          providerOptions: { openai: { itemId: 'rs_1', reasoningEncryptedContent: 'enc' } },
        },
        { type: 'text', text: 'Calling.', providerOptions: { openai: { itemId: 'msg_1' } } },
        {
          type: 'tool-call',
          toolCallId: 'call_1',
          toolName: 'f',
          input: { a: 1 },
          providerOptions: { openai: { itemId: 'fc_1' } },
        },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          toolName: 'f',
          output: { type: 'json', value: { ok: true } },
        },
      ],
    },
  ],
  tools: [
    { name: 'f', description: 'F.', parameters: { type: 'object', properties: { a: { type: 'integer' } } } },
  ],
  toolChoice: { type: 'required' },
  parallelToolCalls: false,
  maxOutputTokens: 100,
  temperature: 0,
};

const response: CanonicalResponse = {
  message: {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'r' },
      { type: 'text', text: 'Hi' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'f', input: {} },
    ],
  },
  finishReason: { unified: 'tool-calls' },
  usage: { inputTokens: 3, outputTokens: 4 },
  id: 'id_1',
  model: 'm',
};

type CheckedResponse = Pick<
  OpenAI.Responses.Response,
  'id' | 'object' | 'created_at' | 'status' | 'error' | 'incomplete_details' | 'model' | 'output'
>;
type CheckedUsage = Pick<OpenAI.Responses.ResponseUsage, 'input_tokens' | 'output_tokens' | 'total_tokens'>;

describe('OpenAI SDK types', () => {
  it('every wire type uses only the SDK field names', () => {
    expect(keyChecks.every((check) => check)).toBe(true);
  });

  it('Chat: toRequest is a ChatCompletionCreateParams, toResponse a ChatCompletion', () => {
    const body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = openaiChat.toRequest(request).value;
    const params: OpenAI.Chat.ChatCompletionCreateParams = body;
    const completion: OpenAI.Chat.ChatCompletion = openaiChat.toResponse(response).value;
    expect(params.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(completion.choices[0]?.message.tool_calls).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } },
    ]);
  });

  it('Responses: toRequest is a ResponseCreateParams, toResponse the Response fields it can know', () => {
    const body: OpenAI.Responses.ResponseCreateParamsNonStreaming = openaiResponses.toRequest(request).value;
    const value = openaiResponses.toResponse(response).value;
    const checked: CheckedResponse = value;
    const usage: CheckedUsage | undefined = value.usage;
    expect(body.instructions).toBe('Be brief.');
    expect(checked.output.map((item) => item.type)).toEqual(['reasoning', 'message', 'function_call']);
    expect(usage).toEqual({ input_tokens: 3, output_tokens: 4, total_tokens: 7 });
  });

  it('Chat: reads an SDK-typed request and response', () => {
    const body: OpenAI.Chat.ChatCompletionCreateParams = {
      model: 'gpt-4.1',
      messages: [
        { role: 'developer', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'done' },
      ],
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' }, strict: true } }],
      tool_choice: 'none',
      max_tokens: 10,
      stream: true,
    };
    expect(openaiChat.fromRequest(body)).toEqual({
      value: {
        model: 'gpt-4.1',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          {
            role: 'assistant',
            content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'f', input: { a: 1 } }],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call_1',
                toolName: 'f',
                output: { type: 'text', value: 'done' },
              },
            ],
          },
        ],
        tools: [{ name: 'f', parameters: { type: 'object' } }],
        toolChoice: { type: 'none' },
        maxOutputTokens: 10,
      },
      warnings: [],
    });
    const completion: OpenAI.Chat.ChatCompletion = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1741569952,
      model: 'gpt-4.1',
      choices: [
        {
          index: 0,
          finish_reason: 'length',
          logprobs: null,
          message: { role: 'assistant', content: 'Hel', refusal: null },
        },
      ],
    };
    expect(openaiChat.fromResponse(completion)).toEqual({
      value: {
        message: { role: 'assistant', content: [{ type: 'text', text: 'Hel' }] },
        finishReason: { unified: 'length', raw: 'length' },
        id: 'chatcmpl-1',
        model: 'gpt-4.1',
      },
      warnings: [],
    });
  });

  it('Responses: reads an SDK-typed request and response', () => {
    const body: OpenAI.Responses.ResponseCreateParams = {
      model: 'gpt-4.1',
      input: [
        { role: 'developer', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
        { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{"a":1}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'done' },
      ],
      tools: [{ type: 'function', name: 'f', parameters: { type: 'object' }, strict: true }],
    };
    expect(openaiResponses.fromRequest(body)).toEqual({
      value: {
        model: 'gpt-4.1',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
          {
            role: 'assistant',
            content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'f', input: { a: 1 } }],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call_1',
                toolName: 'f',
                output: { type: 'text', value: 'done' },
              },
            ],
          },
        ],
        tools: [{ name: 'f', parameters: { type: 'object' } }],
      },
      warnings: [],
    });
    const output: OpenAI.Responses.ResponseOutputItem[] = [
      {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_1',
        name: 'f',
        arguments: '[1]',
        status: 'completed',
      },
    ];
    expect(
      openaiResponses.fromResponse({ id: 'resp_1', object: 'response', status: 'completed', output }),
    ).toEqual({
      value: {
        message: {
          role: 'assistant',
          content: [
            {
              type: 'tool-call-invalid',
              toolCallId: 'call_1',
              toolName: 'f',
              raw: '[1]',
              error: 'tool-call arguments must be a JSON object',
              issues: [
                {
                  code: 'arguments_not_object',
                  message: 'tool-call arguments must be a JSON object',
                  path: '',
                  expected: 'object',
                  received: 'array',
                },
              ],
              providerOptions: { openai: { itemId: 'fc_1' } },
            },
          ],
        },
        finishReason: { unified: 'tool-calls', raw: 'completed' },
        id: 'resp_1',
      },
      warnings: [],
    });
  });
});
