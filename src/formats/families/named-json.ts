// Kept whole: the family's one state machine over its markers and JSON bodies (the states share the
// open call's pieces); its pieces with one job each are in `named-json/`. About 650 lines.
import { TextBuilder } from '../../internal/text-builder.js';
import { isWhitespace, skipWhitespace } from '../../internal/whitespace.js';
import { JsonScanner } from '../../json/json-scanner.js';
import type { ToolCallRepair } from '../../types/tool-call.js';
import type { CallParts, Cursor } from '../core/base-parser.js';
import { consumableEnd, findEarliestMarker } from '../core/markers.js';

const none: readonly string[] = [];

import { scanJsonBody } from '../core/scan-json-body.js';
import { SectionCallsParser } from '../core/section-calls-parser.js';
import { startingMarker } from '../core/starting-marker.js';
import type { FormatOptions } from '../format-definition.js';
import { readBoundedField, recipientPattern, validName } from './named-json/bounded-field.js';
import { FieldSniffer } from './named-json/field-sniffer.js';
import { jsonCallObject } from './named-json/json-call-object.js';
import type { NamedJsonConfig } from './named-json/named-json-config.js';
import { type NamedJsonPlan, namedJsonPlan } from './named-json/named-json-plan.js';

type State =
  | 'text'
  | 'section'
  | 'prefix'
  | 'name'
  | 'id'
  | 'before-args'
  | 'json'
  | 'after-json'
  | 'garbage'
  | 'list'
  | 'list-end';

/**
 * Family core for formats that write a call as "NAME, then a JSON arguments object, between markers"
 * (DeepSeek V3 / R1 / V3.1, Mistral, Functionary v3.1 / v3.2, Command R7B): the incremental parser of
 * a `NamedJsonConfig` format; see the config's comment for the grammar. Never throws on model text.
 *
 * Names are at most 256 code units and contain no whitespace; a call whose name is missing or longer,
 * or whose arguments are not JSON, becomes an InvalidToolCall up to the next call end / call start /
 * section end. JSON is scanned incrementally with `JsonScanner`, so markers inside JSON strings are data.
 * A call whose JSON is still open at the end of the output is an InvalidToolCall (`incomplete_tool_call`);
 * JSON that is malformed but closed by markers is decoded leniently.
 *
 * Streaming: a call is announced (`tool-input-start`) as soon as its name (and id, when the format has
 * `idStart`) is read, and argument text after a name streams verbatim as `tool-input-delta`s; a JSON call
 * object is announced once its top-level name and id fields have streamed by (within its first 4096
 * code units). Work is linear: fields are read from a bounded look-ahead, JSON is scanned once.
 *
 * An invalid call that is all its written section holds keeps the section's markers in its raw text
 * (see `SectionCallsParser`), so text given back for it is what the model wrote.
 */
export class NamedJsonParser extends SectionCallsParser {
  private state: State;
  /** Inside a call section (between section start and end). */
  private inSection = false;
  /** No call has started yet in the current section. */
  private sectionFresh = false;
  /** The name is being read before any call was begun (`startsInCall`); it may turn out to be content. */
  private implicit: boolean;
  private name: string | undefined;
  private id: string | undefined;
  private argsStartSeen = false;
  /** Length of a call-start marker read but not consumed while an implicit name is checked. */
  private pendingMarker = 0;
  /**
   * `args`: JSON arguments after a name; `object`: a JSON call object right after the call start;
   * `element`: one call object of a JSON list (`jsonBody`).
   */
  private jsonKind: 'args' | 'object' | 'element' = 'args';
  /** Reads name and id from a call object while it streams, to announce the call early. */
  private readonly sniffer: FieldSniffer;
  private closerIndex = 0;
  private readonly scanner = new JsonScanner();
  private readonly body = new TextBuilder();
  /** Where the JSON body starts and ends in the open call's raw text (-1: built in `body` instead). */
  private bodyStart = -1;
  private bodyEnd = 0;

  /** The marker lists of the config (see `NamedJsonPlan`). */
  private readonly plan: NamedJsonPlan;

