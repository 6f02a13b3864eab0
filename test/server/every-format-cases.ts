/**
 * The pieces the every-format gateway tests share: the outputs each format serves (its fixtures and
 * example, with tools that fit their calls), the replay backend that answers each request with the
 * output its prompt names, and the models as a config file spells them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { expect } from 'vitest';
import { type JSONSchema, type ParseResult, parseToolCalls, type ToolDefinition } from '../../src/index.js';
import {
  type BackendConfig,
  createGateway,
  type GatewayModel,
  readGatewayConfig,
} from '../../src/server/index.js';
import { gatewayOptions, serveGateway } from '../../src/server/node/index.js';
import data from './every-format.json' with { type: 'json' };
import { type ReplayBackend, type ReplayRecording, startReplayBackend } from './replay-backend.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
/** The template of the formats without a built-in one: a small ChatML template with tools. */
const fallbackTemplate = 'chatml-tools.jinja';
/** Tool names a Chat Completions tool may have. */
export const chatToolName = /^[A-Za-z0-9_.:-]{1,128}$/;

/** One model output served through the gateway. */
export interface ServedCase {
  /** Where the text comes from (`fixtures hermes: two calls`, `corpus vllm/hermes/3`). */
  readonly label: string;
  readonly format: string;
  readonly text: string;
  /** The prompt opened the reasoning block (`reasoningStartedInPrompt`). */
  readonly started: boolean;
  /** The tools offered: the case's own, else derived from the calls of the text. */
  readonly tools: ToolDefinition[];
  /** `parseToolCalls(text, { format, tools })`: what the client must get. */
  readonly expected: ParseResult;
}

/**
 * Outputs by key; the backend finds the key in the prompt (`Case N.`, the user message), so one
 * replay backend answers every request of a file in any order.
 */
export class KeyedOutputs {
  private readonly outputs = new Map<number, ReplayRecording>();

  /** The key the next `keyed` hands out. */
  get nextKey(): string {
    return `Case ${this.outputs.size}.`;
  }

  /** Keeps `recording` and returns the user message that asks for it. */
  keyed(recording: ReplayRecording): string {
    const key = this.nextKey;
    this.outputs.set(this.outputs.size, recording);
    return key;
  }

  /** The recording a backend request asks for (500 when its prompt names none). */
  readonly recordingFor = (body: Record<string, unknown>): ReplayRecording => {
    const key = /Case (\d+)\./.exec(String(body.prompt))?.[1];
    const recording = key === undefined ? undefined : this.outputs.get(Number(key));
    return (
      recording ?? { output: '', status: 500, errorBody: { error: { message: 'no case in the prompt' } } }
    );
  };
}

/** A JSON Schema that fits `value` (its JSON type). */
function schemaOf(value: unknown): JSONSchema {
  if (value === null) return { type: 'null' };
  if (Array.isArray(value)) return { type: 'array' };
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  return { type: typeof value as 'string' | 'boolean' | 'object' };
}

/**
 * Tools whose names and parameters fit `calls`: each name once, each argument typed by its value
 * (untyped where two calls disagree), none required.
 */
export function toolsFor(calls: ParseResult['toolCalls']): ToolDefinition[] {
  // Maps, not objects: an argument may be named `__proto__`.
  const properties = new Map<string, Map<string, JSONSchema>>();
  for (const call of calls) {
    const known = properties.get(call.name) ?? new Map<string, JSONSchema>();
    for (const [key, value] of Object.entries(call.arguments)) {
      const schema = schemaOf(value);
      const seen = known.get(key);
      known.set(key, seen === undefined || JSON.stringify(seen) === JSON.stringify(schema) ? schema : {});
    }
    properties.set(call.name, known);
  }
  return [...properties].map(([name, known]) => ({
    name,
    parameters: { type: 'object', properties: Object.fromEntries(known) },
  }));
}

/** `tools` as OpenAI Chat Completions tools. */
export function openaiTools(tools: readonly ToolDefinition[]): ChatCompletionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.parameters as Record<string, unknown>,
    },
  }));
}

/**
 * The case for `text`, or `undefined` when the gateway cannot serve it as calls: no call, an
 * invalid call (the gateway sends those as text), or a call name a tool of the surface cannot have
 * (`toolName`).
 */
export function servedCase(
  label: string,
  format: string,
  text: string,
  started: boolean,
  ownTools: readonly ToolDefinition[] | undefined,
  toolName: RegExp = chatToolName,
): ServedCase | undefined {
  const options = { format, reasoningStartedInPrompt: started };
  const tools =
    ownTools !== undefined && ownTools.length > 0
      ? [...ownTools]
      : toolsFor(parseToolCalls(text, options).toolCalls);
  if (!tools.every((tool) => toolName.test(tool.name))) return undefined;
  const expected = parseToolCalls(text, { ...options, tools });
  if (expected.toolCalls.length === 0 || expected.invalidToolCalls.length > 0) return undefined;
  return { label, format, text, started, tools, expected };
}

