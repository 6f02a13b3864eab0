import { TextBuilder } from '../../internal/text-builder.js';
import { UniqueIds } from '../../internal/unique-ids.js';
import type { JsonScanner } from '../../json/json-scanner.js';
import type { JSONSchema } from '../../types/json-schema.js';
import type { ParseEvent } from '../../types/parse-event.js';
import type { ToolCallIssue, ToolCallRepair } from '../../types/tool-call.js';
import type { FormatOptions, FormatParser } from '../format-definition.js';
import { checkChunk, checkFormatOptions, parserFinished } from '../format-options.js';
import { AnnouncedCall, wholeArgumentsDelta } from './announced-call.js';
import type { CallParts } from './call-parts.js';
import { callVerdict, unknownToolIssue } from './call-verdict.js';
import { toolIndexOf } from './checked-tools.js';
import { closingBrackets } from './closing-brackets.js';
import { ContentShaper } from './content-shaper.js';
import { EventQueue } from './event-queue.js';
import { FedBrackets } from './fed-brackets.js';
import { heldBackLength } from './markers.js';
import type { Bucket, Cursor, ReasoningTags } from './parser-types.js';
import { type SpanKind, SpanRecorder } from './span-recorder.js';
import type { ToolIndex } from './tool-index.js';

/**
 * Shared machinery of every format parser below text scanning (`BaseFormatParser` adds that):
 * buffering with a held-back tail, routing of consumed text (content, reasoning, markers, call
 * bodies), raw-text recording of calls, ids, name checks and argument decoding. A format implements `parse(cursor)`, consuming with `take` and stopping
 * when it needs more text; whatever it leaves unconsumed is carried to the next push, so a format must
 * consume call bodies as it goes (keeping its own state) and leave only a short marker prefix behind.
 * That keeps each push proportional to its chunk.
 */
export abstract class ParserCore implements FormatParser {
  protected declare readonly options: FormatOptions;
  protected declare readonly tools: ToolIndex | undefined;
  protected declare readonly reasoningTags: ReasoningTags | undefined;
  /**
   * `FormatOptions.reasoning: 'inline'`: reasoning blocks are recognized (a call inside one is treated as
   * with `'split'`), but their text and tags stay in content, in place.
   */
  private declare readonly reasoningInline: boolean;
  /** Where a reasoning tag goes: dropped as markup, or kept in content (`'inline'`). */
  protected declare readonly reasoningTagBucket: 'markup' | 'content';
  /** True while inside a reasoning block. */
  protected declare inReasoning: boolean;
  /** `FormatOptions.inputEvents`: emit the `tool-input-*` events. */
  private declare readonly inputEvents: boolean;
  /** Markers and other structure dropped outside calls, kept for the "nothing lost" check. */
  declare readonly markup: string[];

  /** The events of the current `push` / `finish` (see `EventQueue`). */
  private declare readonly events: EventQueue;
  private declare tail: string;
  /**
   * The open call's raw text so far (built from many small pieces when it streams in: see
   * `TextBuilder`); `rawOpen` tells whether a call is open.
   */
  private declare readonly raw: TextBuilder;
  private declare rawOpen: boolean;
  private declare callCount: number;
  /** The ids given out this turn: no two calls share one (see `UniqueIds`). */
  private declare readonly ids: UniqueIds;
  /** The open call, once `announceCall` made it known. */
  private declare announced: AnnouncedCall | undefined;
  /** `finish()` ran: `push` and `finish` throw until `reset()`. */
  private declare finished: boolean;