  constructor(
    private readonly config: NamedJsonConfig,
    options?: FormatOptions,
  ) {
    super(options, config.reasoning);
    this.plan = namedJsonPlan(config);
    this.state = config.startsInCall ? 'prefix' : 'text';
    this.implicit = config.startsInCall === true;
    this.sniffer = new FieldSniffer(this.plan.objectKeys.nameKeys, this.plan.objectKeys.idKeys);
  }

  /** Inside the arguments' JSON a chunk in a string is body text and nothing else (see `takeBody`). */
  protected override takeInLane(chunk: string): boolean {
    if (this.state !== 'json' || this.jsonKind !== 'args' || !this.takeInJsonLane(chunk, this.scanner))
      return false;
    this.recordBody(chunk);
    return true;
  }

  /** A piece of the JSON body, just taken into the call: its copy, or where it ends in the raw text. */
  private recordBody(piece: string): void {
    if (this.bodyStart < 0) this.body.append(piece);
    else this.bodyEnd = this.rawLength;
  }

  protected override onReset(): void {
    this.state = this.config.startsInCall ? 'prefix' : 'text';
    this.implicit = this.config.startsInCall === true;
    this.pendingMarker = 0;
    this.inSection = false;
    this.sectionFresh = false;
    this.resetCall();
  }

  private resetCall(): void {
    this.name = undefined;
    this.id = undefined;
    this.argsStartSeen = false;
    this.jsonKind = 'args';
    this.closerIndex = 0;
    this.scanner.reset();
    this.sniffer.reset();
    this.body.clear();
    this.bodyStart = -1;
  }

  protected parse(cursor: Cursor): void {
    for (;;) {
      const more = this.step(cursor);
      if (!more) return;
    }
  }

  /** Runs the current state once; false when it needs more text. */
  private step(cursor: Cursor): boolean {
    switch (this.state) {
      case 'text':
        return this.stepText(cursor);
      case 'section':
        return this.stepSection(cursor);
      case 'prefix':
        return this.stepPrefix(cursor);
      case 'name':
        return this.stepName(cursor);
      case 'id':
        return this.stepId(cursor);
      case 'before-args':
        return this.stepBeforeArgs(cursor);
      case 'json':
        return this.stepJson(cursor);
      case 'after-json':
        return this.stepAfterJson(cursor);
      case 'garbage':
        return this.stepGarbage(cursor);
      case 'list':
        return this.stepList(cursor);
      case 'list-end':
        return this.stepListEnd(cursor);
    }
  }

  private stepText(cursor: Cursor): boolean {
    const match = this.scanText(cursor, this.plan.textMarkers, this.plan.reasoningOpeners, true);
    if (!match) return false;
    const after = match.index + match.marker.length;
    if (this.config.dropMarkers?.includes(match.marker)) {
      this.take(cursor, after, 'markup');
      return true;
    }
    if (this.config.sectionStart?.includes(match.marker)) {
      // Held (`holdStart`): markup once a call, the section's end or text follows it.
      this.holdStart(cursor, after);
      this.inSection = true;
      this.sectionFresh = true;
      this.state = 'section';
      return true;
    }
    if (this.config.contentRecipient !== undefined) {
      // Functionary v3.2: `>>>all\n` opens content; it is told apart from a call by reading the name.
      this.take(cursor, match.index, this.inReasoning ? 'reasoning' : 'content');
      this.implicit = true;
      this.pendingMarker = match.marker.length;
      this.state = 'name';
      return true;
    }
    if (this.config.jsonBody) {
      // A `[` after the call start opens a list of call objects: each element is its own call.
      const position = skipWhitespace(cursor.text, after);
      if (position === cursor.text.length && !cursor.final) return false;
      if (cursor.text.charCodeAt(position) === 0x5b /* [ */) {
        // Held as a section start is: markup once an element or the list's end follows it.
        this.holdStart(cursor, position + 1);
        this.state = 'list';
        return true;
      }
    }
    this.beginCall();
    this.take(cursor, after, 'call');
    this.state = 'prefix';
    return true;
  }

