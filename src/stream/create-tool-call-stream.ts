import { ToolwireError } from '../errors/toolwire-error.js';
import { AutoParser } from '../formats/auto.js';
import { completeArgumentDeltas } from '../formats/core/complete-deltas.js';
import type { FormatDefinition, FormatOptions, FormatParser } from '../formats/format-definition.js';
import { getFormat, resolveModelFormat } from '../formats/registry.js';
import type { ParseEvent } from '../types/parse-event.js';
import { ArgumentJsonState } from './argument-check.js';

/**
 * Options of `createToolCallStream`: the format (id, alias, `"auto"` or a definition), the model name
 * (used by `auto`), an optional callback, and every `FormatOptions` (`tools`, reasoning options, ...).
 * `inputEvents` is always on here: streaming is what the `tool-input-*` events are for.
 */
export interface ToolCallStreamOptions extends Omit<FormatOptions, 'inputEvents'> {
  readonly format: string | FormatDefinition;
  /** Model name; `format: "auto"` picks the format from it (else from the first markers seen). */
  readonly model?: string;
  /** Called with each event, in order, before `push` / `finish` return it. */
  readonly onEvent?: (event: ParseEvent) => void;
}

/**
 * An incremental tool-call parser for one assistant turn (see `createToolCallStream`).
 *
 * - `push(chunk)`: feeds one text delta, returns the events it committed (often none).
 * - `finish()`: ends the turn, returns the last events. Afterwards `push` / `finish` throw.
 * - `reset()`: starts a new turn and returns the text that was buffered but not yet committed.
 * - `format`: the format id in use (`"auto"` until marker detection decided).
 */
export interface ToolCallStream {
  push(chunk: string): ParseEvent[];
  finish(): ParseEvent[];
  reset(): string;
  readonly format: string;
}

/**
 * Creates a streaming parser over one of the format parsers: feed it the model's text deltas as they
 * arrive, get ordered events named as the AI SDK's stream parts.
 *
 * Events (`ParseEvent`):
 * - `{ type: 'text-delta', delta }`, `{ type: 'reasoning-delta', delta }`: content and reasoning text;
 * - per call, in this order: `{ type: 'tool-input-start', id, toolName }`,
 *   `{ type: 'tool-input-delta', id, delta }`*, `{ type: 'tool-input-end', id }`, then
 *   `{ type: 'tool-call', id, toolName, input, raw }` or `{ type: 'tool-call-invalid', id?, toolName?,
 *   raw, error, issues }` (a call that ends invalid after it was announced still gets its
 *   `tool-input-end` first; a call that is invalid before its name is known gets only the invalid event).
 *
 * Guarantees (tested over the whole parse corpus with every chunking, `test/stream/`):
 * - Chunk independence: the events equal those of parsing the whole text at once, once adjacent
 *   deltas of the same kind (and call id) are merged. In particular the text-deltas so far are
 *   always a prefix of the final content: a chunk that ends in a possible marker prefix is held back,
 *   never emitted as text and taken back later.
 * - A tool name is only emitted whole: `tool-input-start`'s `toolName` is the final call's name.
 * - Calls are never withdrawn: every `tool-input-start` ends in a `tool-call` or `tool-call-invalid`
 *   with the same id, so the number of calls seen never decreases.
 * - Argument text: for a call that ends in `tool-call`, `JSON.parse` of its concatenated
 *   `tool-input-delta`s deep-equals `input` (key order aside). The text is NOT guaranteed to be
 *   byte-equal to `JSON.stringify(input)`: JSON formats stream the model's own argument text as it
 *   arrives (its whitespace and escapes), which is what lets a client show arguments early. Where a
 *   format decodes or types the arguments only at the end, it sends `JSON.stringify(input)` as one
 *   delta. When the model left out closing brackets or quotes that the format repaired, this stream
 *   adds them as one last `tool-input-delta` before `tool-input-end` (it follows each call's argument
 *   text with a small bracket tracker: one pass over each delta, no copy of the text).
 * - Work per `push` is proportional to the chunk plus a held-back marker prefix; the text so far is
 *   never re-scanned or copied.
 *
 * Never throws on model text. Platform-neutral (no `node:*`, DOM or web-stream types); see
 * `toTransformStream` for a web `TransformStream`.
 *
 * @throws {UnknownFormatError} (code `unknown_format`) when `options.format` is not registered.
 */
