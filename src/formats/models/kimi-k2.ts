/**
 * `kimi_k2`: Moonshot Kimi-K2 (Instruct, Thinking, K2.5) special-token sections with JSON arguments.
 *
 * ```text
 * Let me check.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>
 * ```
 *
 * - Parallel calls: several `<|tool_call_begin|>…<|tool_call_end|>` in one section; the index in
 *   `functions.NAME:IDX` counts 0, 1, 2… across the turn.
 * - Ids and names: `functions.NAME:IDX` is the call's id, kept verbatim; the name is the text between
 *   `functions.` (optional) and the last `:`. An id that starts with `functions` and ends with the
 *   index but lacks the `.` or `:` (`functionsexec5`, `functions.exec5`: Kimi-K2.5, SGLang #21377), or
 *   writes `_` for them (`functions_read_file_3`, `functions_read_file:3`: the model copies ids a client
 *   sanitised to `[A-Za-z0-9_-]` in the history, exo #2281), is read too, with a `nonstandard_call_id`
 *   repair; any other id without `:IDX` (`functions.NAME.0`) makes the call invalid (vLLM drops such
 *   calls).
 * - Arguments: a JSON object, scanned as it streams so that markers inside JSON strings are data;
 *   decoded leniently. Whitespace and line breaks between the markers are layout (vLLM's fixtures put
 *   them there).
 * - Reasoning: `<think>…</think>`. Kimi-K2-Thinking may call tools inside an unclosed `<think>`: a
 *   section or call marker then ends the reasoning (llama.cpp's test "call inside thinking block"). A
 *   section that holds no call (an empty begin/end pair, or a section start mentioned in prose) leaves
 *   the block open: the reasoning after it stays reasoning, its markers are structure.
 * - Section markers: `<|tool_calls_section_begin|>` / `<|tool_calls_section_end|>`, and the singular
 *   `<|tool_call_section_begin|>` / `<|tool_call_section_end|>` some checkpoints write (vLLM accepts
 *   both; llama.cpp #17376).
 * - Tolerated: missing section markers and missing `<|tool_call_end|>` (a call then ends with its JSON
 *   value, as llama.cpp accepts; a `missing_end_marker` repair); `<|tool_call_end|>` right after the id is a call without arguments.
 *   A call cut off inside its JSON is an InvalidToolCall, and so is a section start that ends the output
 *   (whitespace aside), with that text as raw. Stray end or argument markers outside a call
 *   are structure (markup), never content, as SGLang's streaming strips them.
 * - Deliberately not done: text after the section stays content.
 *
 * Checked against: llama.cpp `common/chat.cpp` (`common_chat_params_init_kimi_k2`) and
 * `tests/test-chat.cpp`, SGLang `kimik2_detector.py` and its tests, vLLM `kimi_k2_tool_parser.py`
 * tests and `test_format_conformance.py`; see `../shared/docs/formats.md` F9 and §5 item 10.
 */

import { isWhitespace, skipWhitespace } from '../../internal/whitespace.js';
import { JsonScanner } from '../../json/index.js';
import type { ToolCallRepair } from '../../types/index.js';
import type { Cursor } from '../core/base-parser.js';
import {
  consumableEnd,
  findEarliestMarker,
  isMarkerPrefix,
  type MarkerMatch,
  markerAt,
  markerPrefixAt,
  sharedInitial,
} from '../core/markers.js';
import { scanJsonBody } from '../core/scan-json-body.js';
import { SectionCallsParser } from '../core/section-calls-parser.js';
import type { ToolIndex } from '../core/tool-index.js';
import type { FormatDefinition, FormatOptions } from '../format-definition.js';

const sectionBegin = '<|tool_calls_section_begin|>';
const sectionEnd = '<|tool_calls_section_end|>';
/** The singular spellings some Kimi-K2 checkpoints write (vLLM accepts both; llama.cpp #17376). */
const sectionBeginSingular = '<|tool_call_section_begin|>';
const sectionEndSingular = '<|tool_call_section_end|>';
const sectionBegins = [sectionBegin, sectionBeginSingular];
const sectionEnds = [sectionEnd, sectionEndSingular];
const callBegin = '<|tool_call_begin|>';
const argumentBegin = '<|tool_call_argument_begin|>';
const callEnd = '<|tool_call_end|>';
const thinkOpen = '<think>';
const thinkClose = '</think>';
/** One object for every parser: the base parser shares its marker searches by tags object. */
const thinkTags = { open: thinkOpen, close: thinkClose };