  /**
   * Between the elements of a call list: separators are structure; `]` or a marker ends the list. An
   * invalid element that is all the list holds keeps the list's start, `]` and call end in its raw
   * text (see `SectionCallsParser`): the separators after it are held with it.
   */
  private stepList(cursor: Cursor): boolean {
    const text = cursor.text;
    let position = cursor.position;
    while (position < text.length) {
      const code = text.charCodeAt(position);
      if (!isWhitespace(code) && code !== 0x2c /* , */) break;
      position++;
    }
    if (this.holdsInvalid) this.holdLayout(cursor, position);
    else this.takeLayout(cursor, position);
    if (position === text.length) {
      if (!cursor.final) return false;
      this.releaseHeld('');
      this.cutAfterStart('the output ends right after the start of the tool-call list');
      this.state = 'text';
      return true;
    }
    if (text.charCodeAt(position) === 0x5d /* ] */) {
      if (this.holdsInvalid) this.holdLayout(cursor, position + 1);
      else {
        this.releaseStart();
        this.take(cursor, position + 1, 'markup');
      }
      this.state = 'list-end';
      return true;
    }
    const marker = startingMarker(text, position, this.plan.abortMarkers, cursor.final);
    if (marker === 'wait') return false;
    if (marker !== undefined) {
      // The list was not closed: a call end closes it, a call start or section end leaves it.
      const ends = this.config.callEnd?.includes(marker) === true;
      if (ends && this.holdsInvalid) this.releaseLayoutAnd(cursor, position + marker.length);
      else {
        this.releaseStart();
        this.releaseHeld(undefined);
        if (ends) this.take(cursor, position + marker.length, 'markup');
      }
      this.state = 'text';
      return true;
    }
    if (this.heldStartText === '') this.releaseHeld(undefined);
    else {
      // The list's first element: its start is markup before a valid call, raw text of an invalid one.
      this.wrapCall(this.heldStartText);
      this.heldStartText = '';
    }
    this.beginCall();
    this.startJson('element');
    return true;
  }

  /** After a list's `]`: an optional call end. */
  private stepListEnd(cursor: Cursor): boolean {
    const text = cursor.text;
    const position = skipWhitespace(text, cursor.position);
    if (position === text.length && !cursor.final) return false;
    const marker = startingMarker(text, position, this.config.callEnd ?? none, cursor.final);
    if (marker === 'wait') return false;
    const end = marker === undefined ? cursor.position : position + marker.length;
    // An invalid element held was all the list held: the list's end joins its raw text.
    if (this.holdsInvalid) this.releaseLayoutAnd(cursor, end);
    else this.take(cursor, end, 'markup');
    this.state = 'text';
    return true;
  }

  /** Layout after an invalid call held (see `SectionCallsParser`): held with it. */
  private holdLayout(cursor: Cursor, end: number): void {
    const layout = this.take(cursor, end, 'call');
    if (layout !== '') this.sectionLayout.push(layout);
  }

  /** The held invalid call was all its section held: the layout held and the text up to `end` join it. */
  private releaseLayoutAnd(cursor: Cursor, end: number): void {
    const suffix = this.sectionLayout.join('') + this.take(cursor, end, 'call');
    this.sectionLayout = [];
    this.releaseInvalid(suffix);
  }

