/**
 * `llama3_json`: Llama 3.1 / 3.2 / 3.3 (and Llama 4 in JSON mode) tool calls: bare JSON objects
 * `{"name": NAME, "parameters": {...}}`, optionally after `<|python_tag|>`.
 *
 * ```text
 * <|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}; {"name": "get_time", "parameters": {}}
 * ```
 *
 * - Parallel calls: objects separated by `;` (the `;` is structure; after a tagged call the next
 *   object is tagged too) or by repeated `<|python_tag|>`.
 * - Arguments: the object under `parameters` or `arguments`.
 * - Objects in prose (vLLM finds them anywhere): a `{…}` in text is a call only when it is a complete,
 *   well-formed object (JSON, or a Python dict literal) with a string `name` and an object
 *   `parameters`/`arguments`; anything else (`{"parameters": {}}`, `{"name": "x"}`, `{invalid json}`,
 *   braces in prose) stays content. A malformed object is content up to the first character that
 *   breaks it, and scanning resumes there (so `{"a": {{"name": …}}` still finds the inner call). An
 *   object cut off at the end of the output that already shows `name` and `parameters` is an
 *   `InvalidToolCall`. An object nested too deeply to read (more than 256 levels of objects and arrays, itself included)
 *   is an `InvalidToolCall` with code `too_deep` and the whole object as raw when it is a call object
 *   (a string `name` and `parameters`/`arguments`); otherwise all of it is content.
 * - After `<|python_tag|>` the object is a call for sure: it is read leniently (JSON repairs), needs
 *   only a `name`, and a malformed one is an `InvalidToolCall` with its raw text. A `<|python_tag|>`
 *   inside a JSON string is data; one that ends the output (whitespace aside) is an `InvalidToolCall`
 *   holding it, while a bare `{` there stays content, as braces in prose do.
 * - Text around the calls is content (SGLang keeps it; vLLM returns no content when it finds calls,
 *   which the "nothing lost" rule forbids).
 * - Deliberately not done: built-in tool syntax (`<|python_tag|>brave_search.call(query="…")`) stays
 *   content, as in vLLM.
 *
 * Checked against: vLLM `llama_tool_parser.py` and its tests, SGLang `llama32_detector.py` tests,
 * llama.cpp `tests/test-chat.cpp` (Llama 3.x templates) — `../shared/docs/formats.md` F20.
 */

import { JsonScanner, parseLenientJson } from '../../json/index.js';
import { BaseFormatParser, type CallParts, type Cursor } from '../core/base-parser.js';
import { unreadArguments } from '../core/call-object-parts.js';
import { taggedObjectEnvelope } from '../core/envelopes.js';
import { heldBackLength, MarkerSearch } from '../core/markers.js';
import { BracketSkipper } from '../families/pythonic/bracket-skipper.js';
import { PythonCallScanner } from '../families/pythonic/python-call-scanner.js';
import type { FormatDefinition } from '../format-definition.js';

const TAG = '<|python_tag|>';
const textMarkers = [TAG, '{'];
const tagMarkers = [TAG];

type State = 'text' | 'tagged' | 'tagged-json' | 'candidate' | 'deep' | 'after-call';

const isSpace = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keys of a Llama 3 call object, for `unreadArguments`. */
const llamaKeys = { nameKeys: ['name'], argumentKeys: ['parameters', 'arguments'], idKeys: [] };

/** Name and arguments of a call object; `strict` requires an object under `parameters`/`arguments`. */
function callParts(value: unknown, strict: boolean): CallParts | undefined {
  if (!isObject(value) || typeof value.name !== 'string' || value.name === '') return undefined;
  const key = Object.hasOwn(value, 'parameters')
    ? 'parameters'
    : Object.hasOwn(value, 'arguments')
      ? 'arguments'
      : undefined;
  if (strict && (key === undefined || !isObject(value[key]))) return undefined;
  return { name: value.name, argumentsValue: key === undefined ? {} : value[key] };
}

/**
 * The call name of an object that failed as too deep, from its outer members read so far: a string
 * `name` and a `parameters`/`arguments` member that is read or being read. `undefined` otherwise.
 */
function deepCallName(
  outer: { readonly object: Readonly<Record<string, unknown>>; readonly key: unknown } | undefined,
): string | undefined {
  if (outer === undefined) return undefined;
  const { object, key } = outer;
  const name = Object.hasOwn(object, 'name') ? object.name : undefined;
  if (typeof name !== 'string' || name === '') return undefined;
  const argumentsKey =
    key === 'parameters' ||
    key === 'arguments' ||
    Object.hasOwn(object, 'parameters') ||
    Object.hasOwn(object, 'arguments');
  return argumentsKey ? name : undefined;
}

