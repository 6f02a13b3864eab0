// Kept whole: the family's one state machine over its marker grammar (the states of `parseFrom` share
// the open body's fields); its pieces with one job each are in `tagged-json/`. About 780 lines.
import { isWhitespace } from '../../internal/whitespace.js';
import { JsonScanner } from '../../json/json-scanner.js';
import { parseLenientJson, parseMostlyValidJson } from '../../json/parse-lenient-json.js';
import type { ToolCallRepair } from '../../types/tool-call.js';
import { BaseFormatParser, type Cursor } from '../core/base-parser.js';
import { missingClosingBracket, withJsonRepairs } from '../core/call-repairs.js';
import {
  consumableEnd,
  findEarliestMarker,
  heldBackLength,
  isMarkerPrefix,
  markerAt,
  markerPrefixAt,
  noMarkerFrom,
} from '../core/markers.js';
import type { FormatOptions } from '../format-definition.js';
import { arrayElementSpans, arraySectionPieces, arraySpansFromCommas } from './tagged-json/array-section.js';
import { argumentsJson, callParts, unreadCallArguments } from './tagged-json/call-object.js';
import { FirstElementReader } from './tagged-json/first-element-reader.js';
import { type LeadingCall, leadingCall, maxNamePrefix } from './tagged-json/leading-call.js';
import { objectBodyCall } from './tagged-json/object-body-call.js';
import {
  fenceMark,
  opensCallArray,
  opensJson,
  skipFenceOpener,
  wholeBody,
} from './tagged-json/opens-json.js';
import { type StrayText, strayAfterBody } from './tagged-json/stray-after-body.js';
import { closesObject, lookbackFrom, recoverableBody, type StrayEnd } from './tagged-json/stray-end.js';
import type { TaggedJsonConfig } from './tagged-json/tagged-json-config.js';
import { type TaggedJsonPlan, taggedJsonPlan } from './tagged-json/tagged-json-plan.js';

type State = 'text' | 'before-body' | 'json' | 'after-json' | 'garbage' | 'prose';

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
 * markup — so a call announced while its object streamed in keeps its id, and no text is lost. What a
 * format configures is `TaggedJsonConfig`.
 *
 * One JSON body per call section, scanned incrementally: the scanner knows whether an end marker is
 * inside a JSON string (then it is data) or not (then the body is malformed and ends there). While an
 * object body streams in, its leading `"name": "…"` member announces the call (`tool-input-start`)
 * before the JSON is complete. In an array body the first element's call is announced before the
 * section ends, the other elements' calls with it (see `FirstElementReader`).
 */
export class TaggedJsonParser extends BaseFormatParser {
  protected override readonly callsEndWithOutput: boolean;
  private state: State = 'text';
  private readonly scanner = new JsonScanner();
  /** The body: the open call's raw text `[bodyStart, bodyEnd)` (no copy); `bodyOpener`: its first code. */
  private bodyStart = 0;
  private bodyEnd = 0;
  private bodyOpener = 0;
  /** The body when it was taken in one piece (always, for whole-text parsing): used as is. */
  private bodyPiece: string | undefined;
  /** Text `tryWholeBody` found not to be JSON: if the body is just that, no second throwing `JSON.parse`. */
  private notJson: string | undefined;
  /** The start of an object body while its name is still being looked for; `undefined` otherwise. */
  private namePrefix: string | undefined;
  /** The name `probeName` read from the open call's body, kept for an invalid call's report. */
  private bodyName: string | undefined;
  /** The open body's arguments object streams (`tool-input-delta`) as it arrives; see `probeName`. */
  private argumentsStreaming = false;
  /** The first element of an array body, read while it streams in to announce its call early. */
  private readonly firstElement: FirstElementReader;
  /** The body sits in a code fence whose closing line has not been read yet. */
  private fenced = false;
  /**
   * The open section's start pairs with an end marker, so a call without one gets a
   * `missing_end_marker` repair. Not for a bare array (`bareArrayAtStart`), a start in
   * `config.openEndedStarts`, a start that is a fence opener once its closing fence is read, nor a
   * format whose calls end with the output (`endsWithOutput`).
   */
  private sectionNeedsEnd = true;
  /** The open section's start marker is a fence opener: its closing fence ends the section. */
  private startFenced = false;
  /** That closing fence never came: what the section's `missing_end_marker` repair names. */
  private fenceMissing = false;
  /** Only whitespace and reasoning read so far (`bareArrayAtStart`). */
  private atStart: boolean;
  /** What the config implies: marker lists, call keys (see `TaggedJsonPlan`). */
  private readonly plan: TaggedJsonPlan;

