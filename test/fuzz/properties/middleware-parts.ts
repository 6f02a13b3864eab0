/**
 * Property: `toolCallMiddleware` (hermes, one tool offered) under hostile upstream parts never errors
 * and never loses text. The upstream is a random sequence of stream parts (text blocks with any ids,
 * deltas of hermes markup cut anywhere, reasoning, native tool calls and results, provider-executed
 * ones with the ids the parser gives, `finish` zero to three times, text after `finish`, errors,
 * metadata, and garbage: `null`, strings, unknown types, text deltas without a string, parts missing
 * their fields), and the same parts as `doGenerate` content.
 *
 * Checked against `parseToolCalls` of the text the middleware parses (every `text-delta` with a string
 * before the first `finish`, joined):
 * - reading the wrapped stream never throws, `wrapGenerate` never rejects;
 * - the parsed text, reasoning, calls (name and input) and invalid calls (raw) are exactly the whole-text
 *   parse's: nothing of the model's text is lost or changed;
 * - every other upstream part (garbage too) comes through in order, unchanged but for a call id made
 *   unique; after the first `finish` every part but another `finish` is passed on as it came; one
 *   `finish` at most;
 * - the ids of the parsed calls are unique and differ from every native call's id.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import fc from 'fast-check';
import { toolCallMiddleware } from '../../../src/ai-sdk/index.js';
import { parseToolCalls } from '../../../src/index.js';
import type { ToolDefinition } from '../../../src/types/tool.js';

const tools: ToolDefinition[] = [
  {
    name: 'get_weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
/** A well-formed `finish` part. */
export const finish: LanguageModelV3StreamPart = {
  type: 'finish',
  finishReason: { unified: 'stop', raw: 'stop' },
  usage,
};

const piece = fc.constantFrom(
  'Hello ',
  'world',
  '<tool_call>',
  '</tool_call>',
  '{"name": "get_weather", "arguments": {"city": "Paris"}}',
  '{"name": "get_weather", "arguments": {"city": ',
  '"Oslo"}}',
  '{"name": "nope", "arguments": {}}',
  '<think>',
  '</think>',
  '<',
  '\n',
  '',
  '😀',
);
const delta = fc.array(piece, { minLength: 1, maxLength: 3 }).map((pieces) => pieces.join(''));
const id = fc.constantFrom('0', '1', 'call_0', 'call_1', 'tw-text-0');
const part: fc.Arbitrary<LanguageModelV3StreamPart> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ type: fc.constant('text-delta' as const), id, delta }) },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constantFrom('text-start' as const, 'text-end' as const), id }),
  },
  { weight: 2, arbitrary: fc.constant(finish) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('reasoning-delta' as const), id, delta }),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ toolCallId: id, providerExecuted: fc.boolean() })
      .map(({ toolCallId, providerExecuted }) => ({
        type: 'tool-call' as const,
        toolCallId,
        toolName: 'web_search',
        input: '{}',
        ...(providerExecuted ? { providerExecuted } : {}),
      })),
  },
  {
    weight: 1,
    arbitrary: id.map((toolCallId) => ({
      type: 'tool-result' as const,
      toolCallId,
      toolName: 'web_search',
      result: { hits: 1 },
    })),
  },
  // Garbage: no part at all, unknown types, text deltas without a string, parts missing their fields.
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      null,
      'text',
      42,
      {},
      { type: 'bogus-part', value: 1 },
      { type: 'text-delta', id: '0' },
      { type: 'text-delta', id: '1', delta: 42 },
      { type: 'text-delta', id: '0', delta: null },
      { type: 'finish' },
      { type: 'finish', finishReason: 'stop' },
      { type: 'tool-call', toolName: 'web_search', input: '{}' },
      { type: 'tool-input-start' },
    ) as fc.Arbitrary<LanguageModelV3StreamPart>,
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<LanguageModelV3StreamPart>(
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', id: 'r1', modelId: 'm' },
      { type: 'error', error: 'upstream hiccup' },
      { type: 'raw', rawValue: { any: 1 } },
    ),
  },
);

/** One generated upstream: its parts, streamed and (the content kinds among them) generated. */
export const middlewareParts: fc.Arbitrary<readonly LanguageModelV3StreamPart[]> = fc.array(part, {
  maxLength: 24,
});

const model = {
  specificationVersion: 'v3',
  provider: 'mock',
  modelId: 'mock-model',
} as unknown as LanguageModelV3;

async function transformed(type: 'stream' | 'generate'): Promise<{
  middleware: ReturnType<typeof toolCallMiddleware>;
  params: LanguageModelV3CallOptions;
}> {
  const middleware = toolCallMiddleware({ format: 'hermes' });
  const params = (await middleware.transformParams?.({
    type,
    params: {
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Weather?' }] }],
      tools: tools.map((tool) => ({
        type: 'function' as const,
        name: tool.name,
        inputSchema: tool.parameters as never,
      })),
    },
    model,
  })) as LanguageModelV3CallOptions;
  return { middleware, params };
}

