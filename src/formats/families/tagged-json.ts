import { JsonScanner, scanJsonValueEnd } from '../../json/json-scanner.js';
import { parseMostlyValidJson } from '../../json/parse-lenient-json.js';
import type { ToolCallRepair } from '../../types/tool-call.js';
import { BaseFormatParser, type CallParts, type Cursor, type ReasoningTags } from '../core/base-parser.js';
import { withJsonRepairs } from '../core/call-repairs.js';
import {
  findEarliestMarker,
  heldBackLength,
  isMarkerPrefix,
  noMarkerFrom,
  sharedInitial,
} from '../core/markers.js';
import type { FormatOptions } from '../format-definition.js';
import { memberSpans } from './agent-tagged-calls.js';

/**
 * Family core for formats that wrap JSON in markers: `START {json} END` (Hermes, Granite 4, InternLM,
 * GigaChat) or `START [{json}, ...] END` (Granite 3, Jamba / Apriel, Nemotron, Phi-4-mini, FireFunction
 * v2, Hunyuan-A13B, Apertus, xLAM, Command R+); with no start markers at all, everything is content
 * (`content_only`).
 *
 * An array section yields one call per element, each with its own element text as raw (the markers,
 * brackets and commas are markup). A section whose array is not a list of separate JSON values (bare
 * words, a repaired cut) is one invalid call with the whole section as raw. A section that holds
 * several objects one after another (`START {…}\n{…} END`, with end markers configured) yields one call
 * per object, in order: the first call's raw runs from the start marker through its object, each later
 * one's from its object (through the end marker for the last), and the whitespace between objects is
 * markup — so a call announced while its object streamed in keeps its id, and no text is lost.
 *
 * - `start`: markers that open a call section (the first one is canonical).
 * - `end`: markers that close it; optional in the text (a missing end marker at the end of the output,
 *   or before the next start marker, still yields the call).
 * - `nameKeys` / `argumentKeys` / `idKeys`: where a call object keeps its parts, first match wins. In
 *   a body that starts with its name, only an id written right after the name is the call's id: the
 *   call is announced to streaming consumers at that point, so an id further on is not used (in every
 *   chunking and in whole-text parsing alike). When the member after the name (and id) is the
 *   arguments object, its text streams as it arrives (through an `ArgumentStreamer`: string members
 *   pass through, the rest comes aligned in the call's last delta). An object body that gives its
 *   arguments more than once (an argument key twice, or two of them) is an `InvalidToolCall` with code
 *   `conflicting_arguments`: which one counts would be a guess, and the first may have streamed.
 * - `nameIsKey`: the call object is `{ NAME: {arguments} }` (Apertus).
 * - `reasoning`: reasoning tags recognised in text mode.
 * - `startNeedsJson`: a start marker counts only when (after whitespace, and a fence when `fence` is
 *   set) a JSON object or array follows; otherwise the marker is ordinary content (for plain-word
 *   markers like `functools` or `Action:`). Default false: a start marker always opens a call, and a
 *   body that is not JSON is an invalid call.
 * - `fence`: the body may be wrapped in a Markdown code fence (`` ```json `` … `` ``` ``) after the
 *   start marker (Command R+); both fence lines are structure of the call. A start marker that is
 *   itself a fence opener (xLAM's `` ```json ``) is always closed by a fence, without this flag.
 * - `bareArrayAtStart`: a JSON array of objects (`[` then `{`) at the start of the output, after
 *   whitespace and reasoning blocks only, is a call section without a start marker (xLAM).
 * - `dropMarkers`: structural markers outside calls (turn tokens, answer tags) that are dropped from
 *   content (kept as markup).
 * - `endsWithOutput`: the format's calls need no end marker (the output's end ends them: Granite 3's
 *   `<|tool_call|>[…]`, Phi-4-mini, GigaChat's `</s>` that servers strip), so a call that ends with the
 *   output gets no `missing_end_marker` repair.
 *
 * All offsets and lengths are UTF-16 code units.
 */
export interface TaggedJsonConfig {
  readonly start: readonly string[];
  readonly end: readonly string[];
  readonly nameKeys?: readonly string[];
  readonly argumentKeys?: readonly string[];
  readonly idKeys?: readonly string[];
  readonly nameIsKey?: boolean;
  readonly reasoning?: ReasoningTags;
  readonly startNeedsJson?: boolean;
  readonly fence?: boolean;
  readonly bareArrayAtStart?: boolean;
  readonly dropMarkers?: readonly string[];
  readonly endsWithOutput?: boolean;
}

const defaultNameKeys = ['name'];
const defaultArgumentKeys = ['arguments', 'parameters'];
const defaultIdKeys = ['id'];

/** How much whitespace (and fence language tag) a start marker's lookahead reads before giving up. */
const maxLookahead = 64;
/** How much of a body's start is kept to find its name early (`{"name": "…"`); see `probeName`. */
const maxNamePrefix = 256;
const fenceMark = '```';

type State = 'text' | 'before-body' | 'json' | 'after-json' | 'garbage';

const isWhitespace = (code: number): boolean =>
  code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

const isLetter = (code: number): boolean => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);

/**
 * One JSON body per call section, scanned incrementally: the scanner knows whether an end marker is
 * inside a JSON string (then it is data) or not (then the body is malformed and ends there). While an
 * object body streams in, its leading `"name": "…"` member announces the call (`tool-input-start`)
 * before the JSON is complete. In an array body the first element's call is announced before the
 * section ends, the other elements' calls with it (see `trackFirstElement`).
 */
