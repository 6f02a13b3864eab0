import { JsonScanner, scanJsonValueEnd } from '../../json/json-scanner.js';
import { parseLenientJson } from '../../json/parse-lenient-json.js';
import { BaseFormatParser, type CallParts, type Cursor, type ReasoningTags } from '../core/base-parser.js';
import { findEarliestMarker, heldBackLength, isMarkerPrefix } from '../core/markers.js';
import type { FormatOptions } from '../format-definition.js';

/**
 * Family core for formats that wrap JSON in markers: `START {json} END` (Hermes, Granite 4, InternLM,
 * GigaChat) or `START [{json}, ...] END` (Mistral pre-v11, Jamba, Nemotron, Phi-4-mini, Hunyuan).
 *
 * - `start`: markers that open a call section (the first one is canonical).
 * - `end`: markers that close it; optional in the text (a missing end marker at the end of the output,
 *   or before the next start marker, still yields the call).
 * - `nameKeys` / `argumentKeys` / `idKeys`: where a call object keeps its parts, first match wins.
 * - `nameIsKey`: the call object is `{ NAME: {arguments} }` (Apertus).
 * - `reasoning`: reasoning tags recognised in text mode.
 */
export interface TaggedJsonConfig {
  readonly start: readonly string[];
  readonly end: readonly string[];
  readonly nameKeys?: readonly string[];
  readonly argumentKeys?: readonly string[];
  readonly idKeys?: readonly string[];
  readonly nameIsKey?: boolean;
  readonly reasoning?: ReasoningTags;
}

const defaultNameKeys = ['name'];
const defaultArgumentKeys = ['arguments', 'parameters'];
const defaultIdKeys = ['id'];

type State = 'text' | 'before-body' | 'json' | 'after-json' | 'garbage';

const isWhitespace = (code: number): boolean =>
  code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/**
 * One JSON body per call section, scanned incrementally: the scanner knows whether an end marker is
 * inside a JSON string (then it is data) or not (then the body is malformed and ends there).
 */
export class TaggedJsonParser extends BaseFormatParser {
  private state: State = 'text';
  private readonly scanner = new JsonScanner();
  private body: string[] = [];

  constructor(
    private readonly config: TaggedJsonConfig,
    options?: FormatOptions,
  ) {
    super(options, config.reasoning);
  }

  protected override onReset(): void {
    this.state = 'text';
    this.scanner.reset();
    this.body = [];
  }

