import { isWhitespace } from '../../internal/whitespace.js';
import { argumentsFromValue } from '../../schema/decode-arguments.js';
import type { ParseEvent } from '../../types/parse-event.js';
import type { InvalidToolCall, ToolCall } from '../../types/tool-call.js';

/**
 * One call being rebuilt from a provider stream: id and name as they arrived, argument fragments in
 * order, and a small scanner that knows when the top-level JSON value is complete (so a second JSON
 * object sent on the same slot starts a new call instead of corrupting this one). Internal to `stream/`.
 */
export class AccumulatedCall {
  id: string | undefined;
  name: string | undefined;
  /** Zero-based position among the stream's calls (its fallback id is `call_${position}`). */
  position = 0;
  /** Counts `replaceArguments` calls, so a reader that streamed the old text can tell it changed. */
  revision = 0;
  private readonly pieces: string[] = [];
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** 0: nothing but whitespace yet; 1: inside a top-level object or array; 2: it closed; 3: other text. */
  private phase: 0 | 1 | 2 | 3 = 0;

  constructor(id: string | undefined, name: string | undefined) {
    this.id = id;
    this.name = name;
  }

  /** Whether the arguments so far hold a complete top-level JSON object or array. */
  get complete(): boolean {
    return this.phase === 2;
  }

  /** Whether any non-whitespace argument text arrived. */
  get hasArguments(): boolean {
    return this.phase !== 0;
  }

  /**
   * A named call whose arguments are still to come: none arrived, or only an empty object `{}` (a
   * placeholder some servers send first, Gemini's OpenAI-compatible API among them).
   */
  get awaitsArguments(): boolean {
    if (this.name === undefined || this.name === '') return false;
    if (this.phase === 0) return true;
    return this.phase === 2 && this.emptyObject;
  }

  /** The top-level value is `{}`: an object opened, and its `}` the only other non-whitespace. */
  private emptyObject = false;
  /** Non-whitespace characters read inside the top-level value (its closing bracket included). */
  private inner = 0;

  /**
   * Appends a fragment. Returns the part of it that starts a SECOND top-level JSON value after this
   * call's completed one (`{"a":1}{"b":2}` on one index): the caller opens a new call with it. Any
   * other text stays here (a broken JSON text then makes this call invalid, never lost).
   */
  append(text: string): string {
    let index = 0;
    const length = text.length;
    while (index < length) {
      const code = text.charCodeAt(index);
      if (this.phase === 1) {
        if (!isWhitespace(code)) this.inner++;
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (code === 0x5c /* \ */) this.escaped = true;
          else if (code === 0x22 /* " */) this.inString = false;
        } else if (code === 0x22) this.inString = true;
        else if (code === 0x7b /* { */ || code === 0x5b /* [ */) this.depth++;
        else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
          this.depth--;
          if (this.depth === 0) {
            this.phase = 2;
            this.emptyObject = code === 0x7d && this.inner === 1;
          }
        }
      } else if (!isWhitespace(code)) {
        if (this.phase === 2 && code === 0x7b) {
          if (index > 0) this.pieces.push(text.slice(0, index));
          return text.slice(index);
        }
        if (this.phase === 0 && (code === 0x7b || code === 0x5b)) {
          this.phase = 1;
          this.depth = 1;
          this.inner = 0;
        } else {
          this.phase = 3;
          break;
        }
      }
      index++;
    }
    if (text !== '') this.pieces.push(text);
    return '';
  }

  /** The argument text received so far. */
  get argumentsText(): string {
    return this.pieces.join('');
  }

  /** How many fragments `argumentsText` is made of (see `textFrom`). */
  get pieceCount(): number {
    return this.pieces.length;
  }

  /** The text of the fragments from `piece` on: what arrived since a reader last counted `pieceCount`. */
  textFrom(piece: number): string {
    return piece === 0 ? this.pieces.join('') : this.pieces.slice(piece).join('');
  }

  /** Replaces the argument text (a provider's final `arguments` that disagrees with its deltas). */
  replaceArguments(text: string): void {
    this.revision++;
    this.pieces.length = 0;
    this.phase = 0;
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    this.emptyObject = false;
    this.append(text);
  }

  /**
   * The rebuilt call: `""` (or whitespace) arguments are `{}`; arguments must be strict JSON holding an
   * object (a JSON string holding an object is decoded once more). Anything else is an invalid call
   * with the argument text as `raw`.
   */
  toCall(fallbackId: string): ToolCall | InvalidToolCall {
    const id = this.id ?? fallbackId;
    const raw = this.argumentsText;
    const mark = raw.indexOf(invalidMark);
    if (mark >= 0) return markedInvalid(id, this.name, raw, mark);
    if (this.name === undefined || this.name === '') {
      return invalid(id, undefined, raw, 'missing_name', 'the stream gave no name for this call');
    }
    let value: unknown;
    if (raw.trim() === '') value = {};
    else {
      try {
        value = JSON.parse(raw);
      } catch (error) {
        return invalid(
          id,
          this.name,
          raw,
          'invalid_json',
          `arguments are not valid JSON: ${(error as Error).message}`,
        );
      }
    }
    const result = argumentsFromValue(value);
    if (!result.ok) {
      const issues = result.issues;
      return {
        id,
        name: this.name,
        raw,
        error: issues.map((issue) => issue.message).join('; '),
        issues,
      };
    }
    return { id, name: this.name, arguments: result.value, raw };
  }
}

/**
 * U+0000 in a call's argument text: no JSON text holds it, so arguments that contain it never parse.
 * `OpenAIChatChunkEncoder` sends it, followed by `{"error", "issues", "raw"}`, as the last fragment of
 * a call that turned out invalid after it was announced.
 */
export const invalidMark = '\u0000';

/** The invalid call an encoder marked (see `invalidMark`); the text after the mark tells why. */
function markedInvalid(id: string, name: string | undefined, text: string, mark: number): InvalidToolCall {
  let detail: unknown;
  try {
    detail = JSON.parse(text.slice(mark + 1));
  } catch {
    detail = undefined;
  }
  const record = typeof detail === 'object' && detail !== null ? (detail as Record<string, unknown>) : {};
  const raw = typeof record.raw === 'string' ? record.raw : text;
  const error = typeof record.error === 'string' ? record.error : 'the call was marked invalid by the stream';
  const issues =
    Array.isArray(record.issues) && record.issues.every((issue) => typeof issue?.code === 'string')
      ? (record.issues as InvalidToolCall['issues'])
      : [{ code: 'invalid_tool_call', message: error }];
  return name === undefined || name === '' ? { id, raw, error, issues } : { id, name, raw, error, issues };
}

function invalid(
  id: string,
  name: string | undefined,
  raw: string,
  code: string,
  message: string,
): InvalidToolCall {
  return name === undefined
    ? { id, raw, error: message, issues: [{ code, message }] }
    : { id, name, raw, error: message, issues: [{ code, message }] };
}

export const isInvalidCall = (call: ToolCall | InvalidToolCall): call is InvalidToolCall => 'error' in call;

/** The event that ends a rebuilt call in a stream: `tool-call`, or `tool-call-invalid` with its reason. */
export function callEndEvent(id: string, built: ToolCall | InvalidToolCall): ParseEvent {
  if (isInvalidCall(built))
    return {
      type: 'tool-call-invalid',
      id,
      ...(built.name === undefined ? {} : { toolName: built.name }),
      raw: built.raw,
      error: built.error,
      issues: built.issues,
    };
  return { type: 'tool-call', id, toolName: built.name, input: built.arguments, raw: built.raw ?? '' };
}