export class TaggedJsonParser extends BaseFormatParser {
  protected override readonly callsEndWithOutput: boolean;
  private state: State = 'text';
  private readonly scanner = new JsonScanner();
  /**
   * The body is the open call's raw text from `bodyStart` to `bodyEnd` (no copy of its own: the body
   * arrives in many small pieces, and one recording of them is enough). `bodyOpener` is its first code.
   */
  private bodyStart = 0;
  private bodyEnd = 0;
  private bodyOpener = 0;
  /** The body when it was taken in one piece (always, for whole-text parsing): used as is. */
  private bodyPiece: string | undefined;
  /** The start of an object body while its name is still being looked for; `undefined` otherwise. */
  private namePrefix: string | undefined;
  /** The name `probeName` read from the open call's body, kept for an invalid call's report. */
  private bodyName: string | undefined;
  /** The open body's arguments object streams (`tool-input-delta`) as it arrives; see `probeName`. */
  private argumentsStreaming = false;
  /**
   * The first element of an array body, read while it streams in to announce its call early (see
   * `trackFirstElement`): `'bracket'` before the body's `[`, `'seek'` before the element, `'element'`
   * inside it, `'off'` otherwise.
   */
  private first: 'off' | 'bracket' | 'seek' | 'element' = 'off';
  /** Finds where the first element ends (and its top-level commas: see `argumentsJson`). */
  private readonly elementScanner = new JsonScanner();
  /** Where the first element starts in the open call's raw text, and how much of it was read. */
  private elementStart = 0;
  private elementSeen = 0;
  /** `nameIsKey`: the first element's first code units while its key is looked for. */
  private keyPrefix: string | undefined;
  /** `nameIsKey`: where the first element's argument text starts in it, once its call is announced. */
  private argumentsFrom = -1;
  /** The body sits in a code fence whose closing line has not been read yet. */
  private fenced = false;
  /** Only whitespace and reasoning read so far (`bareArrayAtStart`). */
  private atStart: boolean;
  /** What text mode searches for: start markers, then dropped markers. */
  private readonly textMarkers: readonly string[];
  /**
   * The first character all end markers share (`<` of `</tool_call>`), `''` with no end markers,
   * `undefined` when they differ: a streamed piece without it holds no end marker and no prefix of one,
   * which one `indexOf` tells (see `scanJson`).
   */
  private readonly endInitial: string | undefined;

  constructor(
    private readonly config: TaggedJsonConfig,
    options?: FormatOptions,
  ) {
    super(options, config.reasoning);
    this.callsEndWithOutput = config.endsWithOutput === true || config.end.length === 0;
    this.atStart = config.bareArrayAtStart === true;
    this.textMarkers = [...config.start, ...(config.dropMarkers ?? [])];
    this.endInitial = sharedInitial(config.end);
  }

  protected override onReset(): void {
    this.state = 'text';
    this.scanner.reset();
    this.clearBody();
    this.namePrefix = undefined;
    this.bodyName = undefined;
    this.fenced = false;
    this.atStart = this.config.bareArrayAtStart === true;
  }

