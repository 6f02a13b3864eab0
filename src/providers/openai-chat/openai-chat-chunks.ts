import { checkIterable } from '../../internal/check-iterable.js';
import type { ParseEvent } from '../../types/parse-event.js';
import type { ParseResult } from '../../types/tool-call.js';
import { accumulateEvents, type StreamEvents } from '../shared/accumulate-events.js';
import type { AccumulatedCall } from '../shared/accumulated-call.js';
import { invalidMark } from '../shared/accumulated-call.js';
import { CallAccumulator, integerIndex, isRecord, nonEmptyString } from '../shared/call-accumulator.js';

/** One `tool_calls` entry of a streamed OpenAI Chat delta (wire names verbatim). */
export interface OpenAIChatToolCallDelta {
  index?: number | null;
  id?: string | null;
  type?: 'function';
  function?: { name?: string | null; arguments?: string | null };
}

/** A `chat.completion.chunk` (only the fields toolwire reads or writes). */
export interface OpenAIChatChunk {
  id?: string;
  object?: 'chat.completion.chunk' | string;
  created?: number;
  model?: string;
  choices?: Array<{
    index?: number;
    delta?: {
      role?: 'assistant' | string;
      content?: string | null;
      reasoning_content?: string | null;
      reasoning?: string | null;
      tool_calls?: OpenAIChatToolCallDelta[] | null;
    };
    finish_reason?: string | null;
  }>;
}

/**
 * Options of `toOpenAIChatChunks`: the chunk `id`, `model` and `created` written into every chunk
 * (defaults `chatcmpl-toolwire`, `toolwire`, 0: deterministic), and the delta field reasoning goes to
 * (`reasoning_content`, as vLLM and DeepSeek write it; `reasoning` as OpenRouter and Ollama; `false`
 * drops it).
 */
export interface OpenAIChatChunkOptions {
  readonly id?: string;
  readonly model?: string;
  readonly created?: number;
  readonly reasoningField?: 'reasoning_content' | 'reasoning' | false;
}

type ChatDelta = NonNullable<NonNullable<OpenAIChatChunk['choices']>[number]['delta']>;

/**
 * Turns parse events into OpenAI `chat.completion.chunk`s as they come, one chunk per event that has
 * something to say: `text-delta` → `delta.content`; `reasoning-delta` → `delta.reasoning_content`;
 * `tool-input-start` → `tool_calls: [{ index, id, type: "function", function: { name, arguments: "" } }]`
 * (id and name once, `index` counting calls from 0); `tool-input-delta` → `tool_calls: [{ index,
 * function: { arguments } }]`. The first chunk carries `role: "assistant"`; `finish()` returns the last
 * chunk, `delta: {}` with `finish_reason: "tool_calls"` when a call completed, else `"stop"`.
 *
 * `tool-call` adds nothing (its arguments already streamed). A `tool-call-invalid` has no OpenAI form,
 * and must never reach a client as a call it could run (a cut-off `delete_file` streamed as `""`
 * arguments would read as `delete_file({})`): one that was announced gets a last argument fragment that
 * starts with U+0000, which no JSON text can hold, followed by `{"error", "issues", "raw"}` as JSON, so
 * its arguments never parse (`accumulateOpenAIChatChunks` turns it back into that invalid call); one
 * that was never announced is sent as `content`, its raw text, as a server sends text it could not read
 * as a call. Nothing is left out.
 */
export class OpenAIChatChunkEncoder {
  private readonly id: string;
  private readonly model: string;
  private readonly created: number;
  private readonly reasoningField: 'reasoning_content' | 'reasoning' | false;
  private readonly indexes = new Map<string, number>();
  private started = false;
  private calls = 0;

  constructor(options: OpenAIChatChunkOptions = {}) {
    this.id = options.id ?? 'chatcmpl-toolwire';
    this.model = options.model ?? 'toolwire';
    this.created = options.created ?? 0;
    this.reasoningField = options.reasoningField ?? 'reasoning_content';
  }

