/**
 * Test harness: an AI SDK `MockLanguageModelV3` that replays one model output (whole for `doGenerate`,
 * in given chunks for `doStream`), wrapped with `toolCallMiddleware`, and the AI SDK's own
 * `generateText` / `streamText` run over it. Warnings the AI SDK logs and stream errors are collected.
 */
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import {
  generateText,
  jsonSchema,
  simulateReadableStream,
  streamText,
  type Tool,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { type ToolCallMiddlewareOptions, toolCallMiddleware } from '../../src/ai-sdk/index.js';
import type { ToolDefinition } from '../../src/types/tool.js';

export const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

/** The text cut into pieces of `size` UTF-16 code units (whole when `size` is undefined). */
export function chunksOf(text: string, size: number | undefined): string[] {
  if (size === undefined || text.length === 0) return [text];
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
  return chunks;
}

/** A mock model that answers every call with `outputs[step]` (the last one again past the end). */
export function replayModel(
  outputs: readonly string[],
  chunkSize?: number,
  modelId = 'mock-model-id',
): MockLanguageModelV3 {
  let generateStep = 0;
  let streamStep = 0;
  const pick = (step: number): string => outputs[Math.min(step, outputs.length - 1)] ?? '';
  return new MockLanguageModelV3({
    modelId,
    doGenerate: async () => ({
      content: [{ type: 'text', text: pick(generateStep++) }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
    doStream: async () => {
      const text = pick(streamStep++);
      const chunks: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: '0' },
        ...chunksOf(text, chunkSize).map(
          (delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: '0', delta }),
        ),
        { type: 'text-end', id: '0' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ];
      return { stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }) };
    },
  });
}

/** AI SDK tools (JSON Schema, no validation beyond the AI SDK's own) for toolwire tool definitions. */
export function aiTools(
  definitions: readonly ToolDefinition[],
  execute?: (name: string, input: unknown) => unknown,
): Record<string, Tool> {
  const tools: Record<string, Tool> = {};
  for (const definition of definitions) {
    const inputSchema = jsonSchema<unknown>(definition.parameters as Parameters<typeof jsonSchema>[0]);
    tools[definition.name] =
      execute === undefined
        ? tool({ description: definition.description, inputSchema })
        : tool({
            description: definition.description,
            inputSchema,
            execute: async (input: unknown) => execute(definition.name, input),
          });
  }
  return tools;
}

/** Warnings the AI SDK logged while `run` ran (it logs them through `globalThis.AI_SDK_LOG_WARNINGS`). */
export async function collectWarnings<T>(run: () => Promise<T>): Promise<{ value: T; warnings: unknown[] }> {
  const warnings: unknown[] = [];
  const global = globalThis as { AI_SDK_LOG_WARNINGS?: unknown };
  const before = global.AI_SDK_LOG_WARNINGS;
  global.AI_SDK_LOG_WARNINGS = (options: { warnings: unknown[] }) => warnings.push(...options.warnings);
  try {
    return { value: await run(), warnings };
  } finally {
    global.AI_SDK_LOG_WARNINGS = before;
  }
}

/** What the AI SDK reported for one turn, in the shape the tests compare. */
export interface Reported {
  readonly text: string;
  readonly reasoning: string;
  readonly toolCalls: { id: string; name: string; input: unknown }[];
  readonly invalid: { id: string; name: string; input: unknown; raw: unknown }[];
  readonly finishReason: string;
  readonly errors: unknown[];
  readonly warnings: unknown[];
}

type StepLike = {
  text: string;
  reasoningText: string | undefined;
  finishReason: string;
  toolCalls: readonly {
    toolCallId: string;
    toolName: string;
    input: unknown;
    invalid?: boolean;
    providerMetadata?: Record<string, Record<string, unknown>>;
  }[];
};

function report(step: StepLike, errors: unknown[], warnings: unknown[]): Reported {
  return {
    text: step.text,
    reasoning: step.reasoningText ?? '',
    toolCalls: step.toolCalls
      .filter((call) => call.invalid !== true)
      .map((call) => ({ id: call.toolCallId, name: call.toolName, input: call.input })),
    invalid: step.toolCalls
      .filter((call) => call.invalid === true)
      .map((call) => ({
        id: call.toolCallId,
        name: call.toolName,
        input: call.input,
        raw: call.providerMetadata?.toolwire?.raw,
      })),
    finishReason: step.finishReason,
    errors,
    warnings,
  };
}

/** One `generateText` call over the wrapped mock model. */
export async function generateWith(
  output: string,
  tools: readonly ToolDefinition[],
  options: ToolCallMiddlewareOptions,
): Promise<Reported> {
  const model = wrapLanguageModel({ model: replayModel([output]), middleware: toolCallMiddleware(options) });
  const { value, warnings } = await collectWarnings(() =>
    generateText({ model, tools: aiTools(tools), prompt: 'Hello' }),
  );
  return report(value, [], warnings);
}

/** One `streamText` call over the wrapped mock model, the output sent in chunks of `chunkSize`. */
export async function streamWith(
  output: string,
  tools: readonly ToolDefinition[],
  options: ToolCallMiddlewareOptions,
  chunkSize: number | undefined,
): Promise<Reported> {
  const model = wrapLanguageModel({
    model: replayModel([output], chunkSize),
    middleware: toolCallMiddleware(options),
  });
  const errors: unknown[] = [];
  const { value, warnings } = await collectWarnings(async () => {
    const result = streamText({
      model,
      tools: aiTools(tools),
      prompt: 'Hello',
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    for await (const part of result.fullStream) if (part.type === 'error') errors.push(part.error);
    return {
      text: await result.text,
      reasoningText: await result.reasoningText,
      finishReason: await result.finishReason,
      toolCalls: await result.toolCalls,
    } as StepLike;
  });
  return report(value, errors, warnings);
}

/** The `tool-call` part toolwire sends for a call cut off before its JSON ends (see `invalidCallPart`). */
export function cutOffCallPart(toolCallId: string, toolName: string, raw: string): LanguageModelV3StreamPart {
  const error = 'the tool call is cut off before its JSON ends';
  return {
    type: 'tool-call',
    toolCallId,
    toolName,
    input: raw,
    providerMetadata: {
      toolwire: { invalid: true, error, issues: [{ code: 'incomplete_tool_call', message: error }], raw },
    },
  };
}