/** A part's `type`, whatever the part is (`undefined` for `null`, a string, an object without one). */
const typeOf = (entry: unknown): unknown =>
  typeof entry === 'object' && entry !== null ? (entry as { type?: unknown }).type : undefined;
const isCallPart = (entry: unknown): entry is { type: string; toolName?: string; toolCallId?: string } =>
  typeOf(entry) === 'tool-call' || typeOf(entry) === 'tool-result';
const callId = (entry: { type: string; id?: string; toolCallId?: string }): string | undefined =>
  entry.type.startsWith('tool-input') ? entry.id : entry.toolCallId;
/** A part with its call id blanked: ids may be made unique, nothing else may change. */
const withoutId = (entry: unknown): string => {
  if (typeof entry !== 'object' || entry === null) return JSON.stringify(entry);
  const { id: _id, toolCallId: _toolCallId, ...rest } = entry as Record<string, unknown>;
  return JSON.stringify(rest);
};
/** Whether `entry` is text the parser reads: a `text-delta` with a string `delta` (else: garbage). */
const isTextDelta = (entry: unknown): entry is { type: 'text-delta'; delta: string } =>
  typeOf(entry) === 'text-delta' && typeof (entry as { delta?: unknown }).delta === 'string';

/** Every broken promise of the middleware for `parts` (empty: all hold). */
export async function middlewareViolations(parts: readonly LanguageModelV3StreamPart[]): Promise<string[]> {
  const found: string[] = [];
  const firstFinish = parts.findIndex((entry) => typeOf(entry) === 'finish');
  const parsedPart = (entry: unknown, index: number): boolean =>
    (firstFinish < 0 || index < firstFinish) &&
    (isTextDelta(entry) || typeOf(entry) === 'text-start' || typeOf(entry) === 'text-end');
  const text = parts
    .filter((entry, index) => parsedPart(entry, index) && isTextDelta(entry))
    .map((entry) => (entry as { delta: string }).delta)
    .join('');
  const expected = parseToolCalls(text, { format: 'hermes', tools });
  // What passes through: all but the parsed text blocks; finishes are counted apart.
  const passed = parts.filter((entry, index) => !parsedPart(entry, index) && typeOf(entry) !== 'finish');

  // The stream.
  const { middleware, params } = await transformed('stream');
  const out: LanguageModelV3StreamPart[] = [];
  try {
    const result = await middleware.wrapStream?.({
      doStream: async () => ({
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            for (const entry of parts) controller.enqueue(entry);
            controller.close();
          },
        }),
      }),
      doGenerate: async () => {
        throw new Error('not called');
      },
      params,
      model,
    });
    for await (const entry of result?.stream as unknown as AsyncIterable<LanguageModelV3StreamPart>)
      out.push(entry);
  } catch (error) {
    return [`stream: threw ${error instanceof Error ? error.message : String(error)}`];
  }
  // Passed parts are the upstream's own (or, with a call id made unique, its web_search calls).
  const upstream = new Set<unknown>(parts);
  const isPassed = (entry: unknown): boolean =>
    upstream.has(entry) || (isCallPart(entry) && entry.toolName === 'web_search');
  const parsedOut = out.filter((entry) => !isPassed(entry) && typeOf(entry) !== 'finish');
  found.push(...compare('stream', parsedOut, expected));
  const nativeOut = out.filter((entry) => isPassed(entry) && typeOf(entry) !== 'finish');
  if (JSON.stringify(nativeOut.map(withoutId)) !== JSON.stringify(passed.map(withoutId)))
    found.push(
      `stream: passed parts ${JSON.stringify(nativeOut).slice(0, 300)} for ${JSON.stringify(passed).slice(0, 300)}`,
    );
  const finishes = out.filter((entry) => typeOf(entry) === 'finish').length;
  if (finishes !== (firstFinish >= 0 ? 1 : 0)) found.push(`stream: ${finishes} finish parts`);
  found.push(...idViolations('stream', out, parsedOut));

  // The same parts as generated content: a text delta (a string or not) as a text part, a reasoning
  // delta as a signed reasoning part (the upstream model's own), the rest as it came (calls, results,
  // garbage).
  const content = parts.flatMap((entry): LanguageModelV3Content[] =>
    typeOf(entry) === 'text-delta'
      ? [{ type: 'text', text: (entry as { delta: string }).delta }]
      : typeOf(entry) === 'reasoning-delta'
        ? [
            {
              type: 'reasoning',
              text: (entry as { delta: string }).delta,
              providerMetadata: { anthropic: { signature: 'sig' } },
            },
          ]
        : isCallPart(entry) || typeOf(entry) === undefined || typeOf(entry) === 'bogus-part'
          ? [entry as LanguageModelV3Content]
          : [],
  );
  const isText = (entry: unknown): entry is { type: 'text'; text: string } =>
    typeOf(entry) === 'text' && typeof (entry as { text?: unknown }).text === 'string';
  const generated = await transformed('generate');
  try {
    const result = await generated.middleware.wrapGenerate?.({
      doGenerate: async () => ({
        content,
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      }),
      doStream: async () => {
        throw new Error('not called');
      },
      params: generated.params,
      model,
    });
    const whole = parseToolCalls(content.map((entry) => (isText(entry) ? entry.text : '')).join(''), {
      format: 'hermes',
      tools,
    });
    const nativeContent = content.filter((entry) => !isText(entry));
    const given = new Set<unknown>(content);
    const outContent = result?.content ?? [];
    // What the parser made: new parts (the upstream's own come through as they were, or as web_search
    // calls with a unique id).
    const parsedContent = outContent.filter(
      (entry) => !given.has(entry) && !(isCallPart(entry) && entry.toolName === 'web_search'),
    );
    const asParts = parsedContent.flatMap((entry): LanguageModelV3StreamPart[] =>
      entry.type === 'text'
        ? [{ type: 'text-delta', id: 'tw-text', delta: entry.text }]
        : entry.type === 'reasoning'
          ? [{ type: 'reasoning-delta', id: 'tw-reasoning', delta: entry.text }]
          : [entry as LanguageModelV3StreamPart],
    );
    found.push(...compare('generate', asParts, whole));
    const passedContent = outContent.filter((entry) => !parsedContent.includes(entry));
    if (JSON.stringify(passedContent.map(withoutId)) !== JSON.stringify(nativeContent.map(withoutId)))
      found.push(
        `generate: passed content ${JSON.stringify(passedContent).slice(0, 300)} for ${JSON.stringify(nativeContent).slice(0, 300)}`,
      );
    found.push(...idViolations('generate', outContent as LanguageModelV3StreamPart[], asParts));
  } catch (error) {
    found.push(`generate: threw ${error instanceof Error ? error.message : String(error)}`);
  }
  return found;
}