/** Markers that start structure in text mode. */
const startMarkers = [...sectionBegins, callBegin];
/** Markers that mean nothing outside a call; dropped as markup. */
const strayMarkers = [...sectionEnds, callEnd, argumentBegin];
/** Markers searched in text mode (outside reasoning). */
const textMarkers = [...startMarkers, ...strayMarkers];
/** Markers met between the calls of a section. */
const sectionMarkers = [callBegin, ...strayMarkers];
/** Markers that end a call's id. */
const idMarkers = [argumentBegin, callEnd, callBegin, ...sectionEnds];
/** Markers that end a call's body when its JSON is malformed or missing. */
const bodyMarkers = [callEnd, callBegin, ...sectionEnds];
const bodyInitial = sharedInitial(bodyMarkers);

type State = 'text' | 'section' | 'id' | 'before-arguments' | 'json' | 'after-json' | 'garbage';

/**
 * `{ id, name }` from the id text `functions.NAME:IDX` (prefix optional), or `undefined`. An id that
 * starts with `functions` and ends with the index but lacks the `.` or the `:` (`functionsexec5`,
 * `functions.exec5`: Kimi-K2.5, SGLang #21377), or has `_` in their place (`functions_NAME_3`,
 * `functions_NAME:3`: exo #2281), is read too, with `nonstandard` set; with tools given, the name is the
 * longest offered one the id holds before its index (a name may end in digits), else the text before
 * the trailing digits (and the `_` before them).
 */
function parseCallId(
  text: string,
  tools?: ToolIndex,
): { id: string; name: string; nonstandard?: true } | undefined {
  const id = text.trim();
  const colon = id.lastIndexOf(':');
  if (colon <= 0 || colon === id.length - 1) return nonstandardCallId(id, tools);
  for (let index = colon + 1; index < id.length; index++) {
    const code = id.charCodeAt(index);
    if (code < 0x30 || code > 0x39) return undefined;
  }
  let name = id.startsWith('functions.') ? id.slice('functions.'.length, colon) : id.slice(0, colon);
  // `functions_NAME:IDX`: the prefix's `.` sanitised to `_`, unless the whole text is an offered name.
  const sanitised = name.startsWith(underscorePrefix) && !(tools?.has(name) ?? false);
  if (sanitised) name = name.slice(underscorePrefix.length);
  if (name === '') return undefined;
  for (let index = 0; index < name.length; index++) {
    if (isWhitespace(name.charCodeAt(index))) return undefined;
  }
  return sanitised ? { id, name, nonstandard: true } : { id, name };
}

const underscorePrefix = 'functions_';