  /**
   * @throws {ToolwireError} (code `invalid_argument`) or {InvalidToolsError} (code `invalid_tools`)
   *   for options that are not what `FormatOptions` says (see `checkFormatOptions`).
   */
  constructor(options: FormatOptions | undefined, reasoningTags?: ReasoningTags) {
    // Every field is assigned here, none is a class field (`declare`): a class field is defined on
    // the instance (`Object.defineProperty` semantics), and this constructor runs on the instances
    // of every format's class, one hidden class each, where V8 defines each field through its
    // runtime (measured on Node 20: about 3 µs per parser for these fields over 16 classes, against
    // 0.25 µs assigned). Assignment order is the field order of the object.
    this.options = checkFormatOptions(options);
    this.tools = this.options.tools ? toolIndexOf(this.options.tools) : undefined;
    this.inputEvents = this.options.inputEvents !== false;
    this.reasoningTags = this.options.reasoning === 'content' ? undefined : reasoningTags;
    this.reasoningInline = this.options.reasoning === 'inline';
    this.reasoningTagBucket = this.reasoningInline ? 'content' : 'markup';
    this.inReasoning = this.reasoningTags !== undefined && this.options.reasoningStartedInPrompt === true;
    const content = this.options.content;
    this.events = new EventQueue(
      content === undefined || content === 'verbatim' ? undefined : new ContentShaper(content),
    );
    this.markup = [];
    this.tail = '';
    this.raw = new TextBuilder();
    this.rawOpen = false;
    this.callCount = 0;
    this.ids = new UniqueIds();
    this.announced = undefined;
    this.finished = false;
    this.finalRun = false;
    this.fed = undefined;
    this.callsEndWithOutput = false;
    this.spans = undefined;
    this.spanBase = 0;
    this.cursor = { text: '', position: 0, final: false };
  }

  /** Consumes what it can of `cursor.text` from `cursor.position`; see the class comment. */
  protected abstract parse(cursor: Cursor): void;

  /**
   * @throws {ToolwireError} code `invalid_argument` for a chunk that is not a string, `parser_finished`
   *   after `finish()`.
   */
  push(chunk: string): ParseEvent[] {
    checkChunk(chunk);
    if (this.finished) throw parserFinished('push');
    if (
      this.tail === '' &&
      this.rawOpen &&
      this.spans === undefined &&
      this.fed === undefined &&
      this.takeInLane(chunk)
    )
      return this.events.take(false);
    this.run(this.tail === '' ? chunk : this.tail + chunk, false);
    return this.events.take(false);
  }

  /**
   * The lane of the usual streamed chunk, a few characters inside a long argument value (a file's
   * content, code): a format whose state reads `chunk` as call text with nothing in it to look for
   * (no marker, no end of the value) takes it here as `run` would take it, with its own records, and
   * returns true; the passes of `run` and the format's `parse` are skipped. Called only with a call
   * open, nothing held back, no spans recorded and no brackets fed; any chunk it returns false for
   * goes through `run`. The default takes none.
   */
  protected takeInLane(_chunk: string): boolean {
    return false;
  }

  /**
   * The lane for formats that stream their JSON argument text through `streamArgumentText`: when
   * `scanner`, reading that text, is inside a string with no escape begun and `chunk` stays in that
   * string (no `"` but escaped ones, every `\` with its character; see `ArgumentStreamer.plain`),
   * takes it as `run` would (the call's raw text, the scanner's count, the streamer and its delta) and
   * returns true; the caller then records the piece of body as its own taking would. Input events
   * off, or no announced call: false.
   */
  protected takeInJsonLane(chunk: string, scanner: JsonScanner): boolean {
    const announced = this.announced;
    if (announced === undefined || !this.inputEvents || !scanner.inPlainString) return false;
    const taken = announced.plainText(chunk);
    if (taken === undefined) return false;
    scanner.skipPlain(chunk.length);
    this.raw.append(chunk);
    if (taken === 'delta') this.streamArguments(chunk);
    return true;
  }

  /** @throws {ToolwireError} code `parser_finished` when called a second time (before `reset()`). */
  finish(): ParseEvent[] {
    if (this.finished) throw parserFinished('finish');
    this.finished = true;
    this.finalRun = true;
    if (this.options.finishReason === 'stop' && this.rawOpen) {
      // The model stopped on its own: a call still open lacks only what it never wrote. Its missing
      // closing brackets are fed to the format (never to content, reasoning or the call's raw text;
      // see `take`), so the format ends the call as one whose end marker is missing.
      const closers = closingBrackets(this.raw.toString() + this.tail);
      if (closers !== undefined && closers !== '') {
        this.fed ??= new FedBrackets();
        this.fed.feed(closers);
        this.run(this.tail + closers, false);
      }
    }
    this.run(this.tail, true);
    return this.events.take(true);
  }

