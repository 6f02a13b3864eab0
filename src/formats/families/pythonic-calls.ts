import { memoByObject } from '../../internal/memo-by-object.js';
import type { Cursor, ReasoningTags } from '../core/base-parser.js';
import { heldBackLength, MarkerSearch } from '../core/markers.js';
import { SectionCallsParser } from '../core/section-calls-parser.js';
import type { FormatOptions } from '../format-definition.js';
import { BracketSkipper } from './pythonic/bracket-skipper.js';
import { CallMemberStream } from './pythonic/call-member-stream.js';
import { namePositionalArguments } from './pythonic/name-positional-arguments.js';
import { PythonCallScanner } from './pythonic/python-call-scanner.js';

/**
 * Family core for formats that write tool calls in Python call syntax: `NAME(k=v, k2=v2)` with
 * keyword arguments and Python literal values. Used by `pythonic` / `llama4_pythonic`
 * (`[NAME(k=v), NAME2()]`), `lfm2` (`<|tool_call_start|>[…]<|tool_call_end|>`) and `olmo3`
 * (`<function_calls>NAME(k=v)\nNAME2()</function_calls>`).
 *
 * - `sections`: explicit call sections. Inside one, the body is an optional `[`, calls separated by `,`
 *   and/or whitespace (newlines), an optional `]`; anything else makes the call in progress an
 *   `InvalidToolCall` whose raw text runs to the end marker. The end marker is optional at the end of
 *   the output; an end marker inside a string literal is data. An output that ends right after the
 *   section start (and an opening `[`, whitespace aside) is an `InvalidToolCall` holding that text; one
 *   that ends after an empty `[]` wrote no call, and the section is structure.
 * - `bareLists`: also recognise a `[NAME(…), …]` list anywhere in prose (SGLang `PythonicDetector`).
 *   Such a list is a call list once it starts like one, `[NAME(` (whitespace allowed); otherwise
 *   (`[1, 2]`, `[see above]`, a Markdown link) all of it stays content. In a call list, an element
 *   that cannot be read (an expression, nesting too deep, a non-call) is an `InvalidToolCall` whose raw
 *   runs to the next `,` directly inside the list or to its `]` (found by `BracketSkipper`; to the end
 *   of the output when there is none), and the list goes on after that `,`. A list cut off at the end
 *   of the output yields its complete calls and an `InvalidToolCall` for the rest.
 * - `reasoning`: reasoning tags recognised in text mode.
 * - `newlineAfterEnd`: one `\n` right after a section end marker is structure, not content (vLLM LFM2).
 *
 * Values: `str` (`'…'`, `"…"`, triple quotes, prefixes `r`/`u`/`b`, Python escapes), `int` (also
 * `0x`/`0o`/`0b`, `_` separators), `float`, `True`/`False`/`None` and JSON's `true`/`false`/`null`,
 * lists, tuples and sets (as arrays), dicts (non-string keys become their JSON text); expressions and
 * other names are syntax errors, and values nested 256 deep (error code `too_deep`). Positional
 * arguments (`f(1, 'a')`, before any keyword one, as in Python) take the names of the tool's
 * parameters in the order of its schema's `properties` — the order of the function signature for
 * schemas generated from one; peers do not do this (vLLM's regex rejects them, its AST reader would
 * drop them), so this is our rule. Without tools, with more positional arguments than parameters, or
 * with a parameter given both ways, the call is an `InvalidToolCall` (codes `positional_arguments`,
 * `too_many_positional_arguments`, `duplicate_argument`); so is a call giving one keyword twice
 * (`f(path="/tmp/x", path="/")`, a SyntaxError in Python: `duplicate_argument`, never last-wins). Call names are identifiers, dots and
 * hyphens allowed (`Calendar.create_event`, `get-weather`: a tool's name as written, though Python's
 * own reader would take the hyphen for a minus). Offsets are UTF-16 code units.
 */
export interface PythonicCallsConfig {
  readonly sections?: ReadonlyArray<{ readonly start: string; readonly end: readonly string[] }>;
  readonly bareLists?: boolean;
  readonly reasoning?: ReasoningTags;
  readonly newlineAfterEnd?: boolean;
}