  push(events: Iterable<ParseEvent>): OpenAIChatChunk[] {
    const chunks: OpenAIChatChunk[] = [];
    for (const event of events) {
      let delta: ChatDelta | undefined;
      switch (event.type) {
        case 'text-delta':
          delta = { content: event.delta };
          break;
        case 'reasoning-delta':
          if (this.reasoningField !== false) delta = { [this.reasoningField]: event.delta };
          break;
        case 'tool-input-start': {
          const index = this.indexes.size;
          this.indexes.set(event.id, index);
          delta = {
            tool_calls: [
              { index, id: event.id, type: 'function', function: { name: event.toolName, arguments: '' } },
            ],
          };
          break;
        }
        case 'tool-input-delta': {
          const index = this.indexes.get(event.id);
          if (index !== undefined) delta = { tool_calls: [{ index, function: { arguments: event.delta } }] };
          break;
        }
        case 'tool-call':
          this.calls++;
          break;
        case 'tool-call-invalid': {
          const index = event.id === undefined ? undefined : this.indexes.get(event.id);
          if (index === undefined) delta = { content: event.raw };
          else {
            const detail = JSON.stringify({ error: event.error, issues: event.issues, raw: event.raw });
            delta = { tool_calls: [{ index, function: { arguments: `${invalidMark}${detail}` } }] };
          }
          break;
        }
        case 'tool-input-end':
          break;
      }
      if (delta) chunks.push(this.chunk(delta, null));
    }
    return chunks;
  }

  finish(): OpenAIChatChunk[] {
    return [this.chunk({}, this.calls > 0 ? 'tool_calls' : 'stop')];
  }

  private chunk(delta: ChatDelta, finishReason: string | null): OpenAIChatChunk {
    const first = !this.started;
    this.started = true;
    return {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices: [
        { index: 0, delta: first ? { role: 'assistant', ...delta } : delta, finish_reason: finishReason },
      ],
    };
  }
}

/** `OpenAIChatChunkEncoder` over a whole event list: its chunks, then the finishing chunk. */
export function toOpenAIChatChunks(
  events: Iterable<ParseEvent>,
  options?: OpenAIChatChunkOptions,
): OpenAIChatChunk[] {
  checkIterable(events, 'toOpenAIChatChunks');
  const encoder = new OpenAIChatChunkEncoder(options);
  return [...encoder.push(events), ...encoder.finish()];
}

/**
 * Rebuilds content, reasoning and tool calls from any OpenAI-compatible `chat.completion.chunk` stream
 * (choice `index` 0, or a chunk without an index), tolerant of what real servers send:
 *
 * - fragments are routed by `id` first (a known id continues its call; a new id opens a new call even
 *   on an `index` already in use), then by `index` (a digit string such as `"1"` is that number; any
 *   other string is a key of its own, never another call's), then, with a missing or `null` index, to
 *   the last call;
 * - a `function.name` on a call that already has a different name opens a new call (names are never
 *   glued); a repeated equal name is ignored;
 * - two JSON objects on one index (`{"a":1}{"b":2}`) are two calls of that name, the second without the
 *   server's id (it gets `call_N`);
 * - a call that began with a name and no arguments yet (`""`, or the placeholder `{}` Gemini sends
 *   before the real object: microsoft/autogen #7549) takes the arguments of the nameless fragment that
 *   follows it, even on a new index or under a new id (which then routes to it too): the arguments
 *   are that call's, never a runnable `{}` beside a nameless invalid call;
 * - `finish_reason` is recorded, never trusted: calls count whatever it says (`"stop"` with calls);
 * - arguments `""` (a zero-argument call) are `{}`; arguments that are not a JSON object make an
 *   `InvalidToolCall` with the text as `raw` (never dropped, never attached to another call); a call
 *   without any name is invalid (`missing_name`).
 *
 * `push` never throws on chunk data; values of the wrong type are ignored field by field.
 */
export class OpenAIChatChunkAccumulator extends CallAccumulator {
  private readonly byIndex = new Map<number | string, AccumulatedCall>();
  private readonly byId = new Map<string, AccumulatedCall>();
  private last: AccumulatedCall | undefined;
  /** Calls that some fragment gave an index. */
  private readonly indexed = new WeakSet<AccumulatedCall>();

  constructor() {
    super('openai-chat');
  }

  push(chunk: unknown): void {
    if (!isRecord(chunk) || !Array.isArray(chunk.choices)) return;
    for (const choice of chunk.choices) {
      if (!isRecord(choice)) continue;
      if (typeof choice.index === 'number' && choice.index !== 0) continue;
      if (typeof choice.finish_reason === 'string') this.finishReason = choice.finish_reason;
      const delta = choice.delta;
      if (!isRecord(delta)) continue;
      this.addReasoning(delta.reasoning_content);
      this.addReasoning(delta.reasoning);
      this.addContent(delta.content);
      if (Array.isArray(delta.tool_calls)) for (const call of delta.tool_calls) this.addToolCall(call);
    }
  }