/** The parsed text, reasoning, calls and invalid calls of `out` against the whole-text parse. */
function compare(
  where: string,
  out: readonly LanguageModelV3StreamPart[],
  expected: ReturnType<typeof parseToolCalls>,
): string[] {
  const found: string[] = [];
  const joined = (type: string) =>
    out
      .filter((entry) => entry.type === type)
      .map((entry) => (entry as { delta: string }).delta)
      .join('');
  if (joined('text-delta') !== expected.content)
    found.push(
      `${where}: text ${JSON.stringify(joined('text-delta'))} for ${JSON.stringify(expected.content)}`,
    );
  if (joined('reasoning-delta') !== expected.reasoning)
    found.push(
      `${where}: reasoning ${JSON.stringify(joined('reasoning-delta'))} for ${JSON.stringify(expected.reasoning)}`,
    );
  const calls = out.filter((entry) => entry.type === 'tool-call') as Extract<
    LanguageModelV3StreamPart,
    { type: 'tool-call' }
  >[];
  const valid = calls.filter((entry) => entry.providerMetadata?.toolwire?.invalid !== true);
  const invalid = calls.filter((entry) => entry.providerMetadata?.toolwire?.invalid === true);
  const got = JSON.stringify(valid.map((entry) => [entry.toolName, JSON.parse(entry.input)]));
  const want = JSON.stringify(expected.toolCalls.map((entry) => [entry.name, entry.arguments]));
  if (got !== want) found.push(`${where}: calls ${got} for ${want}`);
  const gotRaw = JSON.stringify(invalid.map((entry) => entry.providerMetadata?.toolwire?.raw));
  const wantRaw = JSON.stringify(expected.invalidToolCalls.map((entry) => entry.raw));
  if (gotRaw !== wantRaw) found.push(`${where}: invalid calls ${gotRaw} for ${wantRaw}`);
  return found;
}

/** Parsed call ids unique and unlike every native call id. */
function idViolations(
  where: string,
  out: readonly LanguageModelV3StreamPart[],
  parsed: readonly LanguageModelV3StreamPart[],
): string[] {
  const parsedIds = parsed.filter((entry) => entry.type === 'tool-call').map((entry) => callId(entry));
  const nativeIds = new Set(out.filter((entry) => !parsed.includes(entry) && isCallPart(entry)).map(callId));
  const found: string[] = [];
  if (new Set(parsedIds).size !== parsedIds.length)
    found.push(`${where}: parsed call ids repeat: ${parsedIds}`);
  for (const value of parsedIds)
    if (nativeIds.has(value)) found.push(`${where}: parsed call id ${value} is a native id`);
  return found;
}