type State = 'text' | 'section' | 'skip' | 'bare' | 'bare-skip' | 'after-end';

/** A bare list's element, `[start, end)` in the list's text: a call, or one that failed. */
type PendingCall =
  | {
      readonly kind: 'call';
      readonly name: string;
      readonly args: Record<string, unknown>;
      readonly positional: readonly unknown[];
      readonly repeated: string | undefined;
      readonly start: number;
      readonly end: number;
    }
  | BrokenPart;

/** The part of a bare list that is one invalid call: `[start, end)` in the list's text. */
interface BrokenPart {
  readonly kind: 'broken';
  readonly start: number;
  readonly end: number;
  readonly code: string;
  readonly message: string;
}

/** What text mode searches for, made once per config (not by every parser, one per parse). */
const startMarkersOf = memoByObject((config: PythonicCallsConfig): readonly string[] => [
  ...(config.sections ?? []).map((section) => section.start),
  ...(config.bareLists ? ['['] : []),
]);

/** One parser per turn for a `PythonicCallsConfig`; see the config's docstring for the rules. */
export class PythonicCallsParser extends SectionCallsParser {
  private state: State = 'text';
  private readonly scanner = new PythonCallScanner();
  /** The section starts, then `[` with `bareLists`: one array per config (`startMarkersOf`). */
  private readonly startMarkers: readonly string[];
  private endMarkers: readonly string[] = [];
  private endSearch = new MarkerSearch([]);
  /** Text of the current bare list, in pieces. */
  private pieces: string[] = [];
  /** Total length of `pieces`. */
  private unitLength = 0;
  /** Completed calls of a bare list, emitted only when the list closes. */
  private pending: PendingCall[] = [];
  /** The bare list has shown `NAME(`: it is a call list, and a syntax error in it is an invalid call. */
  private opened = false;
  /** After a syntax error in a call list: finds the list's `]`. */
  private readonly skipper = new BracketSkipper();
  /** The failed part of a bare list (its end is set when the list's end is found). */
  private broken: BrokenPart | undefined;
  /** Code and message of the syntax error that sent a section to 'skip'. */
  private failure = { code: 'invalid_tool_call', message: 'the tool call is not valid Python call syntax' };
  /** The open section call's keyword arguments, streamed as they complete. */
  private readonly members = new CallMemberStream(
    (delta) => this.streamArguments(delta),
    this.tools === undefined ? undefined : (name, key) => this.parameterSchema(name, key),
  );

  constructor(
    private readonly config: PythonicCallsConfig,
    options?: FormatOptions,
  ) {
    super(options, config.reasoning);
    this.startMarkers = startMarkersOf(config);
  }

  protected override onReset(): void {
    this.state = 'text';
    this.members.end();
    this.pieces = [];
    this.pending = [];
    this.opened = false;
    this.broken = undefined;
  }

  protected parse(cursor: Cursor): void {
    for (;;) {
      switch (this.state) {
        case 'text': {
          const match = this.scanText(cursor, this.startMarkers);
          if (!match) return;
          this.pieces = [];
          this.unitLength = 0;
          this.pending = [];
          this.opened = false;
          this.broken = undefined;
          if (match.marker === '[') {
            this.scanner.reset('list');
            this.state = 'bare';
            break;
          }
          // Held with the structure after it (`[`, whitespace; see `holdStart`): markup once a call, a
          // syntax error, the section's end or a closed list follows.
          this.holdStart(cursor, match.index + match.marker.length);
          this.endMarkers =
            this.config.sections?.find((section) => section.start === match.marker)?.end ?? [];
          this.endSearch = new MarkerSearch(this.endMarkers);
          this.scanner.reset('section');
          this.state = 'section';
          break;
        }
        case 'bare':
          if (!this.scanBare(cursor)) return;
          break;
        case 'bare-skip':
          if (!this.skipBare(cursor)) return;
          break;
        case 'section':
          if (!this.scanSection(cursor)) return;
          break;
        case 'skip':
          if (!this.skipToEnd(cursor)) return;
          break;
        case 'after-end': {
          const text = cursor.text;
          if (cursor.position >= text.length) {
            if (cursor.final) this.state = 'text';
            return;
          }
          if (text.charCodeAt(cursor.position) === 0x0a) this.take(cursor, cursor.position + 1, 'markup');
          this.state = 'text';
          break;
        }
      }
    }
  }