  private addToolCall(fragment: unknown): void {
    if (!isRecord(fragment)) return;
    const id = nonEmptyString(fragment.id);
    const index = indexKey(fragment.index);
    const fn = isRecord(fragment.function) ? fragment.function : {};
    const name = nonEmptyString(fn.name);
    const text = argumentText(fn.arguments);
    let call: AccumulatedCall | undefined;
    if (id !== undefined) {
      call = this.byId.get(id);
      // The same id again under another name is another call (a server reusing ids): never glued.
      if (call && name !== undefined && startsNewCall(call, name)) call = undefined;
    }
    if (call === undefined) {
      const byIndex = index !== undefined ? this.byIndex.get(index) : undefined;
      let candidate: AccumulatedCall | undefined;
      if (id === undefined) {
        // A first index after fragments without one (null, then 0) continues the call they opened.
        if (index === undefined) candidate = this.last;
        else if (byIndex !== undefined) candidate = byIndex;
        else if (this.last !== undefined && !this.indexed.has(this.last)) candidate = this.last;
      } else if (byIndex && byIndex.id === undefined && byIndex.name === undefined) {
        // Arguments that came before the call's id and name on this index: the same call.
        candidate = byIndex;
      }
      if (candidate && !(name !== undefined && startsNewCall(candidate, name))) call = candidate;
    }
    // Nameless arguments that would open a call of their own belong to a named call still waiting for its.
    if (call === undefined && name === undefined && this.last?.awaitsArguments && text.trim() !== '')
      call = this.last;
    if (call === undefined) call = this.openCall(id, name);
    if (call.name === undefined && name !== undefined) call.name = name;
    if (call.id === undefined && id !== undefined && !this.byId.has(id)) call.id = id;
    if (name === undefined && call.awaitsArguments && call.hasArguments && text.trim().startsWith('{')) {
      // The `{}` placeholder gives way to the real object.
      call.replaceArguments(text);
      this.touch(call);
    } else call = this.appendArguments(call, text);
    if (call.id !== undefined) this.byId.set(call.id, call);
    // A new id the fragment came under routes its later fragments to the call it joined.
    if (id !== undefined && !this.byId.has(id)) this.byId.set(id, call);
    if (index !== undefined) {
      this.byIndex.set(index, call);
      this.indexed.add(call);
    }
    this.last = call;
  }
}

/**
 * The key a fragment's `index` routes by: a non-negative integer, or a string of digits (`"1"`, sent
 * by some servers) as that number; any other non-empty string as a key of its own (`"__proto__"` is
 * just a key: a Map holds them), so such fragments are never attached to another call; else
 * `undefined` (missing, `null`, `NaN`, negative or fractional: routed by id, then to the last call).
 */
function indexKey(value: unknown): number | string | undefined {
  const index = integerIndex(value);
  if (index !== undefined) return index;
  return typeof value === 'string' && value !== '' && !/^[0-9]+$/.test(value) ? `key:${value}` : undefined;
}

/**
 * A fragment's `function.arguments` as text: a string as is; an object or other JSON value (some servers
 * send the arguments object itself) as its JSON text, so it is never dropped; missing or `null` is `""`.
 */
function argumentText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

/** A name fragment for `call` belongs to a new call: `call` already has another name. */
function startsNewCall(call: AccumulatedCall, name: string): boolean {
  return call.name !== undefined && call.name !== name;
}

/**
 * Rebuilds calls from a whole list of chunks (see `OpenAIChatChunkAccumulator`): an `Iterable` gives the result at once; an `AsyncIterable` (an SDK stream, an async
 * generator) gives a promise of it.
 * @throws {ToolwireError} (code `invalid_argument`) when `chunks` is neither (a string, say).
 */
export function accumulateOpenAIChatChunks(chunks: Iterable<unknown>): ParseResult;
export function accumulateOpenAIChatChunks(chunks: AsyncIterable<unknown>): Promise<ParseResult>;
export function accumulateOpenAIChatChunks(chunks: StreamEvents): ParseResult | Promise<ParseResult>;
export function accumulateOpenAIChatChunks(chunks: StreamEvents): ParseResult | Promise<ParseResult> {
  return accumulateEvents(chunks, 'accumulateOpenAIChatChunks', new OpenAIChatChunkAccumulator());
}