  /** `finish()` is running (calls ended now were still open when the output ended). */
  private declare finalRun: boolean;
  /**
   * The closing brackets `finish()` fed for `finishReason: 'stop'` (see `finish`); made when first
   * fed (most parses never feed any: without it, no text is fed brackets).
   */
  private declare fed: FedBrackets | undefined;

  /**
   * Formats whose calls have no end marker of their own (a bare JSON object, a Python call list: the
   * output's end is the call's end) set this, so a call that ends with the output is not reported as
   * missing its end marker.
   */
  protected declare readonly callsEndWithOutput: boolean;

  /**
   * Whether the open call needs no end marker of its own (the output's end ends it): the format's
   * `callsEndWithOutput`, unless the format tells by the call's start (see `TaggedJsonParser`).
   */
  protected openCallEndsWithOutput(): boolean {
    return this.callsEndWithOutput;
  }

  reset(): string {
    this.finished = false;
    const buffered = this.raw.take() + this.tail;
    this.events.clear();
    this.tail = '';
    this.rawOpen = false;
    this.callCount = 0;
    this.ids.clear();
    this.announced = undefined;
    this.markup.length = 0;
    this.spans = undefined;
    this.spanBase = 0;
    this.inReasoning = this.reasoningTags !== undefined && this.options.reasoningStartedInPrompt === true;
    this.finalRun = false;
    this.fed?.reset();
    this.onReset();
    return buffered;
  }

  /** Clears a format's own state; called by `reset()`. */
  protected onReset(): void {}

  /**
   * Debug mode for the exact nothing-lost check (tests and the fuzzer): from now on, where every piece
   * of output came from in the input is recorded (see `SpanRecorder`). Call before the first `push`.
   * Not part of `FormatParser`; without it nothing is recorded.
   */
  recordSpans(): SpanRecorder {
    this.spans ??= new SpanRecorder();
    return this.spans;
  }

  /** `recordSpans` into a recorder made elsewhere (`auto` records through the parser it picked). */
  adoptSpans(spans: SpanRecorder): void {
    this.spans = spans;
  }

  /** The debug span record (`recordSpans`), usually absent. */
  private declare spans: SpanRecorder | undefined;
  /** With `spans`: the input offset of the text the current `push` / `finish` works on. */
  private declare spanBase: number;

  /** The cursor of every `push` / `finish`, reused (one object less per streamed chunk). */
  private declare readonly cursor: { text: string; position: number; final: boolean };

  private run(text: string, final: boolean): void {
    const cursor = this.cursor;
    cursor.text = text;
    cursor.position = 0;
    cursor.final = final;
    this.fed?.startRun(text.length);
    this.parse(cursor);
    if (final) {
      this.settle(cursor);
      this.endOfOutput();
    }
    if (final && this.rawOpen)
      this.failCall('incomplete_tool_call', 'the tool call is cut off before its end', undefined);
    if (final) this.outputRead();
    if (this.spans) {
      this.spanBase += cursor.position;
      if (final) this.spans.finish();
    }
    this.tail = cursor.position === text.length ? '' : text.slice(cursor.position);
    this.fed?.endRun(text.length, cursor.position);
    cursor.text = '';
  }

  /** The output ended and the format read all of it: a layer above may read held text again. */
  protected endOfOutput(): void {}

  /** After `endOfOutput` and the last open call's end: nothing more will be read (a format's last word). */
  protected outputRead(): void {}

  /** At the end of the output, text a format left unconsumed: content, or the rest of the open call. */
  protected settle(cursor: Cursor): void {
    const end = cursor.text.length;
    if (cursor.position === end) return;
    if (!this.rawOpen) {
      this.take(cursor, end, this.inReasoning ? 'reasoning' : 'content');
      return;
    }
    this.take(cursor, end, 'call');
    this.failCall('incomplete_tool_call', 'the tool call is cut off before its end', undefined);
  }