  constructor(
    private readonly config: TaggedJsonConfig,
    options?: FormatOptions,
  ) {
    super(options, config.reasoning);
    this.callsEndWithOutput = config.endsWithOutput === true || config.end.length === 0;
    this.atStart = config.bareArrayAtStart === true;
    this.plan = taggedJsonPlan(config);
    this.firstElement = new FirstElementReader(this.plan.keys, {
      announce: (name) => this.announceCall(name),
      streamText: (text) => this.streamArgumentText(text),
      rawSlice: (start, end) => this.rawSlice(start, end),
    });
  }

  /**
   * A chunk in a string of a streaming arguments object is body text (see `scanJson`), unless it may
   * hold an end marker and no stray one has been noted yet (`noteStrayEnd` must see it).
   */
  protected override takeInLane(chunk: string): boolean {
    if (
      this.state !== 'json' ||
      this.namePrefix !== undefined ||
      !this.argumentsStreaming ||
      (this.strayEnd === undefined && !noMarkerFrom(chunk, 0, this.plan.endInitial)) ||
      !this.takeInJsonLane(chunk, this.scanner)
    )
      return false;
    this.recordBody(chunk);
    return true;
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
    // A recovered call gives back the text after its end marker, read again (see `recoverStrayEnd`).
    for (let next: Cursor | undefined = cursor; next !== undefined; next = this.replay) {
      this.replay = undefined;
      this.parseFrom(next);
    }
  }

  private replay: Cursor | undefined;