export function createToolCallStream(options: ToolCallStreamOptions): ToolCallStream {
  const { format: formatOption, onEvent, ...formatOptions } = options;
  const definition = resolveModelFormat(
    typeof formatOption === 'string' ? getFormat(formatOption) : formatOption,
    options.model,
  );
  const parser: FormatParser = definition.create({ ...formatOptions, inputEvents: true });
  let finished = false;
  const arguments_ = new ArgumentTracker();
  const deliver = (parsed: ParseEvent[]): ParseEvent[] => {
    if (parsed.length === 0) return parsed;
    const events = arguments_.check(parsed);
    if (onEvent) for (const event of events) onEvent(event);
    return events;
  };
  return {
    push(chunk: string): ParseEvent[] {
      if (finished) throw new ToolwireError('parser_finished', 'push() after finish(): call reset() first');
      if (typeof chunk !== 'string')
        throw new ToolwireError('invalid_argument', `push() takes a string, got ${typeof chunk}`);
      return chunk === '' ? [] : deliver(parser.push(chunk));
    },
    finish(): ParseEvent[] {
      if (finished) throw new ToolwireError('parser_finished', 'finish() called twice: call reset() first');
      finished = true;
      return deliver(parser.finish());
    },
    reset(): string {
      finished = false;
      arguments_.reset();
      return parser.reset();
    },
    get format(): string {
      return parser instanceof AutoParser ? (parser.format ?? definition.id) : definition.id;
    },
  };
}

/**
 * Follows each announced call's streamed argument text and, when the call completes, adds the closers
 * a repaired call needs (see `ArgumentJsonState`). Events are copied only when a delta is inserted.
 */
class ArgumentTracker {
  /** The JSON state of each announced call's streamed arguments (formats have one call open at a time). */
  private readonly open = new Map<string, ArgumentJsonState>();
  private lastId: string | undefined;
  private last: ArgumentJsonState | undefined;

  check(events: ParseEvent[]): ParseEvent[] {
    let out: ParseEvent[] | undefined;
    for (let index = 0; index < events.length; index++) {
      const event = events[index] as ParseEvent;
      switch (event.type) {
        case 'tool-input-start':
          this.lastId = event.id;
          this.last = new ArgumentJsonState();
          this.open.set(event.id, this.last);
          break;
        case 'tool-input-delta':
          // A summary delta (always right before its call's `tool-input-end`) is complete JSON: nothing
          // to track, nothing to add (see `completeArgumentDeltas`).
          if (events[index + 1]?.type !== 'tool-input-end' || !completeArgumentDeltas.has(event))
            (event.id === this.lastId ? this.last : this.open.get(event.id))?.feed(event.delta);
          break;
        case 'tool-input-end': {
          const state = this.take(event.id);
          const next = events[index + 1];
          if (state && next?.type === 'tool-call' && next.id === event.id) {
            const delta = state.completion();
            if (delta) {
              out ??= events.slice(0, index);
              out.push({ type: 'tool-input-delta', id: event.id, delta });
            }
          }
          break;
        }
        case 'tool-call-invalid':
          if (event.id !== undefined) this.take(event.id);
          break;
        default:
          break;
      }
      out?.push(event);
    }
    return out ?? events;
  }

  private take(id: string): ArgumentJsonState | undefined {
    const state = this.open.get(id);
    this.open.delete(id);
    if (id === this.lastId) {
      this.lastId = undefined;
      this.last = undefined;
    }
    return state;
  }

  reset(): void {
    this.open.clear();
    this.lastId = undefined;
    this.last = undefined;
  }
}