  /**
   * Consumes `cursor.text[cursor.position .. end)` into `bucket` and returns it. While a call is open
   * everything consumed is also part of its raw text.
   */
  protected take(cursor: Cursor, end: number, bucket: Bucket): string {
    if (end <= cursor.position) return '';
    const text = cursor.text;
    // Often the whole chunk: no slice.
    const piece = cursor.position === 0 && end === text.length ? text : text.slice(cursor.position, end);
    const start = cursor.position;
    const fed = this.fed;
    const fedFrom = fed === undefined ? Number.POSITIVE_INFINITY : fed.from;
    if (this.spans) {
      // Brackets `finish()` fed (finishReason "stop") are not in the input: no span.
      const realEnd = Math.min(end, fedFrom);
      if (realEnd > start)
        this.recordTake(
          this.spans,
          this.inputOffset(cursor) + start,
          realEnd === end ? piece : text.slice(start, realEnd),
          bucket,
        );
    }
    cursor.position = end;
    if (this.rawOpen) {
      this.raw.append(piece);
      if (end > fedFrom) fed?.tookIntoRaw(start, end);
      return piece;
    }
    if (end > fedFrom) {
      // Brackets `finish()` fed (finishReason "stop") that the format did not take into a call: the
      // model never wrote them, so they go nowhere.
      const real = start < fedFrom ? text.slice(start, fedFrom) : '';
      this.route(real, bucket);
      return piece;
    }
    this.route(piece, bucket);
    return piece;
  }

  private route(piece: string, bucket: Bucket): void {
    if (piece === '') return;
    if (bucket === 'content') this.events.content(piece);
    else if (bucket === 'reasoning') {
      if (this.reasoningInline) this.events.content(piece);
      else this.events.reasoning(piece);
    } else if (bucket === 'markup') this.markup.push(piece);
  }

  /**
   * The input offset of `cursor.text[0]` for the debug span record: `cursor.origin` for a cursor a
   * format made itself (see `Cursor.origin`).
   */
  protected inputOffset(cursor: Cursor): number {
    return cursor === this.cursor ? this.spanBase : (cursor.origin ?? 0);
  }

  /**
   * The format gives back `text`, the last text it took (bucket `'call'`, no call open), to read it
   * again through a cursor of its own (`Cursor.origin`); for the debug span record.
   */
  protected replayTaken(text: string): void {
    this.spans?.unhold(text);
  }

  /** Calls ended from now on in `finish()` end at their own markers (text read again, `replayTaken`). */
  protected replayingAtFinish(): void {
    this.finalRun = false;
  }

  private recordTake(spans: SpanRecorder, start: number, piece: string, bucket: Bucket): void {
    if (this.rawOpen || bucket === 'call') spans.hold(start, piece);
    else spans.direct(this.outputKind(bucket), start, start + piece.length);
  }

  private outputKind(bucket: 'content' | 'reasoning' | 'markup'): SpanKind {
    return bucket === 'reasoning' && this.reasoningInline ? 'content' : bucket;
  }

  /** Consumes the rest of the text into `bucket`, holding back a suffix that may start one of `markers`. */
  protected takeAllBut(cursor: Cursor, markers: readonly string[], bucket: Bucket): void {
    const keep = cursor.final ? 0 : heldBackLength(cursor.text, cursor.position, markers);
    this.take(cursor, cursor.text.length - keep, bucket);
  }

  /** Starts recording a call's raw text; the marker that opens the call should be taken after this. */
  protected beginCall(): void {
    this.events.flush();
    this.raw.clear();
    this.rawOpen = true;
  }

  protected get inCall(): boolean {
    return this.rawOpen;
  }

  /** The length of the open call's raw text so far (0 with no call open). */
  protected get rawLength(): number {
    return this.rawOpen ? this.raw.length : 0;
  }

  /**
   * The open call's end marker was read: `endCall` in the final run is then not a call the output cut
   * off (a family that waits for more text before deciding, then reads the marker in `finish()`).
   */
  private endedAtMarker = false;

  /** Ends the open call whose end marker was just read (see `endedAtMarker`). */
  protected endCallAtMarker(parts: CallParts): void {
    this.endedAtMarker = true;
    this.endCall(parts);
  }

  /** `[start, end)` of the open call's raw text (`''` with no call open). */
  protected rawSlice(start: number, end: number): string {
    return this.rawOpen ? this.raw.slice(start, end) : '';
  }