  protected parse(cursor: Cursor): void {
    const { start, end } = this.config;
    const text = cursor.text;
    for (;;) {
      switch (this.state) {
        case 'text': {
          if (this.atStart) {
            const outcome = this.scanStart(cursor);
            if (outcome === 'wait') return;
            if (outcome === 'call') break;
          }
          const match = this.scanText(cursor, this.textMarkers);
          if (!match) return;
          const markerEnd = match.index + match.marker.length;
          if (!start.includes(match.marker)) {
            this.take(cursor, markerEnd, 'markup');
            break;
          }
          if (this.config.startNeedsJson) {
            const opens = this.opensJson(text, markerEnd, cursor.final);
            // Undecided: the marker stays unconsumed until more text arrives.
            if (opens === undefined) return;
            if (!opens) {
              this.take(cursor, markerEnd, 'content');
              break;
            }
          }
          this.openCall();
          // A start marker that is a fence opener (```` ```json ````) is closed by a fence after the JSON.
          if (match.marker.includes(fenceMark)) this.fenced = true;
          this.take(cursor, markerEnd, 'markup');
          break;
        }
        case 'before-body': {
          let position = cursor.position;
          while (position < text.length && isWhitespace(text.charCodeAt(position))) position++;
          if (this.config.fence && !this.fenced) {
            const afterFence = this.skipFenceOpener(text, position, cursor.final);
            if (afterFence === undefined) {
              this.take(cursor, position, 'call');
              return;
            }
            if (afterFence > position) {
              this.fenced = true;
              this.take(cursor, afterFence, 'call');
              break;
            }
          }
          this.take(cursor, position, 'call');
          if (position === text.length) {
            if (cursor.final) {
              this.state = 'text';
              this.failCall('incomplete_tool_call', 'the tool call has no arguments body', undefined);
            }
            return;
          }
          const code = text.charCodeAt(position);
          this.startBody(code);
          if ((code === 0x7b /* { */ || code === 0x5b) /* [ */ && this.tryWholeBody(cursor)) break;
          this.scanner.reset();
          if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
            this.namePrefix = code === 0x7b && !this.config.nameIsKey ? '' : undefined;
            this.state = 'json';
          } else {
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
          if (this.fenced) {
            if (text.startsWith(fenceMark, position)) {
              this.fenced = false;
              this.take(cursor, position + fenceMark.length, 'call');
              break;
            }
            if (!cursor.final && isMarkerPrefix(text, position, fenceMark)) return;
            // No closing fence: tolerated like a missing end marker.
            this.fenced = false;
          }
          const closing = end.find((marker) => text.startsWith(marker, position));
          if (closing !== undefined) {
            this.take(cursor, position + closing.length, 'call');
            this.completeBody();
            break;
          }
          if (!cursor.final && end.some((marker) => isMarkerPrefix(text, position, marker))) return;
          if (
            end.length > 0 &&
            text.charCodeAt(position) === 0x7b /* { */ &&
            this.bodyEnd > this.bodyStart &&
            this.bodyOpener === 0x7b /* { */
          ) {
            // Another object in the same section: the call ends with its object, the whitespace
            // between is structure, and the next object is a call of its own in the same section.
            this.completeBody();
            this.take(cursor, position, 'markup');
            this.openCall();
            break;
          }
          // No end marker: the call ends with its JSON (the marker is optional in practice; servers
          // strip it as a stop token), reported as a repair where the format has one.
          this.completeBody(undefined, end.length > 0);
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

  /** Opens a call section; the caller takes its start marker (if any) next. */
  private openCall(): void {
    this.atStart = false;
    this.fenced = false;
    this.namePrefix = undefined;
    this.bodyName = undefined;
    this.beginCall();
    this.state = 'before-body';
  }

  /**
   * `bareArrayAtStart`: reads whitespace and reasoning blocks at the start of the output and opens a
   * call section at a `[` followed by `{`. `'wait'`: more text is needed (everything decided so far is
   * consumed); `'call'`: a section is open; `'done'`: the output does not start with a call array,
   * and text mode goes on as usual (the cursor is at the first other character).
   */
  private scanStart(cursor: Cursor): 'wait' | 'call' | 'done' {
    const text = cursor.text;
    const tags = this.reasoningTags;
    for (;;) {
      if (tags && this.inReasoning) {
        const match = findEarliestMarker(text, cursor.position, [tags.close]);
        if (!match) {
          this.takeAllBut(cursor, [tags.close], 'reasoning');
          return 'wait';
        }
        this.take(cursor, match.index, 'reasoning');
        this.take(cursor, match.index + tags.close.length, this.reasoningTagBucket);
        this.inReasoning = false;
        continue;
      }
      let position = cursor.position;
      while (position < text.length && isWhitespace(text.charCodeAt(position))) position++;
      this.take(cursor, position, 'content');
      if (position === text.length) {
        if (!cursor.final) return 'wait';
        this.atStart = false;
        return 'done';
      }
      if (text.charCodeAt(position) === 0x5b /* [ */) {
        let next = position + 1;
        while (next < text.length && next - position <= maxLookahead && isWhitespace(text.charCodeAt(next)))
          next++;
        if (next === text.length && !cursor.final) return 'wait';
        if (text.charCodeAt(next) === 0x7b /* { */) {
          this.openCall();
          return 'call';
        }
        this.atStart = false;
        return 'done';
      }
      if (tags) {
        if (text.startsWith(tags.open, position)) {
          this.take(cursor, position + tags.open.length, this.reasoningTagBucket);
          this.inReasoning = true;
          continue;
        }
        if (!cursor.final && isMarkerPrefix(text, position, tags.open)) return 'wait';
      }
      this.atStart = false;
      return 'done';
    }
  }

  /**
   * `startNeedsJson`: does a JSON value (`{` or `[`) follow the start marker ending at `from`, after
   * whitespace and, with `fence`, a fence opener? `undefined` when the text ends before that is known.
   */
  private opensJson(text: string, from: number, final: boolean): boolean | undefined {
    let position = from;
    while (position < text.length && isWhitespace(text.charCodeAt(position))) {
      if (++position - from > maxLookahead) return false;
    }
    if (this.config.fence) {
      const afterFence = this.skipFenceOpener(text, position, final);
      if (afterFence === undefined) return undefined;
      if (afterFence > position) {
        position = afterFence;
        while (position < text.length && isWhitespace(text.charCodeAt(position))) {
          if (++position - afterFence > maxLookahead) return false;
        }
      }
    }
    if (position === text.length) return final ? false : undefined;
    const code = text.charCodeAt(position);
    return code === 0x7b /* { */ || code === 0x5b /* [ */;
  }

  /**
   * The position after a fence opener (`` ``` `` or `` ```json ``) at `position`,
   * `position` itself when there is none, `undefined` when the text ends before that is known.
   */
  private skipFenceOpener(text: string, position: number, final: boolean): number | undefined {
    if (text.startsWith(fenceMark, position)) {
      let after = position + fenceMark.length;
      while (after < text.length && after - position <= maxLookahead && isLetter(text.charCodeAt(after)))
        after++;
      if (after === text.length && !final) return undefined;
      // Only a bare or `json` fence is structure: another language tag is the model's text, which
      // would be dropped with the fence (issue 15); such a fence is no opener.
      const tag = text.slice(position + fenceMark.length, after);
      return tag === '' || tag === 'json' ? after : position;
    }
    if (!final && isMarkerPrefix(text, position, fenceMark)) return undefined;
    return position;
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
    // Announce exactly as the streaming path would (see `probeName`), so events do not depend on
    // whether the body arrived in one piece. Without input events (whole-text parsing) nothing would
    // show it, and the call is complete here, so that work is skipped.
    const bodyStart = cursor.position;
    let argumentsAt: number | undefined;
    if (
      this.options.inputEvents !== false &&
      text.charCodeAt(bodyStart) === 0x7b /* { */ &&
      !this.config.nameIsKey
    ) {
      const leading = this.leadingCall(
        text.slice(bodyStart, Math.min(bodyEnd, bodyStart + maxNamePrefix)),
        true,
      );
      this.announceLeading(leading);
      argumentsAt = leading?.argumentsAt;
    }
    this.takeBody(cursor, bodyEnd);
    if (argumentsAt !== undefined) {
      // The argument text goes through the same streamer as in pieces, so the deltas are the same.
      this.argumentsStreaming = true;
      this.streamArgumentText(text.slice(bodyStart + argumentsAt, bodyEnd));
    }
    this.take(cursor, match.index + match.marker.length, 'call');
    this.completeBody(value);
    return true;
  }

  /** Feeds the scanner up to the next end marker; returns false when more text is needed. */
  private scanJson(cursor: Cursor): boolean {
    const { end } = this.config;
    const text = cursor.text;
    const initial = this.endInitial;
    let from = cursor.position;
    if (!cursor.final && this.scanner.inString) {
      // Inside a string an end marker is data: a chunk that stays in the string needs no search.
      from = this.scanner.skipString(text, from, text.length);
      if (from === text.length) {
        this.takeBody(cursor, from);
        return false;
      }
    }
    for (;;) {
      // No end marker can start in the rest: no search, nothing held back.
      const none = noMarkerFrom(text, from, initial);
      const match = none ? undefined : findEarliestMarker(text, from, end);
      const limit = match
        ? match.index
        : cursor.final || none
          ? text.length
          : text.length - heldBackLength(text, from, end);
      const completed = this.scanner.scan(text, from, limit);
      if (completed >= 0) {
        this.takeBody(cursor, completed);
        this.state = 'after-json';
        return true;
      }
      this.takeBody(cursor, limit);
      if (!match) {
        if (!cursor.final) return false;
        // Cut off at the end of the output (token limit): the call is incomplete, reported whole,
        // under the name (and id) its body starts with even if the probe was still reading.
        const pending = this.namePrefix === undefined ? undefined : this.leadingCall(this.namePrefix, true);
        this.clearBody();
        this.namePrefix = undefined;
        this.state = 'text';
        this.failCall(
          'incomplete_tool_call',
          'the tool call is cut off before its JSON ends',
          pending ? pending.name : this.bodyName,
          pending?.id,
        );
        return true;
      }
      if (this.scanner.inString) {
        // An end marker inside a JSON string is data.
        this.scanner.push(match.marker);
        this.takeBody(cursor, match.index + match.marker.length);
        from = cursor.position;
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
    if (piece === '') return;
    this.bodyPiece = this.bodyEnd === this.bodyStart ? piece : undefined;
    this.bodyEnd = this.rawLength;
    if (this.namePrefix !== undefined) this.probeName(piece);
    else if (this.argumentsStreaming) this.streamArgumentText(piece);
    else if (this.first !== 'off') this.trackFirstElement(piece, this.bodyEnd - piece.length);
  }

  /** The body starts here, at the open call's raw text so far; `opener` is its first code. */
  private startBody(opener: number): void {
    this.bodyStart = this.rawLength;
    this.bodyEnd = this.bodyStart;
    this.bodyOpener = opener;
    this.bodyPiece = undefined;
    // Without input events nothing would show an announcement (the call's id does not depend on it).
    this.first = opener === 0x5b /* [ */ && this.options.inputEvents !== false ? 'bracket' : 'off';
  }

  private clearBody(): void {
    this.argumentsStreaming = false;
    this.bodyStart = 0;
    this.bodyEnd = 0;
    this.bodyOpener = 0;
    this.bodyPiece = undefined;
    this.first = 'off';
    this.keyPrefix = undefined;
    this.argumentsFrom = -1;
  }

  /**
   * Reads the first element of an array body as it streams in (`piece` starts at `pieceStart` in the
   * open call's raw text), to announce its call before the section ends:
   * - `nameIsKey` (`[{"NAME": {args}}, …]`): as soon as the element's first key and its colon are read
   *   (within its first `maxNamePrefix` code units); the argument text after the colon then streams.
   * - otherwise: when the element's closing brace arrives, if the element alone is a JSON call object
   *   without an id member; its argument text is sent then (see `firstElementDone`).
   *
   * Only the first element: the section may still turn out invalid as a whole (cut off, not a list of
   * JSON values), and it is then ONE invalid call, with the id the first call would have. The announced
   * call becomes that invalid call (`failCall`), so nothing changes in the result; a second announced
   * call would have to end as a call of its own. The announced call otherwise ends with the section, as
   * element 0 (`completeBody`). Work is proportional to the piece.
   */
  private trackFirstElement(piece: string, pieceStart: number): void {
    let index = 0;
    if (this.first === 'bracket') {
      // The body's first code unit is its `[`.
      index = 1;
      this.first = 'seek';
    }
    if (this.first === 'seek') {
      // As `elementSpans` reads the array: whitespace and commas before the first element.
      while (index < piece.length) {
        const code = piece.charCodeAt(index);
        if (!isWhitespace(code) && code !== 0x2c /* , */) break;
        index++;
      }
      if (index === piece.length) return;
      if (piece.charCodeAt(index) !== 0x7b /* { */) {
        this.first = 'off';
        return;
      }
      this.first = 'element';
      this.elementScanner.reset();
      this.elementStart = pieceStart + index;
      this.elementSeen = 0;
      this.keyPrefix = this.config.nameIsKey ? '' : undefined;
      this.argumentsFrom = -1;
    }
    const done = this.elementScanner.scan(piece, index, piece.length);
    const stop = done >= 0 ? done : piece.length;
    // The element offset of `piece[index]`.
    const offset = this.elementSeen;
    this.elementSeen += stop - index;
    if (this.keyPrefix !== undefined) this.probeKey(piece, index, stop);
    if (this.argumentsFrom >= 0) {
      const from = Math.max(index, index + this.argumentsFrom - offset);
      if (from < stop) this.streamArgumentText(piece.slice(from, stop));
    }
    if (done < 0) return;
    this.first = 'off';
    this.keyPrefix = undefined;
    this.argumentsFrom = -1;
    if (!this.config.nameIsKey) this.firstElementDone(pieceStart + done);
  }

  /**
   * `nameIsKey`: looks for the first element's key in its first `maxNamePrefix` code units (the
   * element's text so far is `keyPrefix` and `piece[index, stop)`) and announces the call under it.
   */
  private probeKey(piece: string, index: number, stop: number): void {
    const kept = this.keyPrefix ?? '';
    const prefix = kept + piece.slice(index, Math.min(stop, index + maxNamePrefix - kept.length));
    const key = leadingKey(prefix);
    if (key === undefined && prefix.length < maxNamePrefix) {
      this.keyPrefix = prefix;
      return;
    }
    this.keyPrefix = undefined;
    if (!key || key.name === '') return;
    this.announceCall(key.name);
    // Streamed from after the colon; the streamer reads nothing after the argument object closes.
    this.argumentsFrom = key.end;
  }

  /**
   * The first element (raw text up to `end`) is complete: announces its call when the element alone
   * reads as a call (JSON, a name, no id member: a model's id would be the call's id, and the section
   * may still fail as one invalid call with the generated id), and sends its argument text when the
   * element is just the name and the arguments (see `argumentsJson`). The name and id cannot be known
   * before the element ends: a later `"id"` or second name member would change them.
   */
  private firstElementDone(end: number): void {
    const text = this.rawSlice(this.elementStart, end);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    const parts = this.callParts(value);
    if (typeof parts === 'string' || parts.id !== undefined) return;
    this.announceCall(parts.name);
    const argumentsJson = this.argumentsJson(text, value, false, this.elementScanner.topLevelCommas);
    if (argumentsJson !== undefined) this.streamArgumentText(argumentsJson);
  }

  /**
   * Announces the call as soon as its object body's first member, `"name": "…"` (or another name key),
   * is complete, and the next member's key tells whether it is the call's id (then its value is read
   * too: see `leadingCall`). Only the first `maxNamePrefix` code units of the body are kept for this, so the work
   * per call is bounded; a body that starts otherwise is announced when it ends, as usual.
   */
  private probeName(piece: string): void {
    const kept = this.namePrefix ?? '';
    // Exactly the body's first `maxNamePrefix` code units, however it was chunked, so whether a name
    // is found does not depend on the chunking.
    const prefix = kept + piece.slice(0, maxNamePrefix - kept.length);
    const cut = prefix.length >= maxNamePrefix;
    const leading = this.leadingCall(prefix, cut);
    if (leading === undefined) {
      // Where the arguments start is not known yet; the name and id may be (`"argu…`): announce now
      // (announcing again later does nothing).
      this.announceLeading(this.leadingCall(prefix, cut, false));
      this.namePrefix = prefix;
      return;
    }
    this.namePrefix = undefined;
    this.announceLeading(leading);
    if (leading?.argumentsAt !== undefined && this.options.inputEvents !== false) {
      // The arguments object streams from its `{` on: what of it is here now, then each body piece.
      this.argumentsStreaming = true;
      const text = kept + piece;
      if (leading.argumentsAt < text.length) this.streamArgumentText(text.slice(leading.argumentsAt));
    }
  }

  /**
   * The argument keys (`argumentKeys`) of the object body when it holds more than one argument member
   * (a key twice, or two of the keys): JSON's last member, or the first key in `argumentKeys`, would
   * win, but the first one in the text may already have streamed, so such a call is ambiguous. `value`
   * is the decoded body: only a key it has can be there twice, so one search for that key's quoted
   * text (and one for `\\u`, which could spell a key otherwise) usually settles it; the members are
   * read only when the key is found twice or escapes are there.
   */
  private argumentMembers(bodyText: string, value: Record<string, unknown>): string[] | undefined {
    const present = (this.config.argumentKeys ?? defaultArgumentKeys).filter((key) =>
      Object.hasOwn(value, key),
    );
    if (present.length > 1) return present;
    const key = present[0];
    if (key === undefined) return undefined;
    const quoted = `"${key}"`;
    const first = bodyText.indexOf(quoted);
    if (first >= 0 && bodyText.indexOf(quoted, first + quoted.length) < 0 && !bodyText.includes('\\u'))
      return undefined;
    const found = memberSpans(bodyText, 0, bodyText.length)
      .map((member) => member.key)
      .filter((each) => each === key);
    return found.length > 1 ? found : undefined;
  }

  /** `leadingCall` with this format's keys. */
  private leadingCall(prefix: string, cut: boolean, findArguments = true): LeadingCall | null | undefined {
    const {
      nameKeys = defaultNameKeys,
      idKeys = defaultIdKeys,
      argumentKeys = defaultArgumentKeys,
    } = this.config;
    return leadingCall(prefix, nameKeys, idKeys, findArguments ? argumentKeys : [], cut);
  }

  /** Announces the open call as its body's first code units name it (see `leadingCall`), if they do. */
  private announceLeading(leading: LeadingCall | null | undefined): void {
    if (!leading) return;
    this.bodyName = leading.name;
    this.announceCall(leading.name, leading.id);
  }

  private failGarbage(): void {
    this.clearBody();
    this.namePrefix = undefined;
    this.state = 'text';
    this.failCall('invalid_tool_call', 'the tool-call body is not JSON', undefined);
  }

  /**
   * Decodes the collected body and emits its call(s); `unended`: the section has no end marker (the
   * last call gets a `missing_end_marker` repair at the end of its raw text).
   */
  private completeBody(decoded?: unknown, unended = false): void {
    const bodyText = this.bodyPiece ?? this.rawSlice(this.bodyStart, this.bodyEnd);
    const unendedAt = this.rawLength;
    const bodyOffset = this.bodyStart;
    const streamed = this.argumentsStreaming;
    this.clearBody();
    this.namePrefix = undefined;
    this.state = 'text';
    const parsed =
      decoded === undefined ? parseMostlyValidJson(bodyText) : { ok: true as const, value: decoded };
    if (!parsed.ok) {
      this.failCall('invalid_json', `the tool-call body is not valid JSON: ${parsed.error}`, this.bodyName);
      return;
    }
    const value = parsed.value;
    if (!Array.isArray(value)) {
      const parts = this.callParts(value);
      // `{"name": "f", "name": "g"}`: JSON's last key wins, but the call was announced as `f` from the
      // body's first member (the same text decides in whole-text parsing): ambiguous, so invalid.
      const leading = this.config.nameIsKey
        ? undefined
        : this.leadingCall(bodyText.slice(0, maxNamePrefix), true);
      const members =
        typeof parts === 'string'
          ? undefined
          : this.argumentMembers(bodyText, value as Record<string, unknown>);
      if (typeof parts === 'string') this.failCall('missing_name', parts, undefined);
      else if (members !== undefined)
        this.failCall(
          'conflicting_arguments',
          `the tool call gives its arguments ${members.length} times (${members.map((key) => `"${key}"`).join(', ')})`,
          leading ? leading.name : parts.name,
          leading ? leading.id : parts.id,
        );
      else if (leading && leading.name !== parts.name)
        this.failCall(
          'conflicting_names',
          `the tool call names two tools, "${leading.name}" and "${parts.name}"`,
          leading.name,
          leading.id,
        );
      else {
        const exact = decoded !== undefined || ('repairs' in parsed && parsed.repairs.length === 0);
        const argumentsJson =
          exact && this.options.inputEvents !== false && !streamed
            ? this.argumentsJson(bodyText, value, decoded !== undefined)
            : undefined;
        // A body that starts with its name was announced with the id right after it, if any: an id
        // member further on is not the call's id (streaming consumers already have one).
        let call = withJsonRepairs(parts, 'repairs' in parsed ? parsed.repairs : undefined, bodyOffset);
        if (leading && call.id !== leading.id) {
          const { id: _written, ...rest } = call;
          call = leading.id === undefined ? rest : { ...rest, id: leading.id };
        }
        if (argumentsJson !== undefined) call = { ...call, argumentsJson };
        this.endCall(
          unended ? { ...call, repairs: [...(call.repairs ?? []), this.missingEnd(unendedAt)] } : call,
        );
      }
      return;
    }
    // An array section: one call per element, each with its own exact text as raw; the markers,
    // brackets and commas around them are structure.
    const spans = elementSpans(bodyText);
    if (!spansCoverArray(bodyText, spans, value.length)) {
      // Elements that are not separate JSON values (bare words, repaired text): one invalid section.
      this.failCall('invalid_json', 'the tool-call array is not a list of JSON values', undefined);
      return;
    }
    const section = this.closeCallRaw();
    const bodyStart = section.indexOf(bodyText);
    // Each element's raw with the structure before it; the structure (markers, fences, brackets,
    // commas, whitespace) is markup, but text the lenient read skipped there (`{```jsonSure.` before
    // the array) is the model's: it goes with the element's raw (after the last one: with the last).
    const pieces: Array<{ structure: string; raw: string }> = [];
    let structure = section.slice(0, bodyStart);
    let previous = 0;
    value.forEach((element, index) => {
      const span = spans[index];
      let raw = span ? bodyText.slice(span[0], span[1]) : JSON.stringify(element);
      if (span) {
        structure += bodyText.slice(previous, span[0]);
        previous = span[1];
      }
      if (!this.isStructure(structure)) {
        raw = structure + raw;
        structure = '';
      }
      pieces.push({ structure, raw });
      structure = '';
    });
    let rest = structure + bodyText.slice(previous) + section.slice(bodyStart + bodyText.length);
    const last = pieces[pieces.length - 1];
    if (last !== undefined && !this.isStructure(rest)) {
      last.raw += rest;
      rest = '';
    }
    pieces.forEach(({ structure: before, raw }, index) => {
      const parts = this.callParts(value[index]);
      this.emitTaken(before, 'markup');
      // The first element's call may have been announced while the section streamed in.
      if (typeof parts === 'string') this.invalidCall(raw, 'missing_name', parts, undefined, index === 0);
      else if (unended && index === value.length - 1)
        this.endCall({ ...parts, repairs: [this.missingEnd(raw.length)] }, raw, index === 0);
      else this.endCall(parts, raw, index === 0);
    });
    this.emitTaken(rest, 'markup');
  }

  /** Whether `text` is only markers, code fences, array punctuation and whitespace. */
  private isStructure(text: string): boolean {
    let rest = text;
    for (const marker of [...this.config.start, ...this.config.end, `${fenceMark}json`, fenceMark])
      rest = rest.split(marker).join(' ');
    return /^[\s[\],]*$/.test(rest);
  }

  private missingEnd(position: number): ToolCallRepair {
    return { kind: 'missing_end_marker', position, message: `the call has no ${this.config.end[0]}` };
  }

  /**
   * The exact JSON text of the arguments in `bodyText`, an object body that `JSON.parse` read as
   * `value`, when the body is just the name and the arguments (`{"name": …, "arguments": {…}}`, in
   * either order): then the text splits at its only top-level comma, which the streaming scanner
   * counted on its way (`wholeBody`: the body came in one piece, its commas are counted here). Saves
   * serializing a long argument object again for the call's delta. `undefined` for any other body.
   */
  private argumentsJson(
    bodyText: string,
    value: unknown,
    wholeBody: boolean,
    scanned: { readonly count: number; readonly last: number } = this.scanner.topLevelCommas,
  ): string | undefined {
    if (this.config.nameIsKey || typeof value !== 'object' || value === null) return undefined;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length !== 2) return undefined;
    const argumentKey = pickedKey(record, this.config.argumentKeys ?? defaultArgumentKeys);
    const nameKey = pickedKey(record, this.config.nameKeys ?? defaultNameKeys);
    if (argumentKey === undefined || nameKey === undefined || argumentKey === nameKey) return undefined;
    const argumentsValue = record[argumentKey];
    if (typeof argumentsValue !== 'object' || argumentsValue === null || Array.isArray(argumentsValue))
      return undefined;
    let commas = scanned;
    if (wholeBody) {
      const scanner = new JsonScanner();
      if (scanner.scan(bodyText, 0, bodyText.length) !== bodyText.length) return undefined;
      commas = scanner.topLevelCommas;
    }
    if (commas.count !== 1 || bodyText.charCodeAt(0) !== 0x7b /* { */) return undefined;
    const end = bodyText.length - 1;
    if (bodyText.charCodeAt(end) !== 0x7d /* } */) return undefined;
    return (
      memberValue(bodyText, 1, commas.last, argumentKey) ??
      memberValue(bodyText, commas.last + 1, end, argumentKey)
    );
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

/** The first of `keys` that `record` has (as `pick` chooses it). */
function pickedKey(record: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) if (Object.hasOwn(record, key)) return key;
  return undefined;
}

/**
 * The value text of the member `text[start, end)` (`"key": value`, whitespace around) when its key is
 * `key`; `undefined` otherwise. The key is short; the value is sliced, not copied or scanned.
 */
function memberValue(text: string, start: number, end: number, key: string): string | undefined {
  let position = start;
  while (position < end && isWhitespace(text.charCodeAt(position))) position++;
  if (text.charCodeAt(position) !== 0x22 /* " */) return undefined;
  let keyEnd = position + 1;
  while (keyEnd < end) {
    const code = text.charCodeAt(keyEnd);
    if (code === 0x22) break;
    keyEnd += code === 0x5c /* \ */ ? 2 : 1;
  }
  if (keyEnd >= end) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(text.slice(position, keyEnd + 1));
  } catch {
    return undefined;
  }
  if (decoded !== key) return undefined;
  position = keyEnd + 1;
  while (position < end && isWhitespace(text.charCodeAt(position))) position++;
  if (text.charCodeAt(position) !== 0x3a /* : */) return undefined;
  position++;
  while (position < end && isWhitespace(text.charCodeAt(position))) position++;
  let valueEnd = end;
  while (valueEnd > position && isWhitespace(text.charCodeAt(valueEnd - 1))) valueEnd--;
  return valueEnd > position ? text.slice(position, valueEnd) : undefined;
}

function pick(record: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) if (Object.hasOwn(record, key)) return record[key];
  return undefined;
}

/**
 * Do `spans` account for all `count` elements of the array `text`, with only whitespace and commas
 * between them (and the closing `]` after the last)? Otherwise some text would be neither a call nor
 * structure.
 */
function spansCoverArray(text: string, spans: ReadonlyArray<[number, number]>, count: number): boolean {
  if (spans.length !== count) return false;
  let previous = text.indexOf('[') + 1;
  for (let index = 0; index <= spans.length; index++) {
    const span = spans[index];
    const gapEnd = span ? span[0] : text.length;
    for (let position = previous; position < gapEnd; position++) {
      const code = text.charCodeAt(position);
      if (isWhitespace(code) || code === 0x2c /* , */) continue;
      if (span === undefined && code === 0x5d /* ] */) continue;
      return false;
    }
    if (span) previous = span[1];
  }
  return true;
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

const skipWhitespace = (text: string, from: number): number => {
  let position = from;
  while (position < text.length && isWhitespace(text.charCodeAt(position))) position++;
  return position;
};

/** What `leadingCall` reads from a body's start. */
interface LeadingCall {
  readonly name: string;
  readonly id?: string;
  /** Where the arguments object starts in the body (its `{`), when it comes right after name and id. */
  readonly argumentsAt?: number;
}

/**
 * The name in `{"name": "…"` at the start of `text` (a bounded body prefix), with the end of its value:
 * the string when the first member is a name key with a complete string value (`null` value when it
 * is empty); `undefined` when the text ends before that is known; `null` when the body starts otherwise.
 */
function leadingNameValue(
  text: string,
  keys: readonly string[],
): { value: string | null; end: number } | null | undefined {
  let position = skipWhitespace(text, 0);
  if (position >= text.length) return undefined;
  if (text.charCodeAt(position) !== 0x7b /* { */) return null;
  const key = readJsonString(text, skipWhitespace(text, position + 1));
  if (!key) return key;
  if (!keys.includes(key.value)) return null;
  position = skipWhitespace(text, key.end);
  if (position >= text.length) return undefined;
  if (text.charCodeAt(position) !== 0x3a /* : */) return null;
  const value = readJsonString(text, skipWhitespace(text, position + 1));
  if (!value) return value;
  return { value: value.value === '' ? null : value.value, end: value.end };
}

/**
 * The call an object body starts with: its leading name (see `leadingNameValue`), the id when the
 * member right after the name is an id (`idKeys`) with a string value, and `argumentsAt`, where the
 * value of the next member starts when that member is an argument key with an object value (the `{`),
 * so its text can stream. `undefined` while `text` (the body's first code units) ends before that is
 * known; with `cut` (no more text will be looked at) the answer is what is known by then. `null`: the
 * body does not start with a name.
 */
function leadingCall(
  text: string,
  nameKeys: readonly string[],
  idKeys: readonly string[],
  argumentKeys: readonly string[],
  cut: boolean,
): LeadingCall | null | undefined {
  const name = leadingNameValue(text, nameKeys);
  if (name === undefined) return cut ? null : undefined;
  if (name === null || name.value === null) return null;
  let id: string | undefined;
  const result = (argumentsAt?: number): LeadingCall => ({
    name: name.value as string,
    ...(id === undefined ? {} : { id }),
    ...(argumentsAt === undefined ? {} : { argumentsAt }),
  });
  const more = (): LeadingCall | undefined => (cut ? result() : undefined);
  let position = skipWhitespace(text, name.end);
  // At most two members after the name: an id, then the arguments.
  for (let member = 0; member < 2; member++) {
    if (position >= text.length) return more();
    if (text.charCodeAt(position) !== 0x2c /* , */) return result();
    const keyStart = skipWhitespace(text, position + 1);
    const wanted = member === 0 ? [...argumentKeys, ...idKeys] : argumentKeys;
    // No key is wanted any more (the announcement alone): the comma decides.
    if (wanted.length === 0) return result();
    const key = readJsonString(text, keyStart);
    if (key === undefined) {
      // A key that cannot become a wanted one is enough to know (`"argu…` is not an id key). Only its
      // literal start counts: from an escape on, any key is possible, however the text is chunked.
      const partial = text.slice(keyStart + 1);
      const backslash = partial.indexOf('\\');
      const literal = backslash < 0 ? partial : partial.slice(0, backslash);
      return wanted.some((each) => each.startsWith(literal)) ? more() : result();
    }
    if (key === null || !wanted.includes(key.value)) return result();
    position = skipWhitespace(text, key.end);
    if (position >= text.length) return more();
    if (text.charCodeAt(position) !== 0x3a /* : */) return result();
    position = skipWhitespace(text, position + 1);
    if (position >= text.length) return more();
    if (member === 0 && idKeys.includes(key.value)) {
      const value = readJsonString(text, position);
      if (value === undefined) return more();
      if (value === null) return result();
      if (value.value !== '') id = value.value;
      position = skipWhitespace(text, value.end);
      continue;
    }
    return text.charCodeAt(position) === 0x7b /* { */ ? result(position) : result();
  }
  return result();
}

/**
 * The first key of the object at the start of `text` (a bounded prefix of an array element) and where
 * its colon ends: `undefined` when the text ends before that is known, `null` when it starts otherwise.
 */
function leadingKey(text: string): { name: string; end: number } | null | undefined {
  let position = skipWhitespace(text, 0);
  if (position >= text.length) return undefined;
  if (text.charCodeAt(position) !== 0x7b /* { */) return null;
  const key = readJsonString(text, skipWhitespace(text, position + 1));
  if (!key) return key;
  position = skipWhitespace(text, key.end);
  if (position >= text.length) return undefined;
  if (text.charCodeAt(position) !== 0x3a /* : */) return null;
  return { name: key.value, end: position + 1 };
}

/** The JSON string starting at `position`: its value and end, `undefined` if cut off, `null` if none. */
function readJsonString(text: string, position: number): { value: string; end: number } | null | undefined {
  if (position >= text.length) return undefined;
  if (text.charCodeAt(position) !== 0x22 /* " */) return null;
  let escaped = false;
  let index = position + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 0x22) break;
    if (code === 0x5c /* \ */) {
      escaped = true;
      index++;
    }
    index++;
  }
  if (index >= text.length) return undefined;
  const end = index + 1;
  if (!escaped) return { value: text.slice(position + 1, index), end };
  try {
    const value: unknown = JSON.parse(text.slice(position, end));
    return typeof value === 'string' ? { value, end } : null;
  } catch {
    return null;
  }
}