/** Incremental Llama 3 JSON parser; see the module comment. */
export class Llama3JsonParser extends BaseFormatParser {
  private state: State = 'text';
  /** Validating reader of an object found in prose. */
  private readonly literal = new PythonCallScanner();
  /** End finder for an object after `<|python_tag|>`. */
  private readonly json = new JsonScanner();
  private pieces: string[] = [];
  private readonly tagSearch = new MarkerSearch(tagMarkers);
  /** The last call came after `<|python_tag|>`: a `;` after it opens another tagged call. */
  private tagged = false;
  /** Finds the end of an object in prose that is nested too deeply to read. */
  private readonly skipper = new BracketSkipper();
  /** The name of the too-deep object's call, when what was read of it shows a call object. */
  private deepName: string | undefined;
  protected override onReset(): void {
    this.state = 'text';
    this.pieces = [];
    this.tagged = false;
    this.json.reset();
  }

  protected parse(cursor: Cursor): void {
    for (;;) {
      switch (this.state) {
        case 'text': {
          const match = this.scanText(cursor, textMarkers);
          if (!match) return;
          this.pieces = [];
          if (match.marker === TAG) {
            // Held with the whitespace after it (`holdStart`): markup once an object or text follows.
            this.holdStart(cursor, match.index + TAG.length);
            this.state = 'tagged';
          } else {
            this.literal.reset('value');
            this.state = 'candidate';
          }
          break;
        }
        case 'tagged': {
          const text = cursor.text;
          let position = cursor.position;
          while (position < text.length && isSpace(text.charCodeAt(position))) position++;
          this.takeLayout(cursor, position);
          if (position === text.length) {
            if (!cursor.final) return;
            // The output ended right after `<|python_tag|>` (a `;` after a tagged call is only a
            // separator): a call begun and not written, not markup dropped without a word.
            this.cutAfterStart(`the output ends right after ${TAG}`);
            this.state = 'text';
            break;
          }
          this.releaseStart();
          if (text.charCodeAt(position) === 0x7b /* { */) {
            this.json.reset();
            this.pieces = [];
            this.state = 'tagged-json';
          } else {
            this.state = 'text';
          }
          break;
        }
        case 'tagged-json':
          if (!this.scanTagged(cursor)) return;
          break;
        case 'candidate':
          if (!this.scanCandidate(cursor)) return;
          break;
        case 'deep':
          if (!this.skipDeep(cursor)) return;
          break;
        case 'after-call': {
          const text = cursor.text;
          let position = cursor.position;
          while (position < text.length && isSpace(text.charCodeAt(position))) position++;
          this.take(cursor, position, 'content');
          if (position === text.length && !cursor.final) return;
          const separated = text.charCodeAt(position) === 0x3b; /* ; */
          if (separated) this.take(cursor, position + 1, 'markup');
          this.state = separated && this.tagged ? 'tagged' : 'text';
          break;
        }
      }
    }
  }

  private keep(cursor: Cursor, end: number): void {
    const piece = this.take(cursor, end, 'call');
    if (piece !== '') this.pieces.push(piece);
  }

  private unit(): string {
    const text = this.pieces.join('');
    this.pieces = [];
    return text;
  }

  /** An object in prose, read strictly; content unless it is a complete call object. */
  private scanCandidate(cursor: Cursor): boolean {
    const text = cursor.text;
    const stop = this.literal.scan(text, cursor.position, text.length);
    if (stop.kind === 'value') {
      this.keep(cursor, stop.index);
      const raw = this.unit();
      const parts = callParts(stop.value, true);
      if (parts) {
        this.endCall(parts, raw);
        this.tagged = false;
        this.state = 'after-call';
      } else {
        this.emitTaken(raw, 'content');
        this.state = 'text';
      }
      return true;
    }
    if (stop.kind === 'error' && stop.code === 'too_deep') {
      // Too deep to read: find the object's end, then tell whether it is a call object.
      this.keep(cursor, stop.index);
      this.deepName = deepCallName(this.literal.outerDict);
      this.skipper.start(this.literal.closers);
      this.state = 'deep';
      return true;
    }
    if (stop.kind === 'error') {
      // Content up to the character that breaks it; text mode resumes there.
      this.keep(cursor, stop.index);
      this.emitTaken(this.unit(), 'content');
      this.state = 'text';
      return true;
    }
    this.keep(cursor, text.length);
    if (!cursor.final) return false;
    const raw = this.unit();
    this.state = 'text';
    const salvaged = parseLenientJson(raw);
    if (salvaged.ok && callParts(salvaged.value, true)) {
      const name = (salvaged.value as { name: string }).name;
      this.invalidCall(raw, 'incomplete_tool_call', 'the tool call is cut off before its end', name);
    } else {
      this.emitTaken(raw, 'content');
    }
    return true;
  }