  /**
   * Ends the open call (or, with no call open, emits one from `parts` with raw `rawText`). With
   * `rawText`, `ownsAnnounced` says the call is the one `announceCall` made known while its section
   * was open (a section of several calls, its raw recording closed with `closeCallRaw`): it keeps
   * that id and its streamed argument text.
   */
  protected endCall(parts: CallParts, rawText?: string, ownsAnnounced = rawText === undefined): void {
    const atMarker = this.endedAtMarker;
    this.endedAtMarker = false;
    const announced = ownsAnnounced ? this.takeAnnounced() : undefined;
    // The fed brackets this call's own raw text held, not those of a call closed before (`FedBrackets`).
    this.fed?.takeClosed();
    const raw = rawText ?? this.closeCallRaw();
    const fed = this.fed?.takeClosed() ?? '';
    const id = announced?.id ?? this.ids.claim(parts.id ?? `call_${this.callCount}`);
    this.callCount++;
    const unknown = this.tools !== undefined && !this.tools.has(parts.name);
    if (unknown && !this.options.allowUnknownTools) {
      this.emitInvalidIssues(id, parts.name, raw, [unknownToolIssue(parts.name)]);
      return;
    }
    const verdict = callVerdict(parts, raw, this.tools?.parameters(parts.name), unknown, this.options, {
      // Ended by `finish()` while open (its end marker never came), unless such calls end with the output.
      missingEndMarker: this.finalRun && rawText === undefined && !atMarker && !this.openCallEndsWithOutput(),
      fed,
    });
    if (!verdict.ok) {
      if (announced && this.inputEvents) this.events.add({ type: 'tool-input-end', id });
      this.emitInvalidIssues(id, parts.name, raw, verdict.issues, verdict.repairs);
      return;
    }
    const input = verdict.input;
    this.events.flush();
    if (this.inputEvents) {
      if (!announced) this.events.add({ type: 'tool-input-start', id, toolName: parts.name });
      // The deltas become a JSON text of the aligned input (see `AnnouncedCall.lastDelta`).
      const delta = announced ? announced.lastDelta(input, parts) : wholeArgumentsDelta(input, parts);
      if (delta !== undefined) this.events.add({ type: 'tool-input-delta', id, delta });
      this.events.add({ type: 'tool-input-end', id });
    }
    this.callEmitting();
    this.spans?.emit('call', raw);
    this.events.add({
      type: 'tool-call',
      id,
      toolName: parts.name,
      input,
      raw,
      ...(verdict.issues ? { issues: verdict.issues } : {}),
      ...(verdict.flags ? { flags: verdict.flags } : {}),
      ...(verdict.repairs.length > 0 ? { repairs: verdict.repairs } : {}),
    });
  }

  /**
   * Announces the open call before it ends (`tool-input-start`), once its name (and the model's id, if
   * any) is known, so streaming consumers see it early. Does nothing with no call open, when already
   * announced, or for a name that is not among the given tools (that call ends invalid, unless
   * `allowUnknownTools`). The id is made unique in the turn (`UniqueIds`). The call then
   * ends as usual with `endCall` or `failCall`, which reuse the announced id; an announced call that
   * ends invalid gets `tool-input-end` before its `tool-call-invalid`.
   */
  protected announceCall(name: string, id?: string): void {
    if (!this.rawOpen || this.announced) return;
    if (this.tools && !this.tools.has(name) && !this.options.allowUnknownTools) return;
    const callId = this.ids.claim(id ?? `call_${this.callCount}`);
    this.events.flush();
    this.announced = new AnnouncedCall(callId, name);
    if (this.inputEvents) this.events.add({ type: 'tool-input-start', id: callId, toolName: name });
  }

  /**
   * Whether the open call was announced and its argument deltas are read (input events on): what a
   * format checks before building deltas itself. False without input events (whole-text parsing) and
   * for a call `announceCall` did not announce (a tool not offered, without `allowUnknownTools`).
   */
  protected get streamsAnnounced(): boolean {
    return this.announced !== undefined && this.inputEvents;
  }

  /**
   * Streams a piece of the announced call's argument JSON text (`tool-input-delta`). A format that
   * streams must send the whole argument text this way; `endCall` then sends no summary delta.
   */
  protected streamArguments(delta: string): void {
    if (!this.announced || delta === '') return;
    this.announced.streamed = true;
    if (this.inputEvents) this.events.add({ type: 'tool-input-delta', id: this.announced.id, delta });
  }

