import type {
  ConverseCommandInput,
  ConverseCommandOutput,
  ConverseStreamOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { describe, expect, it } from 'vitest';
import { bedrock } from '../../../src/providers/bedrock/index.js';
import type { CanonicalRequest } from '../../../src/providers/provider-converter.js';

/**
 * Type tests (checked by `tsc`): what the converter writes is assignable to the SDK's own types, and
 * SDK-typed values are what the readers read.
 */

const request: CanonicalRequest = {
  model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  maxOutputTokens: 1024,
  temperature: 0.5,
  messages: [
    { role: 'system', content: 'Be brief.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Song?' },
        { type: 'image', image: 'iVBORw0KGgo=', mediaType: 'image/png' },
        { type: 'file', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'chart' },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'think', providerOptions: { bedrock: { signature: 'sig' } } },
        { type: 'reasoning', text: '', providerOptions: { bedrock: { redactedData: 'AAEC' } } },
        { type: 'tool-call', toolCallId: 'tooluse_1', toolName: 'top_song', input: { sign: 'WZPZ' } },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'tooluse_1',
          toolName: 'top_song',
          output: { type: 'error-json', value: { reason: 'down' } },
        },
      ],
    },
  ],
  tools: [
    {
      name: 'top_song',
      description: 'Top song',
      parameters: { type: 'object', properties: { sign: { type: 'string' } } },
    },
  ],
  toolChoice: { type: 'required' },
};

/**
 * The SDK's output also demands `metrics` (latency) and `$metadata` (HTTP status, request id), which a
 * canonical response cannot know; everything else is checked against the SDK's field types.
 */
type KnowableOutput = Omit<ConverseCommandOutput, 'metrics' | '$metadata'>;

describe('bedrock SDK types', () => {
  it('toRequest(...).value is a ConverseCommandInput (modelId is set when the request names a model)', () => {
    const written = bedrock.toRequest(request).value;
    const input: ConverseCommandInput = { ...written, modelId: written.modelId ?? 'fallback-model' };
    expect(input.modelId).toBe('us.anthropic.claude-sonnet-4-5-20250929-v1:0');
    expect(input.toolConfig?.toolChoice).toEqual({ any: {} });
  });

  it('toResponse(...).value is a ConverseCommandOutput in every field it can know', () => {
    const output: KnowableOutput = bedrock.toResponse({
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', toolCallId: 'tooluse_2', toolName: 'top_song', input: { sign: 'WKRP' } },
        ],
      },
      finishReason: { unified: 'tool-calls' },
      usage: { inputTokens: 3, outputTokens: 4 },
    }).value;
    expect(output.usage).toEqual({ inputTokens: 3, outputTokens: 4, totalTokens: 7 });
  });

  it('reads SDK-typed requests, responses and stream events', () => {
    const input: ConverseCommandInput = {
      modelId: 'm',
      messages: [
        { role: 'user', content: [{ text: 'q' }] },
        { role: 'assistant', content: [{ toolUse: { toolUseId: 'tooluse_1', name: 'f', input: { a: 1 } } }] },
        {
          role: 'user',
          content: [
            { toolResult: { toolUseId: 'tooluse_1', content: [{ json: { r: true } }], status: 'success' } },
          ],
        },
      ],
      toolConfig: {
        tools: [
          { toolSpec: { name: 'f', inputSchema: { json: { type: 'object' } } } },
          { cachePoint: { type: 'default' } },
        ],
      },
    };
    const read = bedrock.fromRequest(input);
    expect(read.value).toEqual({
      model: 'm',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'q' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'tooluse_1', toolName: 'f', input: { a: 1 } }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'tooluse_1',
              toolName: 'f',
              output: { type: 'json', value: { r: true } },
            },
          ],
        },
      ],
      tools: [{ name: 'f', parameters: { type: 'object' } }],
    });
    expect(read.warnings).toEqual([
      { type: 'other', message: 'a toolConfig entry ["cachePoint"] is skipped' },
    ]);
    const output: ConverseCommandOutput = {
      $metadata: { httpStatusCode: 200 },
      output: { message: { role: 'assistant', content: [{ text: 'hi' }] } },
      stopReason: 'end_turn',
      usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
      metrics: { latencyMs: 10 },
    };
    expect(bedrock.fromResponse(output).value).toEqual({
      message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
      finishReason: { unified: 'stop', raw: 'end_turn' },
      usage: { inputTokens: 1, outputTokens: 2 },
    });
    const events: ConverseStreamOutput[] = [
      {
        contentBlockStart: {
          contentBlockIndex: 0,
          start: { toolUse: { toolUseId: 'tooluse_9', name: 'f' } },
        },
      },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '{}' } } } },
      { contentBlockStop: { contentBlockIndex: 0 } },
      { messageStop: { stopReason: 'tool_use' } },
    ];
    const reader = bedrock.createStreamReader();
    expect([...events.flatMap((event) => reader.push(event)), ...reader.finish()]).toEqual([
      { type: 'tool-input-start', id: 'tooluse_9', toolName: 'f' },
      { type: 'tool-input-delta', id: 'tooluse_9', delta: '{}' },
      { type: 'tool-input-end', id: 'tooluse_9' },
      { type: 'tool-call', id: 'tooluse_9', toolName: 'f', input: {}, raw: '{}' },
    ]);
  });
});