  private parseFrom(cursor: Cursor): void {
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
          const match = this.scanText(cursor, this.plan.textMarkers, this.plan.reasoningOpeners, true);
          if (!match) return;
          const markerEnd = match.index + match.marker.length;
          if (!start.includes(match.marker)) {
            this.take(cursor, markerEnd, 'markup');
            break;
          }
          if (this.config.startNeedsJson) {
            const opens = opensJson(text, markerEnd, cursor.final, this.config.fence === true);
            // Undecided: the marker stays unconsumed until more text arrives.
            if (opens === undefined) return;
            if (!opens) {
              this.take(cursor, markerEnd, 'content');
              break;
            }
          }
          this.openCall();
          // A start marker that is a fence opener (```` ```json ````) is closed by a fence after the JSON.
          if (match.marker.includes(fenceMark)) {
            this.fenced = true;
            this.startFenced = true;
          }
          if (this.config.openEndedStarts?.includes(match.marker)) this.sectionNeedsEnd = false;
          this.take(cursor, markerEnd, 'markup');
          break;
        }
        case 'before-body': {
          let position = cursor.position;
          while (position < text.length && isWhitespace(text.charCodeAt(position))) position++;
          if (this.config.fence && !this.fenced) {
            const afterFence = skipFenceOpener(text, position, cursor.final);
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
            this.state = this.config.proseMentions && !this.fenced ? 'prose' : 'garbage';
          }
          break;
        }
        case 'prose': {
          if (!this.readProse(cursor)) return;
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
              // The closing fence of a start that opened it is the section's end.
              if (this.startFenced) this.sectionNeedsEnd = false;
              this.take(cursor, position + fenceMark.length, 'call');
              break;
            }
            if (!cursor.final && isMarkerPrefix(text, position, fenceMark)) return;
            // No closing fence: tolerated like a missing end marker.
            this.fenced = false;
            this.fenceMissing = this.startFenced;
          }
          const closing = markerAt(text, position, end);
          if (closing !== undefined) {
            this.take(cursor, position + closing.length, 'call');
            this.completeBody();
            break;
          }
          if (!cursor.final && markerPrefixAt(text, position, end)) return;
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
          if (this.bodyOpener === 0x7b /* { */ && end.length > 0) {
            // Text, then the end marker: an extra `}` or a remark inside the section.
            const stray = strayAfterBody(text, position, cursor.final, this.plan.proseStops, end);
            if (stray === 'wait') return;
            if (stray !== undefined) {
              this.endAfterStray(cursor, stray);
              break;
            }
          }
          // No end marker: the call ends with its JSON (the marker is optional in practice; servers
          // strip it as a stop token), reported as a repair where the section's start has one.
          this.completeBody(undefined, this.sectionNeedsEnd);
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

  protected override openCallEndsWithOutput(): boolean {
    return !this.sectionNeedsEnd;
  }

  /** Opens a call section; the caller takes its start marker (if any) next. */
  private openCall(): void {
    this.atStart = false;
    this.fenced = false;
    this.startFenced = false;
    this.fenceMissing = false;
    this.sectionNeedsEnd = !this.callsEndWithOutput;
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
        const opens = opensCallArray(text, position, cursor.final);
        if (opens === undefined) return 'wait';
        if (opens) {
          this.openCall();
          // A bare array has no start marker to pair with an end marker: the output's end ends it.
          this.sectionNeedsEnd = false;
        } else this.atStart = false;
        return opens ? 'call' : 'done';
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
   * Fast path when the body and its end marker are both in this text (always, for whole-text parsing):
   * if the text up to the first end marker is valid JSON, that marker cannot be inside a string, so
   * the body is exactly that text and one native `JSON.parse` replaces the character scan.
   */
  private tryWholeBody(cursor: Cursor): boolean {
    const text = cursor.text;
    const whole = wholeBody(text, cursor.position, this.config.end, this.plan.keys);
    if (whole === undefined) return false;
    if ('notJson' in whole) {
      this.notJson = whole.notJson;
      return false;
    }
    const { bodyEnd, match, value, unique } = whole;
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
    this.completeBody(value, false, undefined, unique);
    return true;
  }

  /** Feeds the scanner up to the next end marker; returns false when more text is needed. */
  private scanJson(cursor: Cursor): boolean {
    const { end } = this.config;
    const text = cursor.text;
    const initial = this.plan.endInitial;
    let from = cursor.position;
    if (
      !cursor.final &&
      this.scanner.inString &&
      (this.strayEnd !== undefined || noMarkerFrom(text, from, initial))
    ) {
      // Inside a string an end marker is data: a chunk that stays in the string needs no search
      // (once one such marker is noted, or when the chunk holds none: see `noteStrayEnd`).
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
        if (this.recoverStrayEnd(cursor)) return true;
        // Cut off at the end of the output (token limit): the call is incomplete, reported whole,
        // under the name (and id) its body starts with even if the probe was still reading.
        const pending = this.namePrefix === undefined ? undefined : this.leadingCall(this.namePrefix, true);
        this.leaveBody();
        this.failCall(
          'incomplete_tool_call',
          'the tool call is cut off before its JSON ends',
          pending ? pending.name : this.bodyName,
          pending?.id,
        );
        return true;
      }
      if (this.scanner.inString) {
        // An end marker inside a JSON string is data, unless the string turns out never to close.
        if (this.strayEnd === undefined) this.noteStrayEnd(match.marker);
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

  /** Where the call really ended if a string of its object body never closes (see `stray-end.ts`). */
  private strayEnd: StrayEnd | undefined;
  /** Notes `marker`, next in the object body at the raw text's end, when a `}` is right before it. */
  private noteStrayEnd(marker: string): void {
    const at = this.rawLength;
    if (this.bodyOpener === 0x7b /* { */ && closesObject(this.rawSlice(lookbackFrom(this.bodyStart, at), at)))
      this.strayEnd = { at, marker };
  }

  /** The output ended in a string past a noted `strayEnd`: the call ends there (`stray-end.ts`). */
  private recoverStrayEnd(cursor: Cursor): boolean {
    const stray = this.strayEnd;
    if (stray === undefined || this.options.finishReason === 'length') return false;
    const bodyText = recoverableBody(this.rawSlice(this.bodyStart, stray.at));
    if (bodyText === undefined) return false;
    const raw = this.closeCallRaw();
    const callEnd = stray.at + stray.marker.length;
    const rest = raw.slice(callEnd);
    this.bodyPiece = bodyText;
    this.completeBody(undefined, false, raw.slice(0, callEnd));
    if (rest !== '') {
      // The text after the marker was taken into the call: read again, at its place in the input.
      this.replayTaken(rest);
      this.replayingAtFinish();
      const origin = this.inputOffset(cursor) + cursor.text.length - rest.length;
      this.replay = { text: rest, position: 0, final: true, origin };
    }
    return true;
  }

  private takeBody(cursor: Cursor, end: number): void {
    const piece = this.take(cursor, end, 'call');
    if (piece === '') return;
    this.recordBody(piece);
    if (this.namePrefix !== undefined) this.probeName(piece);
    else if (this.argumentsStreaming) this.streamArgumentText(piece);
    else if (this.firstElement.active) this.firstElement.read(piece, this.bodyEnd - piece.length);
  }

  /** A piece of the body, just taken into the call's raw text: where the body ends, and if it is all of it. */
  private recordBody(piece: string): void {
    this.bodyPiece = this.bodyEnd === this.bodyStart ? piece : undefined;
    this.bodyEnd = this.rawLength;
  }

  /** The body starts here, at the open call's raw text so far; `opener` is its first code. */
  private startBody(opener: number): void {
    this.bodyStart = this.rawLength;
    this.bodyEnd = this.bodyStart;
    this.bodyOpener = opener;
    this.bodyPiece = undefined;
    this.notJson = undefined;
    // Without input events nothing would show an announcement (the call's id does not depend on it).
    if (opener === 0x5b /* [ */ && this.options.inputEvents !== false) this.firstElement.start();
    else this.firstElement.stop();
  }

  private clearBody(): void {
    this.strayEnd = undefined;
    this.argumentsStreaming = false;
    this.bodyStart = 0;
    this.bodyEnd = 0;
    this.bodyOpener = 0;
    this.bodyPiece = undefined;
    this.notJson = undefined;
    this.firstElement.stop();
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

  /** `leadingCall` with this format's keys. */
  private leadingCall(prefix: string, cut: boolean, findArguments = true): LeadingCall | null | undefined {
    const { nameKeys, idKeys, argumentKeys } = this.plan.keys;
    return leadingCall(prefix, nameKeys, idKeys, findArguments ? argumentKeys : [], cut);
  }

  /** Announces the open call as its body's first code units name it (see `leadingCall`), if they do. */
  private announceLeading(leading: LeadingCall | null | undefined): void {
    if (!leading) return;
    this.bodyName = leading.name;
    this.announceCall(leading.name, leading.id);
  }

  /** The body is done with: back to text. */
  private leaveBody(): void {
    this.clearBody();
    this.namePrefix = undefined;
    this.state = 'text';
  }

  /**
   * After a start marker, text that is no JSON body (`proseMentions`): an invalid call if an end marker
   * closes it, else the marker was mentioned in prose and all of it is text again (see `restoreText`).
   * False when more text is needed.
   */
  private readProse(cursor: Cursor): boolean {
    const text = cursor.text;
    const stops = this.plan.proseStops;
    const match = findEarliestMarker(text, cursor.position, stops);
    this.take(cursor, consumableEnd(text, cursor.position, stops, match, cursor.final), 'call');
    if (match === undefined && !cursor.final) return false;
    if (match !== undefined && this.config.end.includes(match.marker)) {
      this.take(cursor, match.index + match.marker.length, 'call');
      this.failGarbage();
    } else if (match === undefined && this.options.finishReason === 'length') {
      // Cut off by the token limit: a call the model had begun.
      this.failGarbage();
    } else {
      this.leaveBody();
      this.restoreText(this.closeCallRaw());
    }
    return true;
  }

  /**
   * Ends the call whose object body is followed by `stray` text and then its end marker (see
   * `stray-after-body.ts`): extra closing brackets are dropped into the call's raw text, other text
   * is content; the end marker is the section's end either way, and a repair says what was done.
   */
  private endAfterStray(cursor: Cursor, stray: StrayText): void {
    const written = cursor.text.slice(stray.start, stray.end).trimEnd();
    const markerEnd = stray.end + stray.marker.length;
    if (stray.closersOnly) {
      const position = this.rawLength + stray.start - cursor.position;
      this.take(cursor, markerEnd, 'call');
      this.completeBody(undefined, false, undefined, false, {
        kind: 'redundant_closing_bracket',
        position,
        message: `the extra "${written}" after the call's JSON was dropped`,
      });
      return;
    }
    this.completeBody(undefined, false, undefined, false, {
      kind: 'surrounding_text',
      position: this.rawLength,
      message: `the text after the call's JSON, before ${stray.marker}, was moved to the content: "${written}"`,
    });
    this.take(cursor, stray.end, 'content');
    this.take(cursor, markerEnd, 'markup');
  }

  private failGarbage(): void {
    this.leaveBody();
    this.failCall('invalid_tool_call', 'the tool-call body is not JSON', undefined);
  }

  /**
   * Decodes the collected body and emits its call(s); `unended`: the section has no end marker (the
   * last call gets a `missing_end_marker` repair at the end of its raw text); `unique`: `decoded` came
   * from `nameThenArguments`, which proved each of its keys is in the body once; `stray`: the repair
   * of text after an object body (see `endAfterStray`).
   */
  private completeBody(
    decoded?: unknown,
    unended = false,
    closedRaw?: string,
    unique = false,
    stray?: ToolCallRepair,
  ): void {
    const bodyText = this.bodyPiece ?? this.rawSlice(this.bodyStart, this.bodyEnd);
    const unendedAt = this.rawLength;
    const bodyOffset = this.bodyStart;
    const streamed = this.argumentsStreaming;
    const notJson = this.notJson;
    this.leaveBody();
    // `parseMostlyValidJson` is `JSON.parse`, else `parseLenientJson`: the same result here.
    const parsed =
      decoded !== undefined
        ? { ok: true as const, value: decoded }
        : bodyText === notJson
          ? parseLenientJson(bodyText)
          : parseMostlyValidJson(bodyText);
    if (!parsed.ok) {
      this.failCall('invalid_json', `the tool-call body is not valid JSON: ${parsed.error}`, this.bodyName);
      return;
    }
    const value = parsed.value;
    // `JSON.parse` read the body the scanner found (no `decoded` value was handed in, no repair made).
    const readWhole = 'repairs' in parsed && parsed.repairs.length === 0;
    if (!Array.isArray(value)) {
      const exact = decoded !== undefined || readWhole;
      const parts = objectBodyCall(
        bodyText,
        value,
        this.plan.keys,
        () =>
          this.plan.keys.nameIsKey ? undefined : this.leadingCall(bodyText.slice(0, maxNamePrefix), true),
        unique ? 'unique' : exact,
      );
      if ('code' in parts) {
        if (closedRaw === undefined) this.failCall(parts.code, parts.message, parts.name, parts.id);
        else this.invalidCall(closedRaw, parts.code, parts.message, parts.name, true);
        return;
      }
      const argumentsText =
        exact && this.options.inputEvents !== false && !streamed
          ? argumentsJson(bodyText, value, decoded !== undefined, this.scanner.topLevelCommas, this.plan.keys)
          : undefined;
      let call = withJsonRepairs(parts, 'repairs' in parsed ? parsed.repairs : undefined, bodyOffset);
      if (argumentsText !== undefined) call = { ...call, argumentsJson: argumentsText };
      if (unended) call = { ...call, repairs: [...(call.repairs ?? []), this.missingEnd(unendedAt)] };
      if (stray) call = { ...call, repairs: [...(call.repairs ?? []), stray] };
      this.endCall(call, closedRaw, true);
      return;
    }
    // An array section: one call per element, each with its own exact text as raw; the markers,
    // brackets and commas around them are structure.
    // A body read whole: the scanner's commas are the separators.
    const commas = readWhole ? this.scanner.arrayCommas : undefined;
    const spans =
      (commas && arraySpansFromCommas(bodyText, value.length, commas)) ??
      arrayElementSpans(bodyText, value.length);
    if (spans === undefined) {
      // Elements that are not separate JSON values (bare words, repaired text): one invalid section.
      this.failCall('invalid_json', 'the tool-call array is not a list of JSON values', undefined);
      return;
    }
    const { pieces, rest, unwritten } = arraySectionPieces(
      this.closeCallRaw(),
      bodyOffset,
      bodyText,
      value,
      spans,
      this.plan.structureMarkers,
    );
    // A lone element is all its section holds: invalid, its raw text keeps the section's structure.
    if (pieces.length === 1) this.lone = { before: pieces[0]?.structure ?? '', after: rest };
    pieces.forEach(({ structure: before, raw }, index) => {
      const parts = callParts(value[index], this.plan.keys);
      if (this.lone === undefined) this.emitTaken(before, 'markup');
      const last = index === value.length - 1;
      // `finishReason: 'stop'`: the brackets `finish()` fed closed the last element's call (as they
      // close an object body's call, which `endCall` says; here the section's raw was closed above).
      const repairs: ToolCallRepair[] = [];
      if (last && unwritten !== '') repairs.push(missingClosingBracket(raw.length, unwritten));
      if (last && unended) repairs.push(this.missingEnd(raw.length));
      // The first element's call may have been announced while the section streamed in.
      const unread =
        typeof parts === 'string' ? undefined : unreadCallArguments(value[index], parts, this.plan.keys);
      if (typeof parts === 'string') this.invalidCall(raw, 'missing_name', parts, undefined, index === 0);
      else if (unread !== undefined)
        this.invalidCall(raw, 'unread_arguments', unread, parts.name, index === 0);
      else if (repairs.length > 0) this.endCall({ ...parts, repairs }, raw, index === 0);
      else this.endCall(parts, raw, index === 0);
    });
    // A valid lone element left its section's end to markup; an invalid one took it.
    if (pieces.length !== 1 || this.lone !== undefined) this.emitTaken(rest, 'markup');
    this.lone = undefined;
  }

  /**
   * The structure around an array section's lone element while it is emitted: markup before a valid
   * call (`callEmitting`), part of an invalid one's raw text (`emitInvalidIssues`), so that text given
   * back for it is what the model wrote, markers included (as an object body's raw keeps them).
   */
  private lone: { before: string; after: string } | undefined;

  protected override callEmitting(): void {
    if (this.lone === undefined) return;
    this.emitTaken(this.lone.before, 'markup');
    this.lone = { before: '', after: this.lone.after };
  }

  protected override emitInvalidIssues(...call: Parameters<BaseFormatParser['emitInvalidIssues']>): void {
    const lone = this.lone;
    this.lone = undefined;
    if (lone === undefined) {
      super.emitInvalidIssues(...call);
      return;
    }
    const [id, name, raw, issues, repairs] = call;
    const shift = lone.before.length;
    const shifted = repairs?.map((repair) =>
      repair.position === undefined ? repair : { ...repair, position: repair.position + shift },
    );
    super.emitInvalidIssues(id, name, lone.before + raw + lone.after, issues, shifted);
  }

  private missingEnd(position: number): ToolCallRepair {
    const marker = this.fenceMissing ? `closing ${fenceMark}` : this.config.end[0];
    return { kind: 'missing_end_marker', position, message: `the call has no ${marker}` };
  }
}
