// Kept whole: the family's one state machine over its key/value tags (the states of `parse` share
// the open call's pieces); its pieces with one job each are in `arg-key-value/`. About 680 lines.
import { TextBuilder } from '../../internal/text-builder.js';
import { skipWhitespace } from '../../internal/whitespace.js';
import type { ToolCallRepair } from '../../types/tool-call.js';
import type { Cursor } from '../core/base-parser.js';
import { closerComesFirst } from '../core/closer-first.js';
import {
  consumableEnd,
  findEarliestMarker,
  heldBackLength,
  type MarkerMatch,
  markerPrefixAt,
  noMarkerFrom,
} from '../core/markers.js';
import { SectionCallsParser } from '../core/section-calls-parser.js';
import type { FormatOptions } from '../format-definition.js';
import type { ArgKeyValueConfig } from './arg-key-value/arg-key-value-config.js';
import { type ArgKeyValuePlan, argKeyValuePlan } from './arg-key-value/arg-key-value-plan.js';
import { isLayout } from './arg-key-value/is-layout.js';
import { KeyValueMemberStream } from './arg-key-value/key-value-member-stream.js';
import { nameFrom } from './arg-key-value/name-from.js';
import { unescapeJsonValues } from './arg-key-value/unescape-json-values.js';

/** How far past a call end met in a value the value's closing tag is looked for (bounded: linear). */
const maxCallEndLookahead = 4096;

export type { ArgKeyValueConfig };

/**
 * What a tool name is made of (OpenAI's `^[a-zA-Z0-9_-]+$` plus the `.`, `:` and `/` of namespaced
 * names, and spaces for `nameWithSpaces`): a first line with other characters (`later, maybe.`) is prose.
 */
const toolNameShape = /^[\w.:/ -]+$/;

type State = 'text' | 'section' | 'name' | 'key-or-call' | 'between' | 'key' | 'before-value' | 'value';

/**
 * One incremental parser for the whole family (see `ArgKeyValueConfig`). Names, keys and values are collected as pieces while
 * they stream in; only a possible marker prefix is held back between pushes, so work per `push` is
 * proportional to the chunk. The call is announced (`tool-input-start`) as soon as its name is read;
 * its arguments follow when it ends. A `</tool_call>` inside a value whose own `</arg_value>` comes
 * before any other tag is data (`End a call with </tool_call>.`). A key given twice makes the call
 * invalid (`duplicate_argument`), as does, after a value that ended without `</arg_value>` at a key
 * tag, a closing tag that closes nothing or a key the tool does not declare (`ambiguous_parameter_end`:
 * the key tag may be text of that value). Never throws on model text.
 */
export class ArgKeyValueParser extends SectionCallsParser {
  private state: State = 'text';
  private inSection = false;
  private namePieces: string[] = [];
  private name: string | undefined;
  private keyPieces: string[] = [];
  private key: string | undefined;
  /** The open value (it can be long, and streams in small pieces: see `TextBuilder`). */
  private readonly valuePieces = new TextBuilder();
  private layoutPieces: string[] = [];
  private parameters: Array<[string, string]> = [];
  /** The first problem found in the open call; the call is reported invalid at its end. */
  private problem: string | undefined;
  /** The code of `problem` when it is not `invalid_tool_call`. */
  private problemCode: string | undefined;
  /** The keys of `parameters` (a key given twice makes the call invalid: `addParameter`). */
  private keys = new Set<string>();
  /**
   * The key of the open call's first value that ended without its closing tag at a key tag: from
   * there on the call's structure must hold (see `addParameter`, `recoverStrayClose`).
   */
  private implicitEnd: string | undefined;
  /** The open call's members, streamed as its values arrive. */
  private readonly members = new KeyValueMemberStream(
    (delta) => this.streamArguments(delta),
    (name, key) => this.parameterSchema(name, key),
    this.tools !== undefined,
    this.options.align,
  );
  /** Glitches recovered in the open call (see `CallParts.repairs`). */
  private repairs: ToolCallRepair[] = [];
  /** The closing tag last read in the open call, to tell a doubled closing tag from a stray one. */
  private lastClose: string | undefined;
  /** Where the name (then: the text after `</arg_key>`) starts in the open call's raw text. */
  private itemOffset = 0;
  /** `key-or-call`: where the call start after the name is in the raw text, and the text after it. */
  private secondStart = 0;
  private lookahead: string[] = [];