  /** Consumes `[cursor.position, end)` into the unit's pieces. */
  private keep(cursor: Cursor, end: number): void {
    const piece = this.take(cursor, end, 'call');
    if (piece !== '') this.pieces.push(piece);
    this.unitLength += piece.length;
  }

  /** The bare list text in `pieces`, joined once (unit offset 0 is its `[`). */
  private unitText(): string {
    const text = this.pieces.join('');
    this.pieces = [];
    this.unitLength = 0;
    return text;
  }

  private scanBare(cursor: Cursor): boolean {
    const text = cursor.text;
    for (;;) {
      const stop = this.scanner.scan(text, cursor.position, text.length);
      // A bare list's calls are known only when it closes: nothing streams, the members are dropped.
      this.scanner.takeMembers();
      switch (stop.kind) {
        case 'open':
          this.opened = true;
          this.keep(cursor, stop.index);
          continue;
        case 'start':
        case 'value':
          this.keep(cursor, stop.index);
          continue;
        case 'call':
          this.keep(cursor, stop.index);
          this.pending.push({
            kind: 'call',
            name: stop.name,
            args: stop.args,
            positional: stop.positional,
            repeated: stop.repeated,
            start: stop.start,
            end: this.scanner.consumed,
          });
          continue;
        case 'close': {
          this.keep(cursor, stop.index);
          const unit = this.unitText();
          this.state = 'text';
          if (this.pending.length === 0) this.emitTaken(unit, 'content');
          else this.emitPending(unit);
          return true;
        }
        case 'error': {
          this.keep(cursor, stop.index);
          if (!this.opened) {
            // Not a call list (`[1, 2]`, `[see above]`, a Markdown link): all of it is content.
            this.state = 'text';
            this.emitTaken(this.unitText(), 'content');
            this.pending = [];
            return true;
          }
          // A call list that breaks: the failing element, up to the next `,` or the `]` of the list,
          // is an invalid call.
          const start = this.scanner.inCall ? this.scanner.callStart : this.scanner.consumed;
          this.broken =
            stop.code === 'too_deep'
              ? {
                  kind: 'broken',
                  start,
                  end: -1,
                  code: 'too_deep',
                  message: `the tool call's ${stop.message}`,
                }
              : {
                  kind: 'broken',
                  start,
                  end: -1,
                  code: 'invalid_tool_call',
                  message: `the tool call is not valid Python call syntax: ${stop.message}`,
                };
          this.skipper.start([0x5d, ...this.scanner.closers], true);
          this.state = 'bare-skip';
          return true;
        }
        case 'more': {
          this.keep(cursor, text.length);
          if (!cursor.final) return false;
          const unit = this.unitText();
          this.state = 'text';
          if (this.pending.length === 0 && !this.scanner.inArguments) {
            this.emitTaken(unit, 'content');
            return true;
          }
          const start = this.scanner.inCall ? this.scanner.callStart : unit.length;
          if (unit.slice(start).trim() !== '') {
            this.pending.push({
              kind: 'broken',
              start,
              end: unit.length,
              code: 'incomplete_tool_call',
              message: 'the tool call is cut off before its end',
            });
          }
          this.emitPending(unit);
          return true;
        }
      }
    }
  }

  /**
   * After a syntax error in a call list: reads on to the next `,` of the list (then the list goes on
   * with its next element), to its `]`, or to the end of the output (then the rest of the output
   * belongs to the failed element).
   */
  private skipBare(cursor: Cursor): boolean {
    const text = cursor.text;
    const end = this.skipper.scan(text, cursor.position, text.length);
    this.keep(cursor, end < 0 ? text.length : end);
    if (end < 0 && !cursor.final) return false;
    const broken = this.broken!;
    this.broken = undefined;
    if (end >= 0 && this.skipper.atComma) {
      this.pending.push({ ...broken, end: this.unitLength });
      this.scanner.resumeList(this.unitLength);
      this.state = 'bare';
      return true;
    }
    const unit = this.unitText();
    this.pending.push({ ...broken, end: end < 0 ? unit.length : unit.length - 1 });
    this.state = 'text';
    this.emitPending(unit);
    return true;
  }