  private stepSection(cursor: Cursor): boolean {
    const text = cursor.text;
    const position = skipWhitespace(text, cursor.position);
    if (position === text.length) {
      if (!cursor.final) return false;
      // The output ended right after the section start (a call begun and not written), or after an
      // invalid call held (see `SectionCallsParser`) that the section held alone.
      this.releaseHeld('');
      this.takeLayout(cursor, position);
      this.cutAfterStart();
      this.leaveSection();
      return true;
    }
    const marker = startingMarker(text, position, this.plan.sectionMarkers, cursor.final);
    if (marker === 'wait') return false;
    const opens =
      marker === undefined
        ? this.sectionFresh && this.config.implicitCallInSection === true
        : this.config.callStart.includes(marker);
    if (opens) {
      // The section's first call: its start is markup before a valid call, raw text of an invalid one
      // that is all the section holds, so text given back for it keeps the section's markers.
      if (this.heldStartText === '') {
        this.releaseHeld(undefined);
        this.take(cursor, position, 'markup');
      } else {
        const start = this.heldStartText + this.take(cursor, position, 'call');
        this.heldStartText = '';
        this.wrapCall(start);
      }
      this.sectionFresh = false;
      this.beginCall();
      if (marker !== undefined) this.take(cursor, position + marker.length, 'call');
      this.state = 'prefix';
      return true;
    }
    if (marker !== undefined && this.holdsInvalid && this.config.sectionEnd?.includes(marker)) {
      // The section held only the invalid call: its end (and the layout before it) joins the call's raw text.
      this.releaseInvalid(this.take(cursor, position + marker.length, 'call'));
      this.leaveSection();
      return true;
    }
    this.releaseStart();
    this.releaseHeld(undefined);
    // A section end (or start): the section is over. Text after the calls without a section end: the
    // section is over too, the text is content.
    if (marker !== undefined) this.take(cursor, position + marker.length, 'markup');
    this.leaveSection();
    return true;
  }

  private leaveSection(): void {
    this.inSection = false;
    this.sectionFresh = false;
    this.state = 'text';
  }

  private stepPrefix(cursor: Cursor): boolean {
    const text = cursor.text;
    if (this.implicit) {
      // Functionary v3.2 output starts after the prompt's `>>>`; a leading `>>>` is accepted too.
      const start = startingMarker(text, cursor.position, this.config.callStart, cursor.final);
      if (start === 'wait') return false;
      this.pendingMarker = start === undefined ? 0 : start.length;
      this.state = 'name';
      return true;
    }
    const position = skipWhitespace(text, cursor.position);
    this.take(cursor, position, 'call');
    if (position === text.length) {
      if (cursor.final) this.failIncomplete();
      return false;
    }
    const code = text.charCodeAt(position);
    if (this.config.jsonBody && code === 0x7b /* { */) {
      this.startJson('object');
      return true;
    }
    const prefixes = this.config.namePrefix ?? none;
    const prefix = startingMarker(text, position, prefixes, cursor.final);
    if (prefix === 'wait') return false;
    if (prefix !== undefined) this.take(cursor, position + prefix.length, 'call');
    this.state = 'name';
    return true;
  }

  private stepName(cursor: Cursor): boolean {
    const skip = this.pendingMarker;
    const read = readBoundedField(cursor, cursor.position + skip, this.plan.nameStops);
    if (read === 'wait') return false;
    if (this.implicit) {
      this.implicit = false;
      this.pendingMarker = 0;
      if (
        read === undefined ||
        !recipientPattern.test(read.raw) ||
        !this.config.nameEnd?.includes(read.marker)
      ) {
        // Not a recipient line (say a `>>> ` prompt in a code sample): all of it is text.
        this.take(cursor, cursor.position + skip, this.inReasoning ? 'reasoning' : 'content');
        this.state = 'text';
        return true;
      }
      if (read.value === this.config.contentRecipient) {
        this.take(cursor, read.index + read.marker.length, 'markup');
        this.state = 'text';
        return true;
      }
      this.beginCall();
    }
    if (read === undefined || !validName(read.value)) {
      this.state = 'garbage';
      return true;
    }
    this.name = read.value;
    const { index, marker } = read;
    if (marker === '{') {
      this.take(cursor, index, 'call');
      this.toArguments();
    } else if (marker === this.config.idStart) {
      this.take(cursor, index + marker.length, 'call');
      this.state = 'id';
    } else if (this.config.argsStart?.includes(marker)) {
      this.take(cursor, index + marker.length, 'call');
      this.argsStartSeen = true;
      this.toArguments();
    } else if (this.config.nameEnd?.includes(marker)) {
      this.take(cursor, index + marker.length, 'call');
      this.toArguments();
    } else {
      // A call end / call start / section end right after the name: no arguments.
      this.take(cursor, index, 'call');
      this.state = 'garbage';
    }
    return true;
  }

