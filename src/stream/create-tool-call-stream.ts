import { ToolwireError } from '../errors/toolwire-error.js';
import { AutoParser } from '../formats/auto.js';
import type { FormatDefinition, FormatOptions, FormatParser } from '../formats/format-definition.js';
import { checkFormatOptions, describe } from '../formats/format-options.js';
import { resolveFormat } from '../formats/parse-tool-calls.js';
import { resolveModelFormat } from '../formats/registry.js';
import type { ParseEvent } from '../types/parse-event.js';
import type { Warning } from '../types/warning.js';

/**
 * Options of `createToolCallStream`: the format (id, alias, `"auto"` or a definition), the model name
 * (used by `auto`), an optional callback, and every `FormatOptions` (`tools`, reasoning options, ...).
 * `inputEvents` is always on here: streaming is what the `tool-input-*` events are for.
 */
export interface ToolCallStreamOptions extends Omit<FormatOptions, 'inputEvents'> {
  /** Format id, alias or definition; default `"auto"` (from `model`, else from the markers seen). */
  readonly format?: string | FormatDefinition;
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
 * - `warnings`: what the parse noticed beyond the calls (see `ParseResult.warnings`), after `finish()`.
 */
export interface ToolCallStream {
  push(chunk: string): ParseEvent[];
  finish(): ParseEvent[];
  reset(): string;
  readonly format: string;
  /**
   * What the parse noticed beyond the calls (`ParseResult.warnings`: `auto` found no call while another
   * format's call signature is in the output, an unknown `model`); complete after `finish()`.
   */
  readonly warnings: readonly Warning[];
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
 *   `tool-input-delta`s deep-equals `input`, the final ALIGNED arguments (key order aside), also when
 *   the schema coerced a value or the model's JSON was repaired. JSON formats that carry the arguments
 *   as their own JSON text (kimi_k2, mistral, ...) pass top-level string members whose schema keeps
 *   strings as they are through as they arrive, so a client sees long values early; every other member
 *   (numbers, containers, enum values, coerced or repaired values) comes in the call's last delta, from
 *   the aligned input (see `ArgumentStreamer`). Formats that decode or type the arguments only at the
 *   end send `JSON.stringify(input)` as one delta.
 * - Work per `push` is proportional to the chunk plus a held-back marker prefix; the text so far is
 *   never re-scanned or copied.
 *
 * Never throws on model text. Platform-neutral (no `node:*`, DOM or web-stream types); see
 * `toTransformStream` for a web `TransformStream`.
 *
 * @throws {UnknownFormatError} (code `unknown_format`) when `options.format` is not registered.
 * @throws {InvalidToolsError} (code `invalid_tools`) for `tools` that are not tools.
 * @throws {ToolwireError} (code `invalid_argument`) when `options` is not an object, `format` neither a
 *   string nor a `FormatDefinition`, `model` not a string, `onEvent` not a function, or another option
 *   of the wrong type.
 */
export function createToolCallStream(options: ToolCallStreamOptions = {}): ToolCallStream {
  const { format: formatOption, onEvent, ...formatOptions } = checkFormatOptions(options);
  if (onEvent !== undefined && typeof onEvent !== 'function')
    throw new ToolwireError(
      'invalid_argument',
      `options.onEvent must be a function, got ${describe(onEvent)}`,
    );
  const definition = resolveModelFormat(resolveFormat(formatOption), formatOptions.model);
  return new FormatToolCallStream(
    definition,
    // Not `{ ...formatOptions, inputEvents: true }`: a property added to a spread's copy costs about
    // 3 µs on Node 20 (see `withSchemaAlignment`).
    definition.create(Object.assign({}, formatOptions, { inputEvents: true })),
    onEvent,
  );
}

/** The `ToolCallStream` over one format parser (a class: `push` runs per chunk and stays monomorphic). */
class FormatToolCallStream implements ToolCallStream {
  private finished = false;

  constructor(
    private readonly definition: FormatDefinition,
    private readonly parser: FormatParser,
    private readonly onEvent: ((event: ParseEvent) => void) | undefined,
  ) {}

  push(chunk: string): ParseEvent[] {
    if (this.finished)
      throw new ToolwireError('parser_finished', 'push() after finish(): call reset() first');
    if (typeof chunk !== 'string')
      throw new ToolwireError('invalid_argument', `push() takes a string, got ${typeof chunk}`);
    if (chunk === '') return [];
    const events = this.parser.push(chunk);
    if (this.onEvent !== undefined && events.length > 0) this.deliver(events);
    return events;
  }

  finish(): ParseEvent[] {
    if (this.finished)
      throw new ToolwireError('parser_finished', 'finish() called twice: call reset() first');
    this.finished = true;
    const events = this.parser.finish();
    if (this.onEvent !== undefined) this.deliver(events);
    return events;
  }

  reset(): string {
    this.finished = false;
    return this.parser.reset();
  }

  get format(): string {
    const parser = this.parser;
    return parser instanceof AutoParser ? (parser.format ?? this.definition.id) : this.definition.id;
  }

  get warnings(): readonly Warning[] {
    return this.parser instanceof AutoParser ? this.parser.warnings : [];
  }

  private deliver(events: readonly ParseEvent[]): void {
    const onEvent = this.onEvent as (event: ParseEvent) => void;
    for (const event of events) onEvent(event);
  }
}