  /** The marker lists of the config (see `ArgKeyValuePlan`). */
  private readonly plan: ArgKeyValuePlan;

  constructor(
    private readonly config: ArgKeyValueConfig,
    options?: FormatOptions,
  ) {
    super(options, config.reasoning);
    this.plan = argKeyValuePlan(config);
  }

  protected override onReset(): void {
    this.state = 'text';
    this.inSection = false;
    this.clearCall();
  }

  /** In a value a chunk without a marker's first character is value text (see `collect`). */
  protected override takeInLane(chunk: string): boolean {
    const initial = this.plan.valueInitial;
    if (this.state !== 'value' || initial === undefined || !noMarkerFrom(chunk, 0, initial)) return false;
    this.appendRaw(chunk);
    this.addValuePiece(chunk);
    return true;
  }

  /** A piece of the open value, just taken into the call: kept, and streamed when the value streams. */
  private addValuePiece(piece: string): void {
    this.valuePieces.append(piece);
    if (this.members.raw) this.members.piece(piece);
  }

  /** How far past a call end in a value `closerComesFirst` found no tag yet. */
  private endLooked = 0;

  private clearCall(): void {
    this.endLooked = 0;
    this.namePieces = [];
    this.name = undefined;
    this.keyPieces = [];
    this.key = undefined;
    this.valuePieces.clear();
    this.layoutPieces = [];
    this.parameters = [];
    this.problem = undefined;
    this.problemCode = undefined;
    this.keys = new Set();
    this.implicitEnd = undefined;
    this.members.clear();
    this.repairs = [];
    this.lastClose = undefined;
    this.itemOffset = 0;
  }