  private stepId(cursor: Cursor): boolean {
    const read = readBoundedField(cursor, cursor.position, this.plan.idStops);
    if (read === 'wait') return false;
    if (read === undefined || !validName(read.value) || this.plan.abortMarkers.includes(read.marker)) {
      this.state = 'garbage';
      return true;
    }
    this.id = read.value;
    if (read.marker === '{') {
      this.take(cursor, read.index, 'call');
    } else {
      this.take(cursor, read.index + read.marker.length, 'call');
      this.argsStartSeen = true;
    }
    this.toArguments();
    return true;
  }

  /** Name (and id) known: the call is announced, its arguments come next. */
  private toArguments(): void {
    if (this.name !== undefined) this.announceCall(this.name, this.id);
    this.state = 'before-args';
  }

  private stepBeforeArgs(cursor: Cursor): boolean {
    const text = cursor.text;
    const position = skipWhitespace(text, cursor.position);
    this.take(cursor, position, 'call');
    if (position === text.length) {
      if (cursor.final) this.failIncomplete();
      return false;
    }
    if (!this.argsStartSeen) {
      const argsStart = this.config.argsStart ?? none;
      const marker = startingMarker(text, position, argsStart, cursor.final);
      if (marker === 'wait') return false;
      if (marker !== undefined) {
        this.take(cursor, position + marker.length, 'call');
        this.argsStartSeen = true;
        return true;
      }
    }
    const code = text.charCodeAt(position);
    if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      this.startJson('args');
      return true;
    }
    this.state = 'garbage';
    return true;
  }

  private startJson(kind: 'args' | 'object' | 'element'): void {
    this.scanner.reset();
    this.sniffer.reset();
    this.body.clear();
    // Inside an open call the body is a slice of the call's raw text: no second copy is built.
    this.bodyStart = this.inCall ? this.rawLength : -1;
    this.bodyEnd = this.bodyStart;
    this.jsonKind = kind;
    this.state = 'json';
  }

  /** Feeds the scanner up to the next stop marker; a stop inside a JSON string is data. */
  private stepJson(cursor: Cursor): boolean {
    const stop = scanJsonBody(
      cursor,
      this.scanner,
      this.plan.jsonStops,
      this.takeBody,
      undefined,
      this.plan.jsonStopsInitial,
    );
    if (stop === undefined) return false;
    if (stop === 'cut-off') {
      this.failIncomplete();
      return true;
    }
    // The JSON is complete, or a stop marker came outside a string while it was open (malformed JSON,
    // closed by the markers).
    this.closerIndex = 0;
    this.state = 'after-json';
    return true;
  }

  private readonly takeBody = (cursor: Cursor, end: number): void => {
    const piece = this.take(cursor, end, 'call');
    if (piece === '') return;
    this.recordBody(piece);
    if (this.jsonKind === 'args') {
      // Argument text streams through verbatim.
      this.streamArgumentText(piece);
    } else if (this.sniffer.active) {
      this.sniffer.push(piece);
      const { name, id } = this.sniffer;
      if (name !== undefined && id !== undefined) {
        this.sniffer.stop();
        this.announceCall(name, id);
      }
    }
  };

  /**
   * With `proseMentions`, in `garbage` with no name read, at the output's end or at the next call start or section marker
   * (no call end closed it): the call start was mentioned in prose (`Say <｜tool▁call▁begin｜> then
   * stop.`) when text other than layout and no JSON follows it. Then it and that text go back where the
   * marker was (content, or the reasoning block it ended: `restoreText`) and no call is made. Only for
   * a call start written out: one a section opened implicitly has no marker of its own to give back.
   * Whether it was.
   */
  private mentionedInProse(): boolean {
    if (
      !this.config.proseMentions ||
      this.name !== undefined ||
      this.inSection ||
      this.implicit ||
      this.jsonKind === 'element'
    )
      return false;
    const raw = this.rawSlice(0, this.rawLength);
    const start = this.config.callStart.find((marker) => raw.startsWith(marker));
    if (start === undefined) return false;
    const after = raw.slice(start.length).trim();
    if (after === '' || after.startsWith('{') || after.startsWith('[')) return false;
    this.finishCallState();
    this.restoreText(this.closeCallRaw());
    return true;
  }

  /** Consumes the optional closers (arguments end, then call end), then emits the call. */
  private stepAfterJson(cursor: Cursor): boolean {
    const text = cursor.text;
    if (this.jsonKind === 'element') this.closerIndex = this.plan.closers.length;
    let unended = false;
    while (this.closerIndex < this.plan.closers.length) {
      const markers = this.plan.closers[this.closerIndex] ?? none;
      if (markers.length === 0) {
        this.closerIndex++;
        continue;
      }
      const position = skipWhitespace(text, cursor.position);
      if (position === text.length && !cursor.final) return false;
      const marker = startingMarker(text, position, markers, cursor.final);
      if (marker === 'wait') return false;
      if (marker !== undefined) {
        this.take(cursor, position + marker.length, 'call');
        this.closerIndex++;
        continue;
      }
      // No call end after the JSON: servers strip it as a stop token (a repair, see `completeCall`).
      if (this.closerIndex === 1) unended = true;
      this.closerIndex++;
    }
    this.completeCall(unended);
    return true;
  }

  private stepGarbage(cursor: Cursor): boolean {
    const stops = this.plan.garbageStops;
    const match = findEarliestMarker(cursor.text, cursor.position, stops);
    const limit = consumableEnd(cursor.text, cursor.position, stops, match, cursor.final);
    if (!match) {
      this.take(cursor, limit, 'call');
      if (!cursor.final) return false;
      if (this.options.finishReason !== 'length' && this.mentionedInProse()) return true;
    } else {
      this.take(cursor, match.index, 'call');
      if (!this.config.callEnd?.includes(match.marker) && this.mentionedInProse()) return true;
      if (this.config.callEnd?.includes(match.marker))
        this.take(cursor, match.index + match.marker.length, 'call');
    }
    const name = this.name;
    this.finishCallState();
    this.failCall(
      'invalid_tool_call',
      name === undefined ? 'the tool call has no valid name' : 'the tool-call arguments are not JSON',
      name,
    );
    return true;
  }

  private failIncomplete(): void {
    const name = this.name ?? this.sniffer.name;
    this.finishCallState();
    this.failCall('incomplete_tool_call', 'the tool call is cut off before its end', name);
  }

  /** Leaves the call states: back to the list, the section, or text. */
  private finishCallState(): void {
    const inList = this.jsonKind === 'element';
    this.resetCall();
    this.state = inList ? 'list' : this.inSection ? 'section' : 'text';
  }

  /** Emits the open call; `unended`: it has no call end (a `missing_end_marker` repair). */
  private completeCall(unended = false): void {
    const repairs: ToolCallRepair[] = unended
      ? [
          {
            kind: 'missing_end_marker',
            position: this.rawLength,
            message: `the call has no ${this.config.callEnd?.[0] ?? 'end marker'}`,
          },
        ]
      : [];
    const bodyText = this.bodyStart >= 0 ? this.rawSlice(this.bodyStart, this.bodyEnd) : this.body.take();
    const bodyOffset = this.bodyStart;
    const name = this.name;
    const id = this.id;
    const jsonKind = this.jsonKind;
    const sniffed = this.sniffer.name;
    this.finishCallState();
    if (jsonKind === 'args') {
      if (name === undefined) {
        this.failCall('invalid_tool_call', 'the tool call has no valid name', undefined);
        return;
      }
      const parts: CallParts =
        id === undefined ? { name, argumentsText: bodyText } : { name, id, argumentsText: bodyText };
      this.endCall(repairs.length > 0 ? { ...parts, repairs } : parts);
      return;
    }
    const read = jsonCallObject(bodyText, sniffed, bodyOffset, repairs, this.plan.objectKeys);
    if ('parts' in read) this.endCall(read.parts);
    else this.failCall(read.code, read.message, read.name);
  }
}