  /**
   * An object in prose nested deeper than the literal reader accepts: read on to its closing brace
   * (or the end of the output). A call object (a string `name` and `parameters`/`arguments`, seen
   * before the deep part or, failing that, in a lenient parse of the whole object) is an
   * `InvalidToolCall` with code `too_deep`; anything else is content, all of it.
   */
  private skipDeep(cursor: Cursor): boolean {
    const text = cursor.text;
    const end = this.skipper.scan(text, cursor.position, text.length);
    this.keep(cursor, end < 0 ? text.length : end);
    if (end < 0 && !cursor.final) return false;
    const raw = this.unit();
    let name = this.deepName;
    this.deepName = undefined;
    if (name === undefined) {
      const parsed = parseLenientJson(raw);
      if (parsed.ok) name = callParts(parsed.value, true)?.name;
    }
    if (name === undefined) {
      this.emitTaken(raw, 'content');
      this.state = 'text';
      return true;
    }
    this.invalidCall(raw, 'too_deep', 'the tool call object is nested too deeply to read', name);
    this.tagged = false;
    this.state = end < 0 ? 'text' : 'after-call';
    return true;
  }

  /** An object after `<|python_tag|>`: its end is found by the JSON scanner, then it is read leniently. */
  private scanTagged(cursor: Cursor): boolean {
    const text = cursor.text;
    for (;;) {
      const match = this.tagSearch.find(text, cursor.position);
      const limit = match
        ? match.index
        : cursor.final
          ? text.length
          : text.length - heldBackLength(text, cursor.position, tagMarkers);
      const completed = this.json.scan(text, cursor.position, limit);
      if (completed >= 0) {
        this.keep(cursor, completed);
        this.completeTagged();
        return true;
      }
      this.keep(cursor, limit);
      if (match && this.json.inString) {
        this.json.scan(text, match.index, match.index + TAG.length);
        this.keep(cursor, match.index + TAG.length);
        continue;
      }
      if (!match && !cursor.final) return false;
      if (!match) {
        // Cut off inside the JSON at the end of the output.
        const raw = this.unit();
        this.state = 'text';
        const salvaged = parseLenientJson(raw);
        const name = salvaged.ok ? callParts(salvaged.value, false)?.name : undefined;
        this.invalidCall(raw, 'incomplete_tool_call', 'the tool call is cut off before its end', name);
        return true;
      }
      this.completeTagged();
      return true;
    }
  }

  private completeTagged(): void {
    const raw = this.unit();
    const parsed = parseLenientJson(raw);
    const parts = parsed.ok ? callParts(parsed.value, false) : undefined;
    // (`parts` means the value decoded to an object.)
    const unread =
      parts && parsed.ok ? unreadArguments(parsed.value as Record<string, unknown>, llamaKeys) : undefined;
    if (parts && unread !== undefined) {
      this.state = 'text';
      this.invalidCall(raw, 'unread_arguments', unread, parts.name);
      return;
    }
    if (parts) {
      this.endCall(parts, raw);
      this.tagged = true;
      this.state = 'after-call';
      return;
    }
    this.state = 'text';
    if (!parsed.ok) this.invalidCall(raw, 'invalid_json', `the tool call is not valid JSON: ${parsed.error}`);
    else this.invalidCall(raw, 'missing_name', 'the tool call has no "name"');
  }
}

export const llama3Json: FormatDefinition = {
  id: 'llama3_json',
  aliases: ['llama4_json', 'llama3'],
  description: 'JSON objects {"name", "parameters"} after an optional <|python_tag|> (Llama 3.1 / 3.2 / 3.3)',
  models: ['llama-3.1', 'llama-3.2', 'llama-3.3', 'llama3.1', 'llama3.2', 'llama3.3'],
  markers: [TAG, ';'],
  example: '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}',
  envelope: taggedObjectEnvelope('<|python_tag|>', '', { argumentsKey: 'parameters', separator: '; ' }),
  create: (options) => new Llama3JsonParser(options),
};