/** The nonstandard ids of `parseCallId` (no `:`). */
function nonstandardCallId(
  id: string,
  tools: ToolIndex | undefined,
): { id: string; name: string; nonstandard: true } | undefined {
  if (!id.startsWith('functions') || /\s/.test(id)) return undefined;
  const separator = id.charAt('functions'.length);
  const rest = id.slice('functions'.length + (separator === '.' || separator === '_' ? 1 : 0));
  let name: string | undefined;
  for (const tool of tools?.names ?? []) {
    if (rest.startsWith(tool) && /^_?\d+$/.test(rest.slice(tool.length)) && tool.length > (name?.length ?? 0))
      name = tool;
  }
  if (name === undefined) {
    let digits = rest.length;
    while (digits > 0 && rest.charCodeAt(digits - 1) >= 0x30 && rest.charCodeAt(digits - 1) <= 0x39) digits--;
    // The index's `:` sanitised to `_` (`functions_read_file_3`).
    if (digits < rest.length) name = rest.slice(0, rest.charAt(digits - 1) === '_' ? digits - 1 : digits);
  }
  // `functions.NAME.0` stays refused, as vLLM's tests refuse it.
  if (name === undefined || name === '' || name.endsWith('.') || /[<>{}"':]/.test(name)) return undefined;
  return { id, name, nonstandard: true };
}

/**
 * The incremental Kimi K2 parser; see the module comment for the rules. Offsets are UTF-16 code units;
 * work per `push` is proportional to the chunk; never throws on model text. An invalid call that is all
 * its section holds keeps the section's markers in its raw text (see `SectionCallsParser`).
 */
export class KimiK2Parser extends SectionCallsParser {
  private state: State = 'text';
  private inSection = false;
  /** The open section holds a call (else, ended, it gives a reasoning block it ended back: `leaveSection`). */
  private sectionHadCall = false;
  /** Whitespace read in the section, held until what follows shows whether it is layout or text. */
  private space = '';
  private readonly scanner = new JsonScanner();
  private idPieces: string[] = [];
  private idText = '';
  /** Where the JSON body starts and ends in the open call's raw text. */
  private bodyStart = 0;
  private bodyEnd = 0;

  constructor(options?: FormatOptions) {
    super(options, thinkTags);
  }

  /** Inside the arguments' JSON a chunk in a string is body text and nothing else (see `takeBody`). */
  protected override takeInLane(chunk: string): boolean {
    if (this.state !== 'json' || !this.takeInJsonLane(chunk, this.scanner)) return false;
    this.bodyEnd = this.rawLength;
    return true;
  }

  /**
   * See `FormatParser.reset`; also returns a section start, an invalid call (see
   * `SectionCallsParser`) and whitespace held in a section.
   */
  override reset(): string {
    const held = this.heldStartText + this.takeHeldInvalid() + this.space;
    this.heldStartText = '';
    return held + super.reset();
  }

  protected override onReset(): void {
    this.state = 'text';
    this.inSection = false;
    this.sectionHadCall = false;
    this.space = '';
    this.scanner.reset();
    this.idPieces = [];
    this.idText = '';
  }

  protected parse(cursor: Cursor): void {
    const text = cursor.text;
    for (;;) {
      switch (this.state) {
        case 'text': {
          // Kimi's reasoning rule: inside `<think>` a section or call marker ends the reasoning (the call
          // is written inside an unclosed block); outside, stray end markers are also found so that they
          // become markup.
          const match = this.scanText(cursor, textMarkers, startMarkers);
          if (!match) return;
          this.startStructure(cursor, match);
          break;
        }
        case 'section': {
          const position = skipWhitespace(text, cursor.position);
          this.space += this.take(cursor, position, 'call');
          if (position === text.length) {
            // An invalid call held (see `SectionCallsParser`) was all the section held.
            if (cursor.final) this.releaseInvalid('');
            if (cursor.final && this.heldStartText !== '') this.cutSection();
            else if (cursor.final) this.leaveSection();
            return;
          }
          // `strayMarkers` holds the section end, which closes the section here.
          const marker = markerAt(text, position, sectionMarkers);
          if (marker !== undefined) {
            if (this.holdsInvalid && sectionEnds.includes(marker)) {
              // The section held only the invalid call: its end joins the call's raw text.
              this.releaseInvalid(this.space + this.take(cursor, position + marker.length, 'call'));
              this.space = '';
              this.leaveSection();
              break;
            }
            this.releaseInvalid(undefined);
            if (marker === callBegin && this.heldStartText !== '') {
              // The section's first call: its start is markup before a valid call, raw text of an
              // invalid one that is all the section holds.
              this.wrapCall(this.heldStartText + this.space);
              this.heldStartText = '';
            } else {
              this.releaseStart();
              this.emitTaken(this.space, 'markup');
            }
            this.space = '';
            this.startStructure(cursor, { index: position, marker });
            break;
          }
          if (!cursor.final && markerPrefixAt(text, position, sectionMarkers)) return;
          this.releaseInvalid(undefined);
          this.releaseStart();
          this.leaveSection();
          break;
        }
        case 'id': {
          const match = findEarliestMarker(text, cursor.position, idMarkers);
          const end = consumableEnd(text, cursor.position, idMarkers, match, cursor.final);
          const piece = this.take(cursor, end, 'call');
          if (piece !== '') this.idPieces.push(piece);
          if (!match) {
            if (cursor.final) this.cutOff();
            return;
          }
          this.idText = this.idPieces.join('');
          this.idPieces = [];
          if (match.marker === argumentBegin) {
            this.take(cursor, match.index + argumentBegin.length, 'call');
            const parsed = parseCallId(this.idText, this.tools);
            if (parsed) this.announceCall(parsed.name, parsed.id);
            this.state = 'before-arguments';
          } else {
            // No argument marker: a call without arguments, ended by its end marker or the next call.
            if (match.marker === callEnd) this.take(cursor, match.index + callEnd.length, 'call');
            this.completeCall('', match.marker !== callEnd);
          }
          break;
        }
        case 'before-arguments': {
          const position = skipWhitespace(text, cursor.position);
          this.take(cursor, position, 'call');
          if (position === text.length) {
            if (cursor.final) this.cutOff();
            return;
          }
          const code = text.charCodeAt(position);
          if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
            this.scanner.reset();
            this.bodyStart = this.rawLength;
            this.bodyEnd = this.bodyStart;
            this.state = 'json';
            break;
          }
          const marker = markerAt(text, position, bodyMarkers);
          if (marker !== undefined) {
            if (marker === callEnd) this.take(cursor, position + callEnd.length, 'call');
            this.completeCall('');
            break;
          }
          if (!cursor.final && markerPrefixAt(text, position, bodyMarkers)) return;
          this.state = 'garbage';
          break;
        }
        case 'json': {
          if (!this.scanJson(cursor)) return;
          break;
        }
        case 'after-json': {
          const position = skipWhitespace(text, cursor.position);
          this.take(cursor, position, 'call');
          if (position === text.length && !cursor.final) return;
          const ended = text.startsWith(callEnd, position);
          if (ended) {
            this.take(cursor, position + callEnd.length, 'call');
          } else if (!cursor.final && isMarkerPrefix(text, position, callEnd)) {
            return;
          }
          // Without `<|tool_call_end|>` the call ends with its JSON value (servers strip the token).
          this.completeCall(this.takeBodyText(), !ended);
          break;
        }
        case 'garbage': {
          const match = findEarliestMarker(text, cursor.position, bodyMarkers);
          const end = consumableEnd(text, cursor.position, bodyMarkers, match, cursor.final);
          this.take(cursor, end, 'call');
          if (!match) {
            if (cursor.final) this.failOpenCall('invalid_tool_call', 'the tool-call arguments are not JSON');
            return;
          }
          if (match.marker === callEnd) this.take(cursor, match.index + callEnd.length, 'call');
          this.failOpenCall('invalid_tool_call', 'the tool-call arguments are not JSON');
          break;
        }
      }
    }
  }

  /** Acts on a marker found in text or section mode (cursor at the marker). */
  private startStructure(cursor: Cursor, match: MarkerMatch): void {
    const end = match.index + match.marker.length;
    switch (match.marker) {
      case sectionBegin:
      case sectionBeginSingular:
        // Held (`holdStart`, as `space` is): markup once a call, the section's end or text follows.
        this.holdStart(cursor, end);
        this.inSection = true;
        this.sectionHadCall = false;
        this.state = 'section';
        return;
      case sectionEnd:
      case sectionEndSingular:
        this.take(cursor, end, 'markup');
        if (this.inSection) this.leaveSection();
        return;
      case callBegin:
        this.sectionHadCall = true;
        this.beginCall();
        this.take(cursor, end, 'call');
        this.idPieces = [];
        this.idText = '';
        this.state = 'id';
        return;
      default:
        // A stray `<|tool_call_end|>` or `<|tool_call_argument_begin|>` outside a call.
        this.take(cursor, end, 'markup');
    }
  }

  /**
   * The output ended right after a section start (and whitespace): a call the model began and did not
   * write, an invalid call whose raw text is that start and whitespace.
   */
  private cutSection(): void {
    this.heldStartText += this.space;
    this.space = '';
    this.inSection = false;
    this.state = 'text';
    this.cutAfterStart();
  }

  /**
   * The open section is over. One that held no call (an empty section, or a section start mentioned in
   * prose) does not end a reasoning block it was found in: that block goes on (`restoreText`), and
   * the whitespace after its start is text again.
   */
  private leaveSection(): void {
    const space = this.space;
    this.space = '';
    this.inSection = false;
    this.state = 'text';
    if (this.sectionHadCall) this.emitTaken(space, 'markup');
    else this.restoreText(space);
  }

  /** Feeds the scanner up to the next body marker; returns false when more text is needed. */
  private scanJson(cursor: Cursor): boolean {
    const stop = scanJsonBody(cursor, this.scanner, bodyMarkers, this.takeBody, undefined, bodyInitial);
    if (stop === undefined) return false;
    if (stop === 'json') {
      this.state = 'after-json';
    } else if (stop === 'cut-off') {
      this.failOpenCall('incomplete_tool_call', 'the tool call is cut off inside its arguments');
    } else {
      // The value is still open outside a string: malformed JSON; the call ends at the marker and
      // its text is decoded leniently.
      if (stop.marker === callEnd) this.take(cursor, stop.index + callEnd.length, 'call');
      this.completeCall(this.takeBodyText());
    }
    return true;
  }

  private readonly takeBody = (cursor: Cursor, end: number): void => {
    const piece = this.take(cursor, end, 'call');
    if (piece === '') return;
    this.bodyEnd = this.rawLength;
    // The argument text streams through verbatim, as SGLang passes it on.
    this.streamArgumentText(piece);
  };

  /** The JSON body: a slice of the open call's raw text (no second copy is built). */
  private takeBodyText(): string {
    const text = this.rawSlice(this.bodyStart, this.bodyEnd);
    this.bodyStart = this.bodyEnd = 0;
    return text;
  }

  /**
   * Emits the open call with `argumentsText` (blank = no arguments); `unended`: it has no
   * `<|tool_call_end|>` (a `missing_end_marker` repair at the end of its raw text).
   */
  private completeCall(argumentsText: string, unended = false): void {
    const parsed = parseCallId(this.idText, this.tools);
    this.state = this.inSection ? 'section' : 'text';
    if (!parsed) {
      this.failCall(
        'invalid_tool_call',
        `the tool-call id "${this.idText.trim()}" is not functions.NAME:INDEX`,
        undefined,
      );
      return;
    }
    const repairs: ToolCallRepair[] = [];
    if (parsed.nonstandard) {
      repairs.push({
        kind: 'nonstandard_call_id',
        position: callBegin.length + (this.idText.length - this.idText.trimStart().length),
        message: `the tool-call id "${parsed.id}" is not functions.NAME:INDEX; the name is read as "${parsed.name}"`,
      });
    }
    if (unended) {
      repairs.push({
        kind: 'missing_end_marker',
        position: this.rawLength,
        message: `the call has no ${callEnd}`,
      });
    }
    this.endCall({
      name: parsed.name,
      id: parsed.id,
      argumentsText,
      ...(repairs.length > 0 ? { repairs } : {}),
    });
  }

  /** Ends the open call as invalid, keeping the name and id when the id could be read. */
  private failOpenCall(code: string, message: string): void {
    const parsed = parseCallId(this.idText, this.tools);
    this.state = this.inSection ? 'section' : 'text';
    this.failCall(code, message, parsed?.name, parsed?.id);
  }

  /** The output ended before the call's id or arguments. */
  private cutOff(): void {
    if (this.state === 'id') this.idText = this.idPieces.join('');
    this.idPieces = [];
    this.failOpenCall('incomplete_tool_call', 'the tool call is cut off before its arguments');
  }
}

/** The `kimi_k2` format; `create()` returns a {@link KimiK2Parser}. */
export const kimiK2: FormatDefinition = {
  id: 'kimi_k2',
  aliases: [],
  description: 'Kimi-K2 <|tool_calls_section_begin|> sections, id functions.NAME:IDX, JSON arguments',
  models: ['kimi-k2', 'kimi-k2.5'],
  markers: [...sectionBegins, callBegin, argumentBegin, callEnd, ...sectionEnds, thinkOpen, thinkClose],
  example:
    '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>',
  envelope: {
    section: { open: sectionBegin, close: sectionEnd },
    call: { open: `${callBegin}functions.{name}:{index}${argumentBegin}`, close: callEnd },
    arguments: { kind: 'json' },
    reasoning: { open: thinkOpen, close: thinkClose },
  },
  create: (options) => new KimiK2Parser(options),
};