  /**
   * Streams a piece of the model's own argument JSON text for the announced call: the pieces go
   * through an `ArgumentStreamer`, so the call's deltas end up a JSON text of its final aligned
   * arguments (`endCall` sends the last delta). A format that uses this must pass the whole argument
   * text, in order, and nothing else.
   */
  protected streamArgumentText(piece: string): void {
    const announced = this.announced;
    if (!announced || !this.inputEvents || piece === '') return;
    const delta = announced.streamText(piece, this.tools, this.options.align);
    if (delta !== '') this.streamArguments(delta);
  }

  private takeAnnounced(): AnnouncedCall | undefined {
    const announced = this.announced;
    this.announced = undefined;
    return announced;
  }

  /**
   * Routes text the format consumed earlier into its own buffer (taken with bucket `'call'` while no
   * call was open, e.g. a candidate that turned out not to be a call) to content, reasoning or markup,
   * in order with the events already emitted. For formats that must look ahead past a chunk.
   */
  protected emitTaken(text: string, bucket: 'content' | 'reasoning' | 'markup'): void {
    if (text === '') return;
    this.spans?.emit(this.outputKind(bucket), text);
    if (bucket === 'content' || (bucket === 'reasoning' && this.reasoningInline)) this.events.content(text);
    else if (bucket === 'reasoning') this.events.reasoning(text);
    else this.markup.push(text);
  }

  /**
   * Appends text the format took earlier (bucket `'call'` while no call was open) to the open call's
   * raw text, as if taken now.
   */
  protected appendRaw(text: string): void {
    if (this.rawOpen) this.raw.append(text);
  }

  /** Ends the open call as an invalid one: its raw text is kept whole. */
  protected failCall(code: string, message: string, name: string | undefined, id?: string): void {
    const announced = this.takeAnnounced();
    const raw = this.closeCallRaw();
    const callId = announced?.id ?? this.ids.claim(id ?? `call_${this.callCount}`);
    this.callCount++;
    if (announced && this.inputEvents) this.events.add({ type: 'tool-input-end', id: callId });
    this.emitInvalidIssues(callId, name, raw, [{ code, message }]);
  }

  /**
   * Closes the open call's raw recording without emitting anything and returns the raw text; for
   * sections that hold several calls, which are then emitted with `endCall(parts, raw)` each.
   */
  protected closeCallRaw(): string {
    this.rawOpen = false;
    const raw = this.raw.take();
    return this.fed === undefined ? raw : this.fed.cut(raw);
  }

  /**
   * Emits an invalid call with an explicit raw text (no call needs to be open). `ownsAnnounced`: the
   * call is the one `announceCall` made known (see `endCall`); it keeps that id and gets
   * `tool-input-end`.
   */
  protected invalidCall(
    raw: string,
    code: string,
    message: string,
    name?: string,
    ownsAnnounced = false,
  ): void {
    const announced = ownsAnnounced ? this.takeAnnounced() : undefined;
    const id = announced?.id ?? this.ids.claim(`call_${this.callCount}`);
    this.callCount++;
    if (announced && this.inputEvents) this.events.add({ type: 'tool-input-end', id });
    this.emitInvalidIssues(id, name, raw, [{ code, message }]);
  }

  /** A valid call is about to be emitted (its raw text's spans next): text held before it goes first. */
  protected callEmitting(): void {}

  /** The JSON Schema of one top-level parameter of a tool, when tools were given. */
  protected parameterSchema(name: string, key: string): JSONSchema | undefined {
    return this.tools?.parameter(name, key);
  }

  /** Emits an invalid call (a format may hold it back, to emit it later with this method). */
  protected emitInvalidIssues(
    id: string,
    name: string | undefined,
    raw: string,
    issues: ToolCallIssue[],
    repairs?: readonly ToolCallRepair[],
  ): void {
    this.events.flush();
    this.spans?.emit('invalid', raw);
    const error = issues.map((issue) => issue.message).join('; ');
    const extra = repairs && repairs.length > 0 ? { repairs } : {};
    this.events.add(
      name === undefined
        ? { type: 'tool-call-invalid', id, raw, error, issues, ...extra }
        : { type: 'tool-call-invalid', id, toolName: name, raw, error, issues, ...extra },
    );
  }
}