interface FixtureCase {
  readonly description: string;
  readonly input: string;
  readonly tools?: readonly ToolDefinition[];
  readonly options?: { readonly reasoningStartedInPrompt?: boolean };
}

/**
 * The format's own fixtures (`test/formats/<id>.json`) that run with no option but a started
 * reasoning and that the gateway can serve as calls (see `servedCase`).
 */
export function fixtureCases(format: string, toolName: RegExp = chatToolName): ServedCase[] {
  const file = new URL(`../formats/${format}.json`, import.meta.url);
  const cases = JSON.parse(readFileSync(file, 'utf8')) as FixtureCase[];
  return cases.flatMap((testCase) => {
    const keys = Object.keys(testCase.options ?? {});
    if (keys.some((key) => key !== 'reasoningStartedInPrompt')) return [];
    const one = servedCase(
      `fixtures ${format}: ${testCase.description}`,
      format,
      testCase.input,
      testCase.options?.reasoningStartedInPrompt === true,
      testCase.tools,
      toolName,
    );
    return one === undefined ? [] : [one];
  });
}

/**
 * At most `count` of `cases`, spread evenly over the list, one with reasoning among them when any
 * has reasoning (every request costs time: the whole file stays within the test budget).
 */
export function sample(cases: readonly ServedCase[], count: number): ServedCase[] {
  if (cases.length <= count) return [...cases];
  const picked = Array.from({ length: count }, (_, i) => cases[Math.floor((i * cases.length) / count)]!);
  const reasoning = cases.find((testCase) => testCase.expected.reasoning !== '');
  if (reasoning !== undefined && !picked.some((testCase) => testCase.expected.reasoning !== ''))
    picked[count - 1] = reasoning;
  return picked;
}

/** A replay backend and the gateway in front of it on loopback. */
export interface Serving {
  readonly replay: ReplayBackend;
  /** The gateway's base URL, `http://127.0.0.1:PORT`. */
  readonly url: string;
  close(): Promise<void>;
}

/** Starts a replay backend answering `recordings` and the gateway serving the models made for its URL. */
export async function serve(
  recordings: (body: Record<string, unknown>) => ReplayRecording,
  models: (url: string) => Promise<GatewayModel[]> | GatewayModel[],
): Promise<Serving> {
  const replay = await startReplayBackend({ recordings, maxChunkLength: 8 });
  const gateway = createGateway({ models: await models(replay.url) });
  const serving = await serveGateway(gateway, { port: 0 });
  return {
    replay,
    url: serving.url,
    async close() {
      await serving.close(1000);
      await replay.close();
    },
  };
}

/**
 * Models as a config file spells them, checked by `readGatewayConfig` and loaded by `gatewayOptions`
 * (a `jinja` template is read from `test/server/fixtures/`), as `toolwire serve --config` does.
 */
export async function configuredModels(models: readonly Record<string, unknown>[]): Promise<GatewayModel[]> {
  const { config, errors } = readGatewayConfig({ models }, {});
  expect(errors).toEqual([]);
  if (config === undefined) throw new Error(errors.join('\n'));
  return [...(await gatewayOptions(config, fixtures)).models];
}

/** A model config as the config file spells it; no template unless the format has no built-in one. */
export function modelConfig(
  name: string,
  format: string,
  backend: Omit<BackendConfig, 'url'>,
  url: string,
  started: boolean,
): Record<string, unknown> {
  return {
    name,
    format,
    backend: { ...backend, url },
    reasoningStartedInPrompt: started,
    // SGLang (grammarField "ebnf") needs a default output limit (see `maxTokens`).
    ...(backend.grammarField === 'ebnf' ? { maxTokens: 4096 } : {}),
    ...(data.withoutBuiltinTemplate.includes(format) ? { template: { jinja: fallbackTemplate } } : {}),
  };
}

/** The name of the model serving `format`, with the reasoning block opened in the prompt or not. */
export const modelName = (format: string, started: boolean): string => (started ? `${format}+think` : format);

/** The `grammarField`s of an `openai-completions` backend that carry a grammar. */
export type GrammarField = 'grammar' | 'structured_outputs' | 'guided_grammar' | 'ebnf';
export const grammarFields = data.grammarFields as GrammarField[];

/** The grammar a backend request body carries: llama.cpp's `grammar`, or the configured field. */
export function grammarIn(body: Record<string, unknown>, field: GrammarField | 'llamacpp'): unknown {
  if (field === 'llamacpp' || field === 'grammar') return body.grammar;
  if (field === 'structured_outputs')
    return (body.structured_outputs as { grammar?: unknown } | undefined)?.grammar;
  return body[field];
}