  /**
   * Emits a bare list's elements in order, each with its own text as raw: calls, and invalid calls
   * for elements that failed or were cut off (trailing whitespace aside). Brackets, commas and
   * whitespace between elements are markup.
   */
  private emitPending(unit: string): void {
    let previous = 0;
    // A lone element is all its list holds: invalid, its raw text keeps the brackets (see
    // `SectionCallsParser`), so text given back for it is what the model wrote.
    // (An empty element emits nothing: its brackets stay markup.)
    const only = this.pending.length === 1 ? this.pending[0] : undefined;
    const lone =
      only !== undefined && (only.kind !== 'broken' || unit.slice(only.start, only.end).trimEnd() !== '');
    for (const entry of this.pending) {
      // The structure before each element comes before it, so every piece is emitted in input order.
      if (lone) this.wrapCall(unit.slice(previous, entry.start));
      else this.emitTaken(unit.slice(previous, entry.start), 'markup');
      if (entry.kind === 'broken') {
        // An empty element (`[f(), , g()]`) is only structure.
        const raw = unit.slice(entry.start, entry.end).trimEnd();
        if (raw !== '') this.invalidCall(raw, entry.code, entry.message, nameOf(raw));
        previous = entry.start + raw.length;
        continue;
      }
      const raw = unit.slice(entry.start, entry.end);
      const resolved = namePositionalArguments(
        entry.name,
        entry.args,
        entry.positional,
        this.tools,
        entry.repeated,
      );
      if (resolved.ok) this.endCall({ name: entry.name, argumentsValue: resolved.value }, raw);
      else this.invalidCall(raw, resolved.code, resolved.message, entry.name);
      previous = entry.end;
    }
    this.pending = [];
    if (this.holdsInvalid) this.releaseInvalid(unit.slice(previous));
    else this.emitTaken(unit.slice(previous), 'markup');
  }

  /**
   * Section mode: structure (`[`, `,`, `]`, whitespace) is markup, except around an invalid call that
   * is all the section holds (its raw text keeps it: `openSectionCall`, `endSection`); each call is
   * recorded as the open call of `BaseFormatParser` from its name on, announced at its `(`, and ended at
   * its `)`.
   */
  private scanSection(cursor: Cursor): boolean {
    const text = cursor.text;
    // Where to look for the next end marker: past one already scanned as string data.
    let searchFrom = cursor.position;
    for (;;) {
      const from = Math.max(searchFrom, cursor.position);
      const match = this.endSearch.find(text, from);
      const limit = match
        ? match.index
        : cursor.final
          ? text.length
          : text.length - heldBackLength(text, from, this.endMarkers);
      const stop = this.scanner.scan(text, cursor.position, limit);
      this.members.stream(this.scanner.takeMembers());
      switch (stop.kind) {
        case 'start':
          this.openSectionCall(cursor, stop.index);
          continue;
        case 'open':
          this.take(cursor, stop.index, 'call');
          this.announceCall(stop.name);
          this.members.begin(this.streamsAnnounced ? stop.name : undefined);
          continue;
        case 'call': {
          this.take(cursor, stop.index, 'call');
          const resolved = namePositionalArguments(
            stop.name,
            stop.args,
            stop.positional,
            this.tools,
            stop.repeated,
          );
          // Once a member streamed, the last delta must close the object (even when a later copy of
          // every streamed key took it back): `streamedKeys` says so, possibly empty.
          const streamed = this.members.parts();
          this.members.end();
          if (resolved.ok) this.endCall({ name: stop.name, argumentsValue: resolved.value, ...streamed });
          else this.failCall(resolved.code, resolved.message, stop.name);
          continue;
        }
        case 'error':
        case 'close':
        case 'value':
          this.failure =
            stop.kind !== 'error'
              ? { code: 'invalid_tool_call', message: 'the tool call is not valid Python call syntax' }
              : stop.code === 'too_deep'
                ? { code: 'too_deep', message: `the tool call's ${stop.message}` }
                : {
                    code: 'invalid_tool_call',
                    message: `the tool call is not valid Python call syntax: ${stop.message}`,
                  };
          if (this.inCall) this.take(cursor, stop.index, 'call');
          else this.openSectionCall(cursor, stop.index);
          this.state = 'skip';
          return true;
        case 'more':
          break;
      }
      if (this.inCall) this.take(cursor, limit, 'call');
      else this.sectionLayoutTo(cursor, limit);
      if (match) {
        if (this.scanner.inString) {
          // An end marker inside a string literal is data: scan on past it.
          searchFrom = match.index + match.marker.length;
          continue;
        }
        this.closeSection(cursor, match.index + match.marker.length);
        return true;
      }
      if (!cursor.final) return false;
      this.closeSection(cursor, undefined);
      return true;
    }
  }