  protected parse(cursor: Cursor): void {
    const { start, end } = this.config;
    const text = cursor.text;
    for (;;) {
      switch (this.state) {
        case 'text': {
          const match = this.scanText(cursor, start);
          if (!match) return;
          this.beginCall();
          this.take(cursor, match.index + match.marker.length, 'markup');
          this.state = 'before-body';
          break;
        }
        case 'before-body': {
          let position = cursor.position;
          while (position < text.length && isWhitespace(text.charCodeAt(position))) position++;
          this.take(cursor, position, 'call');
          if (position === text.length) {
            if (cursor.final)
              this.failCall('incomplete_tool_call', 'the tool call has no arguments body', undefined);
            if (cursor.final) this.state = 'text';
            return;
          }
          const code = text.charCodeAt(position);
          if ((code === 0x7b /* { */ || code === 0x5b) /* [ */ && this.tryWholeBody(cursor)) break;
          if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
            this.scanner.reset();
            this.body = [];
            this.state = 'json';
          } else {
            this.body = [];
            this.state = 'garbage';
          }
          break;
        }
        case 'json': {
          if (!this.scanJson(cursor)) return;
          break;
        }
        case 'after-json': {
          let position = cursor.position;
          while (position < text.length && isWhitespace(text.charCodeAt(position))) position++;
          if (position === text.length && !cursor.final) return;
          const closing = end.find((marker) => text.startsWith(marker, position));
          if (closing !== undefined) {
            this.take(cursor, position + closing.length, 'call');
            this.completeBody();
            break;
          }
          if (!cursor.final && end.some((marker) => isMarkerPrefix(text, position, marker))) return;
          // No end marker: the call ends with its JSON (the marker is optional in practice).
          this.completeBody();
          break;
        }
        case 'garbage': {
          // Not JSON: everything up to the end marker (or the next call, or the end) is an invalid call.
          const match = findEarliestMarker(text, cursor.position, [...end, ...start]);
          if (!match) {
            if (cursor.final) {
              this.take(cursor, text.length, 'call');
              this.failGarbage();
              return;
            }
            this.takeBody(cursor, text.length - heldBackLength(text, cursor.position, [...end, ...start]));
            return;
          }
          this.takeBody(cursor, match.index);
          if (end.includes(match.marker)) this.take(cursor, match.index + match.marker.length, 'call');
          this.failGarbage();
          break;
        }
      }
    }
  }

  /**
   * Fast path when the body and its end marker are both in this text (always, for whole-text parsing):
   * if the text up to the first end marker is valid JSON, that marker cannot be inside a string, so
   * the body is exactly that text and one native `JSON.parse` replaces the character scan.
   */
  private tryWholeBody(cursor: Cursor): boolean {
    const text = cursor.text;
    const match = findEarliestMarker(text, cursor.position, this.config.end);
    if (!match) return false;
    let bodyEnd = match.index;
    while (bodyEnd > cursor.position && isWhitespace(text.charCodeAt(bodyEnd - 1))) bodyEnd--;
    let value: unknown;
    try {
      value = JSON.parse(text.slice(cursor.position, bodyEnd));
    } catch {
      return false;
    }
    this.takeBody(cursor, bodyEnd);
    this.take(cursor, match.index + match.marker.length, 'call');
    this.completeBody(value);
    return true;
  }

  /** Feeds the scanner up to the next end marker; returns false when more text is needed. */
  private scanJson(cursor: Cursor): boolean {
    const { end } = this.config;
    const text = cursor.text;
    for (;;) {
      const match = findEarliestMarker(text, cursor.position, end);
      const limit = match
        ? match.index
        : cursor.final
          ? text.length
          : text.length - heldBackLength(text, cursor.position, end);
      const segment = text.slice(cursor.position, limit);
      const completed = this.scanner.push(segment);
      if (completed >= 0) {
        this.takeBody(cursor, cursor.position + completed);
        this.state = 'after-json';
        return true;
      }
      this.takeBody(cursor, limit);
      if (!match) {
        if (!cursor.final) return false;
        // Cut off at the end of the output (token limit): the call is incomplete, reported whole.
        this.body = [];
        this.state = 'text';
        this.failCall('incomplete_tool_call', 'the tool call is cut off before its JSON ends', undefined);
        return true;
      }
      if (this.scanner.inString) {
        // An end marker inside a JSON string is data.
        this.scanner.push(match.marker);
        this.takeBody(cursor, match.index + match.marker.length);
        continue;
      }
      // Outside a string with the value still open: the JSON is malformed; the call ends here.
      this.take(cursor, match.index + match.marker.length, 'call');
      this.completeBody();
      return true;
    }
  }

  private takeBody(cursor: Cursor, end: number): void {
    const piece = this.take(cursor, end, 'call');
    if (piece !== '') this.body.push(piece);
  }

  private failGarbage(): void {
    this.body = [];
    this.state = 'text';
    this.failCall('invalid_tool_call', 'the tool-call body is not JSON', undefined);
  }

  /** Decodes the collected body and emits its call(s). */
  private completeBody(decoded?: unknown): void {
    const bodyText = this.body.join('');
    this.body = [];
    this.state = 'text';
    const parsed = decoded === undefined ? parseLenientJson(bodyText) : { ok: true as const, value: decoded };
    if (!parsed.ok) {
      this.failCall('invalid_json', `the tool-call body is not valid JSON: ${parsed.error}`, undefined);
      return;
    }
    const value = parsed.value;
    if (!Array.isArray(value)) {
      const parts = this.callParts(value);
      if (typeof parts === 'string') this.failCall('missing_name', parts, undefined);
      else this.endCall(parts);
      return;
    }
    // An array section: one call per element, each with its own exact text as raw; the markers,
    // brackets and commas around them are structure.
    const section = this.closeCallRaw();
    const spans = elementSpans(bodyText);
    const bodyStart = section.indexOf(bodyText);
    let structure = section.slice(0, bodyStart);
    let previous = 0;
    value.forEach((element, index) => {
      const span = spans[index];
      const raw = span ? bodyText.slice(span[0], span[1]) : JSON.stringify(element);
      if (span) {
        structure += bodyText.slice(previous, span[0]);
        previous = span[1];
      }
      const parts = this.callParts(element);
      if (typeof parts === 'string') this.invalidCall(raw, 'missing_name', parts);
      else this.endCall(parts, raw);
    });
    this.markup.push(structure + bodyText.slice(previous) + section.slice(bodyStart + bodyText.length));
  }

  /** Extracts name, id and arguments from one call object, or says why it cannot. */
  private callParts(value: unknown): CallParts | string {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return 'the tool-call body is not a JSON object';
    }
    const record = value as Record<string, unknown>;
    if (this.config.nameIsKey) {
      const keys = Object.keys(record);
      const name = keys[0];
      if (keys.length !== 1 || name === undefined) return 'expected an object with one key, the tool name';
      return { name, argumentsValue: record[name] };
    }
    const name = pick(record, this.config.nameKeys ?? defaultNameKeys);
    if (typeof name !== 'string' || name === '') return 'the tool call has no "name"';
    const id = pick(record, this.config.idKeys ?? defaultIdKeys);
    const argumentsValue = pick(record, this.config.argumentKeys ?? defaultArgumentKeys);
    return typeof id === 'string' && id !== '' ? { name, id, argumentsValue } : { name, argumentsValue };
  }
}

function pick(record: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) if (Object.hasOwn(record, key)) return record[key];
  return undefined;
}

/** `[start, end)` of each top-level element of a JSON array text (lenient about what follows). */
function elementSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let position = text.indexOf('[') + 1;
  while (position > 0 && position < text.length) {
    while (position < text.length && (isWhitespace(text.charCodeAt(position)) || text[position] === ','))
      position++;
    if (position >= text.length || text[position] === ']') break;
    const end = scanJsonValueEnd(text, position);
    if (end < 0) {
      spans.push([position, text.length]);
      break;
    }
    spans.push([position, end]);
    position = end;
  }
  return spans;
}