  protected parse(cursor: Cursor): void {
    const { callStart, sectionStart, sectionEnd, nameEnd, keyClose, valueOpen, valueClose } = this.config;
    for (;;) {
      switch (this.state) {
        case 'text': {
          this.releaseInvalid('');
          const match = this.scanText(cursor, this.plan.textMarkers, this.plan.reasoningOpeners, true);
          if (!match) return;
          if (match.marker === sectionStart) {
            this.sectionStart = this.take(cursor, match.index + match.marker.length, 'call');
            this.inSection = true;
            this.state = 'section';
          } else {
            this.openCall(cursor, match);
          }
          break;
        }
        case 'section': {
          // Between calls inside the wrapper: whitespace is layout, markers continue the section,
          // anything else is content again. The wrapper's start and an invalid call alone in the
          // wrapper are held until what follows is known (see `SectionCallsParser`).
          const text = cursor.text;
          const position = skipWhitespace(text, cursor.position);
          const holding = this.sectionStart !== '' || this.holdsInvalid;
          const spaces = this.take(cursor, position, holding ? 'call' : 'markup');
          if (holding && spaces !== '') this.sectionLayout.push(spaces);
          if (position === text.length) {
            // The output ended right after the section start: a call begun and not written.
            if (cursor.final) {
              if (this.holdsInvalid || this.sectionStart === '') this.releaseHeld('');
              else {
                this.cutStart(this.sectionStart + this.sectionLayout.join(''));
                this.sectionStart = '';
                this.sectionLayout = [];
              }
            }
            return;
          }
          if (text.startsWith(callStart, position)) {
            this.wrapSectionStart();
            this.releaseHeld(undefined);
            this.openCall(cursor, { index: position, marker: callStart });
            break;
          }
          if (sectionEnd !== undefined && text.startsWith(sectionEnd, position)) {
            if (this.holdsInvalid) {
              // The wrapper held only the invalid call: its end joins the call's raw text.
              const suffix =
                this.sectionLayout.join('') + this.take(cursor, position + sectionEnd.length, 'call');
              this.sectionLayout = [];
              this.releaseInvalid(suffix);
            } else {
              this.releaseHeld(undefined);
              this.take(cursor, position + sectionEnd.length, 'markup');
            }
            this.inSection = false;
            this.state = 'text';
            break;
          }
          if (!cursor.final && markerPrefixAt(text, position, this.plan.sectionMarkers)) return;
          this.releaseHeld(undefined);
          this.inSection = false;
          this.state = 'text';
          break;
        }
        case 'name': {
          const match = this.collect(cursor, this.plan.nameMarkers, this.namePieces);
          if (!match) return;
          if (match.marker === callStart && this.mentionedInProse()) {
            // The cursor is still at the next call start: text mode opens that call.
            this.state = 'text';
            break;
          }
          if (match.marker === keyClose && this.splitNameAndKey(cursor, match)) break;
          const { name, rest } = nameFrom(this.namePieces.join(''), this.config.nameWithSpaces === true);
          this.namePieces = [];
          if (rest) this.problem ??= 'the tool name is followed by text that is not a key/value pair';
          else if (name === '') this.problem ??= 'the tool call has no valid name';
          this.name = name;
          if (this.problem === undefined) {
            this.announceCall(name);
            this.members.begin(this.streamsAnnounced);
          }
          if (match.marker === nameEnd) {
            this.take(cursor, match.index + match.marker.length, 'call');
            this.state = 'between';
          } else if (match.marker === keyClose || match.marker === valueClose) {
            this.recoverStrayClose(cursor, match);
            this.state = 'between';
          } else if (match.marker === callStart && this.problem === undefined) {
            // A call start right after a name: the next call, or a call start written for `<arg_key>`.
            this.secondStart = this.rawLength;
            this.take(cursor, match.index + callStart.length, 'call');
            this.lookahead = [];
            this.state = 'key-or-call';
          } else {
            this.afterItem(cursor, match);
          }
          break;
        }
        case 'key-or-call': {
          const text = cursor.text;
          const markers = this.plan.lookaheadMarkers;
          const match = findEarliestMarker(text, cursor.position, markers);
          const end = consumableEnd(text, cursor.position, markers, match, cursor.final);
          const piece = this.take(cursor, end, 'call');
          if (piece !== '') this.lookahead.push(piece);
          if (!match && !cursor.final) return;
          const key = this.lookahead.join('').trim();
          if (match?.marker === keyClose && /^[^\s<>{}"]+$/.test(key)) {
            // `NAME<tool_call>KEY</arg_key>`: GLM wrote the call start where the key tag belongs
            // (getsigit/sigit #94); one call, its first key recovered.
            this.repair(
              'call_start_for_key_open',
              this.secondStart,
              `${callStart} stands for ${this.config.keyOpen}`,
            );
            this.key = key;
            this.take(cursor, match.index + keyClose.length, 'call');
            this.lastClose = keyClose;
            this.itemOffset = this.rawLength;
            this.state = 'before-value';
          } else {
            this.splitAtSecondCall(this.inputOffset(cursor) + cursor.position);
          }
          break;
        }
        case 'between': {
          const match = this.collectLayout(
            cursor,
            this.plan.betweenMarkers,
            'text that is not a key/value pair',
          );
          if (!match) return;
          if (match.marker === keyClose || match.marker === valueClose) this.recoverStrayClose(cursor, match);
          else this.afterItem(cursor, match);
          break;
        }
        case 'key': {
          const match = this.collect(cursor, this.plan.keyMarkers, this.keyPieces);
          if (!match) return;
          if (match.marker === this.config.keyOpen) {
            // `<arg_key><arg_key>path`: a doubled opening tag (vLLM #54971); elsewhere in a key, text.
            const doubled = isLayout(this.keyPieces.join(''));
            const tag = this.take(cursor, match.index + match.marker.length, 'call');
            if (doubled) this.repair('doubled_opening_tag', this.rawLength - tag.length, `a doubled ${tag}`);
            else this.keyPieces.push(tag);
            break;
          }
          this.key = this.keyPieces.join('').trim();
          this.keyPieces = [];
          if (match.marker === keyClose) {
            this.take(cursor, match.index + keyClose.length, 'call');
            this.lastClose = keyClose;
            this.itemOffset = this.rawLength;
            this.state = 'before-value';
          } else if (match.marker === valueOpen) {
            // `</arg_key>` missing: the key ends at the value tag.
            this.repair('missing_key_close_tag', this.rawLength, `the key "${this.key}" has no ${keyClose}`);
            this.take(cursor, match.index + valueOpen.length, 'call');
            this.members.startValue(this.name, this.key ?? '', this.problem === undefined);
            this.state = 'value';
          } else {
            this.problem ??= `the key "${this.key}" has no value`;
            this.afterItem(cursor, match);
          }
          break;
        }
        case 'before-value': {
          const match = this.collect(cursor, this.plan.beforeValueMarkers, this.layoutPieces);
          if (!match) return;
          const between = this.layoutPieces.join('');
          this.layoutPieces = [];
          if (match.marker === valueClose) {
            this.valueWithoutOpenTag(cursor, match, between);
            break;
          }
          if (!isLayout(between))
            this.problem ??= `the tool call holds text between the key "${this.key}" and its value`;
          if (match.marker === keyClose) {
            this.recoverStrayClose(cursor, match);
          } else if (match.marker === valueOpen) {
            this.take(cursor, match.index + valueOpen.length, 'call');
            this.members.startValue(this.name, this.key ?? '', this.problem === undefined);
            this.state = 'value';
          } else {
            this.problem ??= `the key "${this.key}" has no value`;
            this.afterItem(cursor, match);
          }
          break;
        }
        case 'value': {
          const match = this.collect(
            cursor,
            this.plan.valueMarkers,
            this.valuePieces,
            this.plan.valueInitial,
          );
          if (!match) return;
          if (match.marker === this.config.callEnd) {
            // `</tool_call>` in a value: the call ended without `</arg_value>`, or data (`End a call
            // with </tool_call>.`). The reading that needs no repair wins: the value's own closing tag
            // before any other tag makes it data.
            const from = match.index + match.marker.length;
            const isText = closerComesFirst(
              cursor.text,
              from,
              from + this.endLooked,
              this.plan.callEndStops,
              maxCallEndLookahead,
              cursor.final,
            );
            if (typeof isText === 'number') {
              this.endLooked = isText;
              return;
            }
            this.endLooked = 0;
            if (isText) {
              this.addValuePiece(this.take(cursor, from, 'call'));
              break;
            }
          }
          // A missing `</arg_value>` is tolerated: the value then ends at the next key or the call's end.
          let value = this.valuePieces.take();
          // Without its end tag the value also holds the layout before the next tag.
          if (match.marker !== valueClose) {
            if (value.endsWith('\n')) value = value.slice(0, value.endsWith('\r\n') ? -2 : -1);
            this.repair(
              'missing_value_close_tag',
              this.rawLength,
              `the value of "${this.key}" has no ${valueClose}`,
            );
          }
          this.addParameter(this.key ?? '', value);
          this.members.endValue(this.name, this.key ?? '', value, this.problem === undefined);
          if (match.marker === this.config.keyOpen) this.implicitEnd ??= this.key ?? '';
          this.key = undefined;
          if (match.marker === valueClose) {
            this.take(cursor, match.index + valueClose.length, 'call');
            this.lastClose = valueClose;
            this.state = 'between';
          } else {
            this.afterItem(cursor, match);
          }
          break;
        }
      }
    }
  }

  /**
   * Adds a finished pair. A key given twice makes the call invalid (`duplicate_argument`): a value may
   * quote a pair (`<arg_key>path</arg_key><arg_value>/etc/passwd</arg_value>` in a file's content), and
   * keeping the last value would let quoted text override an argument. After an implicit end (see
   * `implicitEnd`), a key the tool does not declare does too (`ambiguous_parameter_end`): alignment
   * would drop it and hand on the cut value as a clean call.
   */
  private addParameter(key: string, value: string): void {
    if (this.keys.has(key))
      this.reject('duplicate_argument', `the key "${key}" is given twice${this.ambiguity('; ')}`);
    this.keys.add(key);
    this.parameters.push([key, value]);
    const name = this.name;
    if (this.implicitEnd === undefined || name === undefined || this.tools === undefined) return;
    const schema = this.tools.parameters(name);
    if (typeof schema !== 'object' || schema === null || typeof schema.properties !== 'object') return;
    if (this.parameterSchema(name, key) === undefined)
      this.reject('ambiguous_parameter_end', `"${name}" has no parameter "${key}"${this.ambiguity('; ')}`);
  }

  /** Makes the call invalid with `code` unless a problem was found first (the first one wins). */
  private reject(code: string, message: string): void {
    if (this.problem !== undefined) return;
    this.problem = message;
    this.problemCode = code;
  }

  /** Why a call with an implicit end whose structure does not hold is ambiguous (after `lead`). */
  private ambiguity(lead: string): string {
    if (this.implicitEnd === undefined) return '';
    const { keyOpen, valueClose } = this.config;
    return `${lead}the value of "${this.implicitEnd}" has no ${valueClose}, and the ${keyOpen} that ended it may be text of that value`;
  }

  private repair(kind: string, position: number, message: string): void {
    this.repairs.push({ kind, position, message });
  }

  /**
   * A closing tag where none belongs, after layout only: `</arg_key></arg_key>` or
   * `</arg_value></arg_value>` (a doubled closing tag, vLLM #54971), or `NAME</arg_value>` in a call
   * without arguments (a stray closing tag, fireworks python-sdk #119). The tag is dropped and the call
   * read on; the cursor is at the tag.
   */
  private recoverStrayClose(cursor: Cursor, match: MarkerMatch): void {
    const position = this.rawLength;
    // After an implicit end a closing tag the structure does not explain may be the end of the value
    // that was cut (`Example: <arg_key>path</arg_key><arg_value>x</arg_value> </arg_value>`).
    if (this.implicitEnd !== undefined)
      this.reject('ambiguous_parameter_end', `a ${match.marker} closes nothing${this.ambiguity('; ')}`);
    this.take(cursor, match.index + match.marker.length, 'call');
    const doubled = match.marker === this.lastClose;
    this.repair(
      doubled ? 'doubled_closing_tag' : 'stray_closing_tag',
      position,
      `${doubled ? 'a doubled' : 'a stray'} ${match.marker} is dropped`,
    );
    this.lastClose = match.marker;
  }

  /**
   * `NAMEKEY</arg_key>`: the name ran into the first key because `<arg_key>` is missing (vLLM #47190).
   * Read as a name and a key only where the split is certain: the two are separated by whitespace
   * (`browser_action task</arg_key>`), or, with tools given, the text is no tool's name but starts with
   * one (the longest) and goes on. Returns false (nothing consumed) otherwise.
   */
  private splitNameAndKey(cursor: Cursor, match: MarkerMatch): boolean {
    const text = this.namePieces.join('');
    const trimmed = text.trim();
    let name: string | undefined;
    let key: string | undefined;
    const space = this.config.nameWithSpaces ? -1 : trimmed.search(/\s/);
    if (space > 0) {
      name = trimmed.slice(0, space);
      key = trimmed.slice(space).trim();
      if (/\s/.test(key)) return false;
    } else if (this.tools !== undefined && !this.tools.has(trimmed)) {
      for (const tool of this.tools.names) {
        if (trimmed.length > tool.length && trimmed.startsWith(tool) && tool.length > (name?.length ?? 0))
          name = tool;
      }
      if (name !== undefined) key = trimmed.slice(name.length);
    }
    if (name === undefined || key === undefined || key === '' || nameFrom(name, false).name !== name)
      return false;
    if (/[<>{}"]/.test(key)) return false;
    this.namePieces = [];
    this.repair(
      'missing_key_open_tag',
      this.itemOffset + text.trimEnd().length - key.length,
      `the key "${key}" has no ${this.config.keyOpen}`,
    );
    this.name = name;
    this.announceCall(name);
    this.members.begin(this.streamsAnnounced);
    this.key = key;
    this.take(cursor, match.index + match.marker.length, 'call');
    this.lastClose = this.config.keyClose;
    this.itemOffset = this.rawLength;
    this.state = 'before-value';
    return true;
  }

  /**
   * `</arg_key>VALUE</arg_value>`: the value's opening tag is missing (vLLM #49248); the text between
   * the tags is the value (one leading line break is layout, as before a written `<arg_value>`).
   */
  private valueWithoutOpenTag(cursor: Cursor, match: MarkerMatch, between: string): void {
    const key = this.key ?? '';
    this.repair(
      'missing_value_open_tag',
      this.itemOffset,
      `the value of "${key}" has no ${this.config.valueOpen}`,
    );
    let value = between;
    if (value.startsWith('\r\n')) value = value.slice(2);
    else if (value.startsWith('\n')) value = value.slice(1);
    this.addParameter(key, value);
    this.members.endValue(this.name, key, value, this.problem === undefined);
    this.key = undefined;
    this.take(cursor, match.index + match.marker.length, 'call');
    this.lastClose = match.marker;
    this.state = 'between';
  }

  /** Begins a call at `match` (a `callStart`). */
  private openCall(cursor: Cursor, match: MarkerMatch): void {
    this.take(cursor, match.index, this.inReasoning ? 'reasoning' : 'content');
    this.beginCall();
    this.take(cursor, match.index + match.marker.length, 'call');
    this.clearCall();
    this.itemOffset = this.rawLength;
    this.state = 'name';
  }

  /**
   * `key-or-call` found the next call: the open call (a name, no arguments) ends where the second call
   * start is, without its end marker, and the second call goes on with the text read after its start.
   */
  private splitAtSecondCall(inputEnd: number): void {
    const { callStart, callEnd } = this.config;
    const raw = this.closeCallRaw();
    const first = raw.slice(0, this.secondStart);
    const second = raw.slice(this.secondStart);
    const name = this.name ?? '';
    this.repair('missing_end_marker', first.length, `the call has no ${callEnd}`);
    const repairs = this.repairs;
    this.clearCall();
    this.endCall({ name, parameters: [], repairs }, first, true);
    this.beginCall();
    // The second call's text was taken already (held for the first call's raw): read it again at its
    // place in the input, for the debug span record.
    this.replayTaken(second);
    this.take(
      { text: second, position: 0, final: false, origin: inputEnd - second.length },
      second.length,
      'call',
    );
    this.itemOffset = callStart.length;
    this.namePieces = [second.slice(callStart.length)];
    this.state = 'name';
  }

  /**
   * Handles a marker that ends the name, a pair or the layout between pairs: a new key, the call's
   * end, the next call (this one lacked its end marker) or the end of the section.
   */
  private afterItem(cursor: Cursor, match: MarkerMatch): void {
    const { callStart, callEnd, keyOpen, sectionEnd } = this.config;
    if (match.marker === keyOpen) {
      this.take(cursor, match.index + keyOpen.length, 'call');
      this.keyPieces = [];
      this.state = 'key';
      return;
    }
    if (match.marker === callEnd) {
      this.take(cursor, match.index + callEnd.length, 'call');
      this.completeCall(true);
      return;
    }
    // `callStart` or `sectionEnd`: the open call ended without its end marker.
    this.take(cursor, match.index, 'call');
    this.repair('missing_end_marker', this.rawLength, `the call has no ${callEnd}`);
    this.completeCall();
    if (match.marker === callStart) this.openCall(cursor, match);
    // In a wrapper the section state reads its end (the end of an invalid call's raw text: see
    // `SectionCallsParser`).
    else if (match.marker === sectionEnd && !this.inSection) {
      this.take(cursor, match.index + match.marker.length, 'markup');
      this.inSection = false;
      this.state = 'text';
    }
  }

  /**
   * Collects text into `pieces` up to the earliest of `markers` and returns the match (cursor at the
   * marker). Without a match all text but a possible marker prefix is collected and `undefined` is
   * returned; at the end of the output the open call is then reported cut off.
   */
  private collect(
    cursor: Cursor,
    markers: readonly string[],
    pieces: string[] | TextBuilder,
    initial?: string,
  ): MarkerMatch | undefined {
    const text = cursor.text;
    // With `initial` (the markers' shared first character) absent from the rest, no marker and no
    // prefix of one is there: no search, nothing held back.
    const none = initial !== undefined && noMarkerFrom(text, cursor.position, initial);
    const match = none ? undefined : findEarliestMarker(text, cursor.position, markers);
    let end = none ? text.length : consumableEnd(text, cursor.position, markers, match, cursor.final);
    // The model stopped on its own inside a closing tag (`</tool_`): that piece is structure, not text
    // of the value or the layout (see `cutOff`).
    const cut = !match && !none && cursor.final ? this.cutClosingTag(text, cursor.position) : '';
    end -= cut.length;
    const piece = this.take(cursor, end, 'call');
    if (piece !== '') {
      if (pieces === this.valuePieces) this.addValuePiece(piece);
      else if (pieces instanceof TextBuilder) pieces.append(piece);
      else pieces.push(piece);
    }
    if (!match && cursor.final) {
      this.cutTagAt = this.rawLength;
      this.take(cursor, cursor.text.length, 'call');
      this.cutOff(cut);
    }
    return match;
  }

  /**
   * With `finishReason: 'stop'`, the end of `text` (from `from`) when it is a proper prefix of the
   * closing tag the open state may end with: the call's end marker between pairs, the value's
   * closing tag in a value (JustVugg/colibri #505: `</tool_` at the end of a reply); else `''`.
   */
  private cutClosingTag(text: string, from: number): string {
    if (this.options.finishReason !== 'stop') return '';
    const tag =
      this.state === 'value' ? this.config.valueClose : this.state === 'between' ? this.config.callEnd : '';
    if (tag === '') return '';
    const length = heldBackLength(text, from, [tag]);
    return length > 0 && length < tag.length ? text.slice(text.length - length) : '';
  }

  /** Where a closing tag cut off by the output's end starts in the call's raw text (see `cutOff`). */
  private cutTagAt = 0;

  /**
   * Like `collect` for the layout between tags. The layout is checked once it is whole: any text other
   * than whitespace (or a literal `\n`) marks the call invalid.
   */
  private collectLayout(cursor: Cursor, markers: readonly string[], what: string): MarkerMatch | undefined {
    const match = this.collect(cursor, markers, this.layoutPieces);
    if (match) {
      if (!isLayout(this.layoutPieces.join(''))) this.problem ??= `the tool call holds ${what}`;
      this.layoutPieces = [];
    }
    return match;
  }

  /**
   * The output ended inside the open call. With `finishReason: 'stop'` a call that lacks only its end
   * marker (the output ended between pairs, after a closed value or right after the name) is complete:
   * `endCall` says `missing_end_marker`.
   */
  private cutOff(cutTag = ''): void {
    if (this.state === 'name' && this.options.finishReason !== 'length' && this.mentionedInProse()) return;
    if (cutTag !== '' && this.state === 'value') {
      // `VALUE</arg_val`: the value is whole; its closing tag was cut.
      const value = this.valuePieces.take();
      this.repair(
        'malformed_closing_tag',
        this.cutTagAt,
        `the value of "${this.key}" is closed by a cut ${cutTag}, not ${this.config.valueClose}`,
      );
      this.addParameter(this.key ?? '', value);
      this.members.endValue(this.name, this.key ?? '', value, this.problem === undefined);
      this.key = undefined;
      this.state = 'between';
    } else if (cutTag !== '') {
      this.repair('missing_end_marker', this.cutTagAt, `the call's end marker is cut: ${cutTag}`);
    }
    const betweenPairs =
      (this.state === 'between' && isLayout(this.layoutPieces.join(''))) ||
      (this.state === 'name' && this.name !== undefined && this.name !== '');
    if (this.options.finishReason === 'stop' && betweenPairs && this.key === undefined) {
      this.completeCall();
      return;
    }
    this.failCall('incomplete_tool_call', 'the tool call is cut off before its end', this.name || undefined);
    this.clearCall();
    this.state = this.inSection ? 'section' : 'text';
  }

  /**
   * With `proseMentions`, in the name state, at the output's end or at the next call start: the call start was mentioned in
   * prose (`I will use <tool_call> later.`) when the text after it is not a name alone (a word of
   * `toolNameShape`), is no JSON body and does not begin with a tool given by name. Then the marker and that text go back where the marker
   * was (content, or the reasoning block it ended: `restoreText`) and no call is made; the state is
   * text. A marker with nothing after it, or followed by a name alone, stays a call that was cut off.
   * Whether it was.
   */
  private mentionedInProse(): boolean {
    if (!this.config.proseMentions || this.inSection) return false;
    const text = this.namePieces.join('');
    const trimmed = text.trim();
    if (trimmed === '' || trimmed.startsWith('{')) return false;
    const { name, rest } = nameFrom(text, this.config.nameWithSpaces === true);
    if (name !== '' && !rest && toolNameShape.test(name)) return false;
    if (name !== '' && this.tools?.has(name) === true) return false;
    this.clearCall();
    this.state = 'text';
    this.restoreText(this.closeCallRaw());
    return true;
  }

  /** Emits the open call (valid or invalid) and returns to text or section mode. */
  /** Ends the open call; `atMarker`: its end marker was just read (see `endCallAtMarker`). */
  private completeCall(atMarker = false): void {
    const name = this.name;
    const problem = this.problem;
    const code = this.problemCode ?? 'invalid_tool_call';
    const parameters = this.parameters;
    const repairs = this.repairs;
    const streamed = this.members.parts();
    this.clearCall();
    this.state = this.inSection ? 'section' : 'text';
    if (problem !== undefined || name === undefined || name === '') {
      this.failCall(code, problem ?? 'the tool call has no name', name || undefined);
      return;
    }
    if (this.config.decodeEscapedJson)
      unescapeJsonValues(parameters, (key) => this.parameterSchema(name, key), this.options.align);
    const parts = {
      name,
      parameters,
      ...(streamed ?? {}),
      ...(repairs.length > 0 ? { repairs } : {}),
    };
    if (atMarker) this.endCallAtMarker(parts);
    else this.endCall(parts);
  }
}