  /**
   * A call begins in the section at `index`: the section's first one gets its start (held, with the
   * layout) before its raw text, markup before a valid call, raw text of an invalid one that is all
   * the section holds (see `SectionCallsParser`); after an invalid call held, its raw is its own.
   */
  private openSectionCall(cursor: Cursor, index: number): void {
    this.sectionLayoutTo(cursor, index);
    if (this.heldStartText === '') this.releaseHeld(undefined);
    else this.wrapCall(this.heldStartText);
    this.heldStartText = '';
    this.beginCall();
  }

  /** Structure in the section up to `end`: held after an invalid call held, else `takeLayout`. */
  private sectionLayoutTo(cursor: Cursor, end: number): void {
    if (!this.holdsInvalid) {
      this.takeLayout(cursor, end);
      return;
    }
    const layout = this.take(cursor, end, 'call');
    if (layout !== '') this.sectionLayout.push(layout);
  }

  /**
   * The section ends at `markerEnd` (or with the output): an invalid call held was all it held, and
   * the structure after it and the end marker join its raw text; else the end marker is markup.
   */
  private endSection(cursor: Cursor, markerEnd: number | undefined): void {
    if (this.holdsInvalid) {
      const end = this.take(cursor, markerEnd ?? cursor.position, 'call');
      this.releaseInvalid(this.sectionLayout.join('') + end);
      this.sectionLayout = [];
    } else if (markerEnd !== undefined) this.take(cursor, markerEnd, 'markup');
  }

  /** Ends the section at its end marker (or at the end of the output when `markerEnd` is undefined). */
  private closeSection(cursor: Cursor, markerEnd: number | undefined): void {
    this.members.end();
    // The output ended right after the section start (and an opening `[`): a call begun and not
    // written. An empty `[]` wrote no call: structure.
    if (markerEnd === undefined && !this.scanner.listClosed) this.cutAfterStart();
    this.releaseStart();
    if (this.inCall) {
      this.failCall('incomplete_tool_call', 'the tool call is cut off before its end', this.scanner.callName);
    }
    this.endSection(cursor, markerEnd);
    this.state = this.config.newlineAfterEnd && markerEnd !== undefined ? 'after-end' : 'text';
  }

  /** After a syntax error: the rest of the section, up to its end marker, is one invalid call. */
  private skipToEnd(cursor: Cursor): boolean {
    this.members.end();
    const text = cursor.text;
    const match = this.endSearch.find(text, cursor.position);
    if (!match) {
      this.takeAllBut(cursor, this.endMarkers, 'call');
      if (!cursor.final) return false;
    } else {
      this.take(cursor, match.index, 'call');
    }
    this.failCall(this.failure.code, this.failure.message, this.scanner.callName);
    this.endSection(cursor, match ? match.index + match.marker.length : undefined);
    this.state = this.config.newlineAfterEnd && match ? 'after-end' : 'text';
    return true;
  }
}

/** The call name at the start of an invalid call's raw text, when there is one. */
function nameOf(raw: string): string | undefined {
  const match = /^\s*([\p{L}_][\p{L}\p{N}_.]{0,200})\(/u.exec(raw.slice(0, 256));
  return match?.[1];
}
