import { setOwnProperty } from '../../internal/set-own-property.js';
import { TextBuilder } from '../../internal/text-builder.js';
import { nestedDeeperThan } from '../../internal/value-depth.js';
import { skipWhitespace } from '../../internal/whitespace.js';
import { JsonScanner, scanJsonValueEnd } from '../../json/json-scanner.js';
import { parseLenientJson } from '../../json/parse-lenient-json.js';
import { MAX_VALUE_DEPTH } from '../../schema/align-context.js';
import { typeParameterText } from '../../schema/type-parameter-text.js';
import type { ToolCallIssue, ToolCallRepair } from '../../types/tool-call.js';
import { argumentJson } from '../core/argument-json.js';
import { BaseFormatParser, type Bucket, type Cursor, type ReasoningTags } from '../core/base-parser.js';
import { withJsonRepairs } from '../core/call-repairs.js';
import {
  consumableEnd,
  findEarliestMarker,
  heldBackLength,
  noMarkerFrom,
  sharedInitial,
} from '../core/markers.js';
import { scanJsonBody } from '../core/scan-json-body.js';
import { isTextSchema, jsonStringContent } from '../core/streamed-values.js';
import type { FormatOptions } from '../format-definition.js';

/**
 * Family core for formats that write one tag per call and one tag per parameter, the value being raw
 * text between the parameter's tags:
 *
 * - Qwen3-Coder / Seed-OSS: `<function=NAME><parameter=KEY>VALUE</parameter></function>`
 * - MiniMax-M2, DeepSeek DSML, Step-3, MiniCPM5: `<invoke name="NAME"><parameter name="KEY">VALUE</parameter></invoke>`
 *   (tag names differ per format; extra attributes such as DSML `string="true"` are read).
 *
 * Configuration (all markers are exact, case-sensitive strings):
 * - `sectionStart` / `sectionEnd`: the wrapper around one or more calls (`<tool_call>`, `<minimax:tool_call>`,
 *   `<｜DSML｜function_calls>`); `[]` when calls stand alone.
 * - `separators`: structure-only markers allowed between calls inside a section (Step-3's per-call tokens).
 * - `bareCalls`: a call tag is also recognised outside any section (a missing wrapper is tolerated).
 * - `callStart`: the call tag up to its name: `<function=` (the name follows up to `>`) or `<invoke `
 *   (attributes follow up to `>`, the name is the `name` attribute). `callEnd`: the closing call tag.
 * - `parameterStart` / `parameterEnd`: the same for parameters; the key is the text after `=` or the
 *   `name` attribute.
 * - `trimNewline`: exactly one leading and one trailing newline of each value are layout, not data (a
 *   newline is `\n` or `\r\n`).
 * - `implicitParameterEnd`: a value without its closing tag ends at the next parameter tag, call end or
 *   call start (SGLang's Qwen3-Coder tolerance). A section end inside a value is data, so a value may quote
 *   `</tool_call>`.
 * - `cdata`: `<![CDATA[…]]>` inside a value is literal text (closing tags inside it are data).
 * - `stringAttribute`: the parameter tag's `string` attribute types the value: `"true"` keeps the raw
 *   string, `"false"` decodes it as JSON (DeepSeek DSML).
 * - `reasoning` / `callsInReasoning`: the reasoning tags; with `callsInReasoning`, a section start inside an
 *   unclosed reasoning block ends the reasoning (forced-open thinking templates write calls that way).
 *
 * Rules shared by every member:
 * - Only the exact closing tag ends a value, and only when what follows it (after whitespace) is another
 *   parameter tag, the call's end, a section end, a call start or the end of the output; otherwise the
 *   closing tag is part of the value (values may hold XML, HTML or the tag itself).
 * - A value is typed by the tool's JSON Schema when tools are given (`typeParameterText`), else it stays a
 *   string. A call body that holds a JSON object instead of parameter tags is decoded (SGLang DSML), and a
 *   section holding a Hermes-style JSON object `{"name", "arguments"}` is accepted too.
 * - Several calls per section; a call start inside an open call ends that call first (calls never merge).
 * - Whitespace between structural tags is markup; other text inside a section is an invalid call.
 * - A call ends at its closing tag (`</function>`, `</invoke>`), or, when that is missing, at the next call
 *   start or the section's end (the model went on). At the end of the output a call without its closing
 *   tag was cut off at the token limit, wherever the cut fell (inside a tag, inside a value, after a
 *   closed value, right after the call tag): it is an `InvalidToolCall` (code `incomplete_tool_call`)
 *   with its raw text, never a call with fewer parameters. A Hermes-style JSON call in a section without
 *   its section end is valid only if its JSON is complete.
 * - A typed value nested deeper than 255 arrays/objects (arguments deeper than the schema layer's
 *   `MAX_VALUE_DEPTH`, 256) makes the call invalid (code `too_deep`): such a value is never a real
 *   argument, and serialising it (`JSON.stringify`) can overflow the stack.
 * - Streaming: a call is announced (`tool-input-start`) as soon as its tag's name is read. A value whose
 *   typed result is certainly its raw text (no schema, a plain string schema, DSML `string="true"`) is
 *   streamed as it arrives (`{"k":"` then escaped text, a possible layout `\n` held back); any other value
 *   is sent as one fragment when it ends (`,"k":v`); `}` ends the call. The deltas concatenate to JSON
 *   text of the final arguments (a repeated key is written again; JSON's last value wins).
 * - Text outside sections, whitespace included, is content as written: two call blocks separated by
 *   `\n` add `\n` to content, as in every other format (`FormatOptions.content: 'nonblank'` or `'trim'`
 *   drop such whitespace, as vLLM's Qwen3 parsers do). Whitespace inside a written section, between its
 *   markers and calls, is layout (markup).
 */
export interface XmlParametersConfig {
  readonly sectionStart: readonly string[];
  readonly sectionEnd: readonly string[];
  readonly separators?: readonly string[];
  readonly bareCalls: boolean;
  readonly callStart: string;
  readonly callEnd: string;
  readonly parameterStart: string;
  readonly parameterEnd: string;
  readonly trimNewline: boolean;
  readonly implicitParameterEnd: boolean;
  readonly cdata?: boolean;
  readonly stringAttribute?: boolean;
  readonly reasoning?: ReasoningTags;
  readonly callsInReasoning?: boolean;
}

type State =
  | 'text'
  | 'section'
  | 'section-garbage'
  | 'call-header'
  | 'call-body'
  | 'parameter-header'
  | 'value'
  | 'value-closed'
  | 'cdata';

/** One parameter as written: key, raw value text (one wrapping newline already removed), attributes. */
interface RawParameter {
  readonly key: string;
  readonly text: string;
  readonly attributes: Readonly<Record<string, string>>;
}

/** A tag header longer than this (in UTF-16 code units) without its `>` is malformed. */
const headerLimit = 1024;
const cdataStart = '<![CDATA[';
const cdataEnd = ']]>';
/**
 * Arrays/objects nested deeper than this in a typed value make the call invalid (code `too_deep`): the
 * schema layer's `MAX_VALUE_DEPTH` for the whole arguments object, which is one level itself.
 */
const maxValueDepth = MAX_VALUE_DEPTH - 1;

/** `text` without one leading newline (`\r\n` or `\n`). */
function withoutLeadingNewline(text: string): string {
  const first = text.charCodeAt(0);
  if (first === 0x0d /* \r */) return text.charCodeAt(1) === 0x0a ? text.slice(2) : text;
  return first === 0x0a /* \n */ ? text.slice(1) : text;
}

/** `text` without one trailing newline (`\r\n` or `\n`). */
function withoutTrailingNewline(text: string): string {
  const length = text.length;
  if (length === 0 || text.charCodeAt(length - 1) !== 0x0a /* \n */) return text;
  return text.slice(0, length >= 2 && text.charCodeAt(length - 2) === 0x0d /* \r */ ? -2 : -1);
}

/** The longest of `markers` that starts at `position`, if any. */
function markerAt(text: string, position: number, markers: readonly string[]): string | undefined {
  let found: string | undefined;
  for (const marker of markers) {
    if (text.startsWith(marker, position) && (found === undefined || marker.length > found.length))
      found = marker;
  }
  return found;
}

/** Is the rest of `text` from `position` a proper prefix of one of `markers`? */
function isPrefixOfAny(text: string, position: number, markers: readonly string[]): boolean {
  const rest = text.length - position;
  for (const marker of markers) {
    if (rest < marker.length && marker.startsWith(text.slice(position))) return true;
  }
  return false;
}

/** `name="x" string='true' k=v` → attributes. Runs on one bounded tag header only. */
function parseAttributes(header: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g;
  for (const match of header.matchAll(pattern)) {
    const key = match[1];
    if (key !== undefined) setOwnProperty(attributes, key, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** The name in a tag header: the text itself (`<function=NAME>`) or its `name` attribute. */
function headerName(
  header: string,
  equalsStyle: boolean,
): { name: string; attributes: Record<string, string> } {
  if (equalsStyle) {
    let name = header.trim();
    const first = name.charAt(0);
    if (name.length >= 2 && (first === '"' || first === "'") && name.endsWith(first))
      name = name.slice(1, -1);
    return { name, attributes: {} };
  }
  const attributes = parseAttributes(header);
  return { name: (Object.hasOwn(attributes, 'name') ? attributes.name : '') ?? '', attributes };
}

/**
 * Incremental parser of the XML-parameters family; see `XmlParametersConfig`. Call bodies are consumed as
 * they arrive (values into arrays of pieces); only a possible marker prefix is left unconsumed between
 * pushes, so each push costs time proportional to its chunk (offsets and limits in UTF-16 code units).
 * Never throws on model text: whatever cannot be read as a call ends as an `InvalidToolCall` with its raw
 * text (codes `invalid_tool_call`, `incomplete_tool_call`, `invalid_json`, `unknown_tool`).
 */
export class XmlParametersParser extends BaseFormatParser {
  private state: State = 'text';
  /** The open section was not written (a bare call opened it). */
  private implicitSection = false;
  /**
   * Whitespace read in a section, routed once the next thing is known: markup before a tag in a written
   * section, content between bare calls, the call's raw text before loose text.
   */
  private pending: string[] = [];
  private header: string[] = [];
  private headerLength = 0;
  private callName: string | undefined;
  private callProblem: string | undefined;
  /** The code of `callProblem` when it is not `invalid_tool_call`. */
  private callProblemCode: string | undefined;
  /** How many parameters the open call has finished (typed or not). */
  private parameterCount = 0;
  /** The open call's finished parameters, typed, in order. */
  private typed: Array<readonly [string, unknown]> = [];
  /** The open call was announced: each finished parameter is streamed as a JSON fragment. */
  private streaming = false;
  private streamedAny = false;
  /** Keys whose last occurrence was streamed as a member (its typed value as written). */
  private readonly streamedKeys = new Set<string>();
  /** The open value is streamed as raw text; `rawStreamed` code units of its final text were sent. */
  private rawStream = false;
  private rawStreamed = 0;
  /**
   * A first newline may still come (and would be layout); a last newline (`\n`, `\r\n`, or a `\r` that
   * may start one) is held back in `heldTail` until more text comes.
   */
  private leadingPending = false;
  private heldTail = '';
  private loose: string[] = [];
  /**
   * A call body that opens with `{` (a JSON object instead of parameter tags) is scanned as JSON, so a
   * closing tag inside one of its strings is data, not the call's end (issue 15: DSML, MiniMax-M2,
   * Step-3 `{"a": "x</invoke>y"}`). Set while that object is open.
   */
  private looseJson: JsonScanner | undefined;
  /** Takes a piece of the open call's loose JSON body (one function per parser, for `scanJsonBody`). */
  private readonly takeLoose = (cursor: Cursor, end: number): void => {
    this.loose.push(this.take(cursor, end, 'call'));
  };
  private parameterKey: string | undefined;
  private parameterAttributes: Record<string, string> = {};
  private readonly value = new TextBuilder();
  /** The closing tag (and whitespace after it) of a value, until what follows shows it really closes. */
  private closing: string[] = [];
  /** Where the open parameter tag starts in the call's raw text (for a repair's position). */
  private parameterOffset = 0;
  /** Glitches recovered in the open call (see `CallParts.repairs`). */
  private repairs: ToolCallRepair[] = [];
  private issues: ToolCallIssue[] = [];

  private readonly openers: readonly string[];
  /** The markers that end a reasoning block as a call (`callsInReasoning`); see `scanText`. */
  private readonly reasoningOpeners: readonly string[];
  private readonly sectionMarkers: readonly string[];
  private readonly bodyMarkers: readonly string[];
  private readonly valueMarkers: readonly string[];
  /** The first character all `valueMarkers` share, if they do (see `sharedInitial`). */
  private readonly valueInitial: string | undefined;
  private readonly valueFollowers: readonly string[];
  private readonly callEquals: boolean;
  private readonly parameterEquals: boolean;

  constructor(
    private readonly config: XmlParametersConfig,
    options?: FormatOptions,
  ) {
    super(options, config.reasoning);
    const { sectionStart, sectionEnd, callStart, callEnd, parameterStart, parameterEnd } = config;
    const separators = config.separators ?? [];
    this.openers = config.bareCalls ? [...sectionStart, callStart] : sectionStart;
    this.reasoningOpeners = config.callsInReasoning ? sectionStart : [];
    this.sectionMarkers = [callStart, ...sectionEnd, ...separators, ...sectionStart];
    this.bodyMarkers = [parameterStart, callEnd, ...sectionEnd, callStart, ...sectionStart];
    this.valueFollowers = [parameterStart, callEnd, ...sectionEnd, callStart, ...separators];
    this.valueMarkers = [
      parameterEnd,
      ...(config.cdata ? [cdataStart] : []),
      ...(config.implicitParameterEnd ? [parameterStart, callEnd, callStart] : []),
    ];
    this.valueInitial = sharedInitial(this.valueMarkers);
    this.callEquals = callStart.endsWith('=');
    this.parameterEquals = parameterStart.endsWith('=');
  }

  /** See `FormatParser.reset`; also returns whitespace held between structural tags. */
  override reset(): string {
    const held = this.pending.join('');
    return held + super.reset();
  }

  protected override onReset(): void {
    this.state = 'text';
    this.implicitSection = false;
    this.pending = [];
    this.resetCall();
  }

  private resetCall(): void {
    this.header = [];
    this.headerLength = 0;
    this.callName = undefined;
    this.callProblem = undefined;
    this.callProblemCode = undefined;
    this.parameterCount = 0;
    this.typed = [];
    this.streaming = false;
    this.streamedAny = false;
    this.streamedKeys.clear();
    this.rawStream = false;
    this.rawStreamed = 0;
    this.leadingPending = false;
    this.heldTail = '';
    this.loose = [];
    this.looseJson = undefined;
    this.parameterKey = undefined;
    this.parameterAttributes = {};
    this.value.clear();
    this.closing = [];
    this.parameterOffset = 0;
    this.repairs = [];
    this.issues = [];
  }

  protected parse(cursor: Cursor): void {
    for (;;) {
      const progressed = this.step(cursor);
      if (!progressed) return;
    }
  }

  /** Runs the current state once; false when it needs more text (or the text is done). */
  private step(cursor: Cursor): boolean {
    switch (this.state) {
      case 'text':
        return this.stepText(cursor);
      case 'section':
        return this.stepSection(cursor);
      case 'section-garbage':
        return this.stepGarbage(cursor);
      case 'call-header':
        return this.stepHeader(cursor, false);
      case 'parameter-header':
        return this.stepHeader(cursor, true);
      case 'call-body':
        return this.stepBody(cursor);
      case 'value':
        return this.stepValue(cursor);
      case 'value-closed':
        return this.stepValueClosed(cursor);
      case 'cdata':
        return this.stepCdata(cursor);
    }
  }

  /** Content and reasoning up to a section start (or a bare call start). */
  private stepText(cursor: Cursor): boolean {
    const match = this.scanText(cursor, this.openers, this.reasoningOpeners);
    if (!match) return false;
    this.openSection(cursor, match.marker);
    return true;
  }

  /** At a section start (consumed as markup) or a bare call start (left for the section state). */
  private openSection(cursor: Cursor, marker: string): void {
    this.state = 'section';
    if (marker === this.config.callStart) {
      this.implicitSection = true;
      return;
    }
    this.implicitSection = false;
    this.take(cursor, cursor.position + marker.length, 'markup');
  }

  /** Between calls inside a section: whitespace, separators, the next call or the section's end. */
  private stepSection(cursor: Cursor): boolean {
    const text = cursor.text;
    const position = skipWhitespace(text, cursor.position);
    this.hold(cursor, position);
    if (position === text.length) {
      if (cursor.final) {
        this.routePending(this.implicitSection ? 'content' : 'markup');
        this.state = 'text';
      }
      return false;
    }
    const marker = markerAt(text, position, this.sectionMarkers);
    if (marker === this.config.callStart) {
      this.routePending(this.implicitSection ? 'content' : 'markup');
      this.beginCall();
      this.take(cursor, position + marker.length, 'call');
      this.resetCall();
      if (this.implicitSection && this.config.sectionStart.length > 0) {
        // A bare call in a format that wraps its calls: the opener was left out (ollama #16686).
        const opener = this.config.sectionStart[0];
        this.repairs.push({
          kind: 'missing_section_start',
          position: 0,
          message: `the call has no ${opener}`,
        });
      }
      this.state = 'call-header';
      return true;
    }
    if (marker !== undefined) {
      this.routePending('markup');
      this.take(cursor, position + marker.length, 'markup');
      if (this.config.sectionEnd.includes(marker)) {
        this.state = 'text';
      } else if (this.config.sectionStart.includes(marker)) this.implicitSection = false;
      return true;
    }
    if (!cursor.final && isPrefixOfAny(text, position, this.sectionMarkers)) return false;
    if (this.implicitSection) {
      // Text after a bare call: back to ordinary content.
      this.routePending('content');
      this.state = 'text';
      return true;
    }
    // Text inside a written section that is not a call tag: an invalid call (or a JSON call).
    this.beginCall();
    this.routePending('call');
    this.loose = [];
    this.state = 'section-garbage';
    return true;
  }

  private stepGarbage(cursor: Cursor): boolean {
    const markers = [this.config.callStart, ...this.config.sectionEnd, ...this.config.sectionStart];
    const match = findEarliestMarker(cursor.text, cursor.position, markers);
    if (!match) {
      const end = cursor.final
        ? cursor.text.length
        : cursor.text.length - heldBackLength(cursor.text, cursor.position, markers);
      this.loose.push(this.take(cursor, end, 'call'));
      if (!cursor.final) return false;
    } else {
      this.loose.push(this.take(cursor, match.index, 'call'));
    }
    this.endGarbage(match === undefined);
    this.state = match ? 'section' : 'text';
    return match !== undefined;
  }

  /**
   * Ends text found inside a section: a Hermes-style JSON call if it is one, else an invalid call. With
   * `atEnd` (the output ended inside the section) the JSON must be complete, else the call was cut off.
   */
  private endGarbage(atEnd: boolean): void {
    const body = this.loose.join('');
    this.loose = [];
    const raw = this.closeCallRaw();
    const trimmed = body.trim();
    if (atEnd && trimmed.startsWith('{') && scanJsonValueEnd(trimmed, 0) !== trimmed.length) {
      this.invalidCall(raw, 'incomplete_tool_call', 'the tool call is cut off before its end');
      return;
    }
    if (trimmed.startsWith('{')) {
      const parsed = parseLenientJson(trimmed);
      if (
        parsed.ok &&
        typeof parsed.value === 'object' &&
        parsed.value !== null &&
        !Array.isArray(parsed.value)
      ) {
        const record = parsed.value as Record<string, unknown>;
        const name = record.name;
        if (typeof name === 'string' && name !== '') {
          const argumentsValue = Object.hasOwn(record, 'arguments') ? record.arguments : record.parameters;
          this.endCall(withJsonRepairs({ name, argumentsValue }, parsed.repairs, raw.indexOf(trimmed)), raw);
          return;
        }
      }
    }
    this.invalidCall(raw, 'invalid_tool_call', 'text inside a tool-call section is not a call');
  }

  /** A call or parameter tag's header, up to its `>`. */
  private stepHeader(cursor: Cursor, parameter: boolean): boolean {
    const text = cursor.text;
    let position = cursor.position;
    let code = 0;
    while (position < text.length) {
      code = text.charCodeAt(position);
      if (code === 0x3e /* > */ || code === 0x3c /* < */) break;
      position++;
    }
    const piece = this.take(cursor, position, 'call');
    this.header.push(piece);
    this.headerLength += piece.length;
    if (position === text.length) {
      if (this.headerLength > headerLimit) return this.malformedHeader(parameter, '');
      if (cursor.final) {
        this.failOpenCall();
        return false;
      }
      return false;
    }
    const headerText = this.header.join('');
    this.header = [];
    this.headerLength = 0;
    if (parameter && code === 0x3c /* < */ && headerText.length <= headerLimit)
      return this.droppedParameter(headerText);
    if (code === 0x3c /* < */ || headerText.length > headerLimit)
      return this.malformedHeader(parameter, headerText);
    this.take(cursor, position + 1, 'call');
    const { name, attributes } = headerName(headerText, parameter ? this.parameterEquals : this.callEquals);
    if (!parameter) {
      if (name === '') this.callProblem ??= 'the call tag has no name';
      this.callName = name === '' ? undefined : name;
      // The name is known: streaming consumers see the call start now (`tool-input-start`).
      if (this.callName !== undefined && this.callProblem === undefined) {
        this.announceCall(this.callName);
        this.streaming = this.streamsAnnounced;
      }
      this.state = 'call-body';
      return true;
    }
    if (name === '') this.callProblem ??= 'a parameter tag has no name';
    this.parameterKey = name;
    this.parameterAttributes = attributes;
    this.value.clear();
    this.startValueStream(name, attributes);
    this.state = 'value';
    return true;
  }

  /**
   * A parameter tag cut before its `>` (another tag starts first: `<parameter=timeout\n</parameter>`), as
   * Qwen3-Coder writes it now and then (vLLM #39771: the whole call was lost). The rest of the call is
   * still readable, so the call survives without that parameter: its text, up to the value's end, is
   * read as a value with no key (dropped) and the call carries an `unclosed_parameter_tag` repair.
   */
  private droppedParameter(headerText: string): boolean {
    // The key is the header's first word: the model went on with the value on the next line.
    const key = /^\S*/.exec(headerText.trimStart())?.[0] ?? '';
    const message = `the parameter tag${key === '' ? '' : ` "${key}"`} is not closed by ">"; the parameter is dropped`;
    this.repairs.push({ kind: 'unclosed_parameter_tag', position: this.parameterOffset, message });
    this.issues.push({
      code: 'dropped_parameter',
      message,
      ...(key === '' ? {} : { path: `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}` }),
    });
    this.parameterKey = undefined;
    this.parameterAttributes = {};
    this.value.clear();
    this.rawStream = false;
    this.state = 'value';
    return true;
  }

  /**
   * A tag without its `>` (another tag starts first, or it is too long): the call is malformed; its name is
   * kept when it can be read, and the rest of its text is still recorded in its raw.
   */
  private malformedHeader(parameter: boolean, headerText: string): boolean {
    this.header = [];
    this.headerLength = 0;
    if (!parameter && headerText.length <= headerLimit) {
      const { name } = headerName(headerText, this.callEquals);
      if (name !== '') this.callName = name;
    }
    this.callProblem ??= parameter
      ? 'a parameter tag is not closed by ">"'
      : 'the call tag is not closed by ">"';
    this.parameterKey = undefined;
    this.state = 'call-body';
    return true;
  }

  /** Inside a call, between parameters. */
  private stepBody(cursor: Cursor): boolean {
    if (this.looseJson !== undefined) return this.stepLooseJson(cursor);
    const text = cursor.text;
    const position = skipWhitespace(text, cursor.position);
    const spaces = this.take(cursor, position, 'call');
    if (spaces !== '' && this.loose.length > 0) this.loose.push(spaces);
    if (position === text.length) {
      // The output ends without the call's closing tag: cut off, whatever was read, unless the model
      // stopped on its own (finishReason "stop"): then only the closing tag is missing (said as a repair).
      if (cursor.final && this.options.finishReason === 'stop' && this.callName !== undefined) {
        this.completeCall();
        this.state = 'text';
      } else if (cursor.final) this.failOpenCall();
      return false;
    }
    const marker = markerAt(text, position, this.bodyMarkers);
    if (marker === this.config.parameterStart) {
      this.parameterOffset = this.rawLength + (position - cursor.position);
      this.take(cursor, position + marker.length, 'call');
      this.header = [];
      this.headerLength = 0;
      this.state = 'parameter-header';
      return true;
    }
    if (marker === this.config.callEnd) {
      this.take(cursor, position + marker.length, 'call');
      this.completeCall();
      this.state = 'section';
      return true;
    }
    if (marker !== undefined) {
      // A section end or the next call without this call's closing tag.
      this.repairs.push({
        kind: 'missing_end_marker',
        position: this.rawLength,
        message: `the call has no ${this.config.callEnd}`,
      });
      this.completeCall();
      this.state = 'section';
      return true;
    }
    if (!cursor.final && isPrefixOfAny(text, position, this.bodyMarkers)) return false;
    if (this.parameterCount === 0 && this.loose.length === 0 && text.charCodeAt(position) === 0x7b /* { */) {
      this.looseJson = new JsonScanner();
      return this.stepLooseJson(cursor);
    }
    // Text that is no tag: kept in the raw; a JSON object here is the arguments (SGLang DSML).
    const match = findEarliestMarker(text, position, this.bodyMarkers);
    const end = consumableEnd(text, position, this.bodyMarkers, match, cursor.final);
    this.loose.push(this.take(cursor, end, 'call'));
    if (match) return true;
    if (cursor.final) this.failOpenCall();
    return false;
  }

  /** Inside a call body's JSON object (see `looseJson`): up to its end, or a tag outside its strings. */
  private stepLooseJson(cursor: Cursor): boolean {
    const stop = scanJsonBody(cursor, this.looseJson as JsonScanner, this.bodyMarkers, this.takeLoose);
    if (stop === undefined) return false;
    // Complete, or malformed (a tag outside its strings): the body goes on as loose text.
    this.looseJson = undefined;
    if (stop === 'cut-off') {
      this.failOpenCall();
      return false;
    }
    return true;
  }

  /** A parameter value, up to its closing tag (or an implicit end). */
  private stepValue(cursor: Cursor): boolean {
    const text = cursor.text;
    // A piece without the markers' first character (`<`) holds no marker nor a prefix of one.
    const none = noMarkerFrom(text, cursor.position, this.valueInitial);
    const match = none ? undefined : findEarliestMarker(text, cursor.position, this.valueMarkers);
    if (!match) {
      const end =
        cursor.final || none
          ? text.length
          : text.length - heldBackLength(text, cursor.position, this.valueMarkers);
      this.addValue(this.take(cursor, end, 'call'));
      if (cursor.final) this.failOpenCall();
      return false;
    }
    this.addValue(this.take(cursor, match.index, 'call'));
    if (match.marker === this.config.parameterEnd) {
      this.closing = [this.take(cursor, match.index + match.marker.length, 'call')];
      this.state = 'value-closed';
      return true;
    }
    if (match.marker === cdataStart) {
      this.take(cursor, match.index + match.marker.length, 'call');
      this.state = 'cdata';
      return true;
    }
    // Implicit end: the next tag is left for the call body.
    this.endParameter(true);
    this.state = 'call-body';
    return true;
  }

  /** After a value's closing tag: does a tag (or the end) follow, or was the tag part of the value? */
  private stepValueClosed(cursor: Cursor): boolean {
    const text = cursor.text;
    const position = skipWhitespace(text, cursor.position);
    const spaces = this.take(cursor, position, 'call');
    if (spaces !== '') this.closing.push(spaces);
    if (position === text.length && !cursor.final) return false;
    const follows = position === text.length || markerAt(text, position, this.valueFollowers) !== undefined;
    if (!follows && !cursor.final && isPrefixOfAny(text, position, this.valueFollowers)) return false;
    if (follows) {
      this.closing = [];
      this.endParameter();
      this.state = 'call-body';
      return true;
    }
    // Data such as `a </parameter> b`: the closing tag belongs to the value.
    for (const piece of this.closing) this.addValue(piece);
    this.closing = [];
    this.state = 'value';
    return true;
  }

  /** Literal text of a CDATA section inside a value. */
  private stepCdata(cursor: Cursor): boolean {
    const text = cursor.text;
    const index = text.indexOf(cdataEnd, cursor.position);
    if (index < 0) {
      const end = cursor.final
        ? text.length
        : text.length - heldBackLength(text, cursor.position, [cdataEnd]);
      this.addValue(this.take(cursor, end, 'call'));
      if (cursor.final) this.failOpenCall();
      return false;
    }
    this.addValue(this.take(cursor, index, 'call'));
    this.take(cursor, index + cdataEnd.length, 'call');
    this.state = 'value';
    return true;
  }

  /** Stores the finished value; with `implicit` (no closing tag) a newline before the next tag is layout. */
  private endParameter(implicit = false): void {
    let text = this.value.take();
    const key = this.parameterKey;
    if (implicit && key !== undefined) text = this.implicitEnd(key, text);
    if (this.config.trimNewline) text = withoutLeadingNewline(text);
    if (this.config.trimNewline || implicit) text = withoutTrailingNewline(text);
    const name = this.callName;
    if (key !== undefined && key !== '') {
      this.parameterCount++;
      if (this.rawStream) {
        // The value's text was streamed as it came: send the rest and close the string.
        this.streamArguments(`${jsonStringContent(text.slice(this.rawStreamed))}"`);
        this.typed.push([key, text]);
        // A malformed closing tag cut from the value after it streamed: the member is sent again.
        if (this.rawStreamed > text.length) this.streamedKeys.delete(key);
        else this.streamedKeys.add(key);
      } else if (name !== undefined) {
        const value = this.typeValue(name, { key, text, attributes: this.parameterAttributes });
        this.typed.push([key, value]);
        if (this.callProblem === undefined && nestedDeeperThan(value, maxValueDepth)) {
          this.callProblem = `the value of "${key}" is nested deeper than ${maxValueDepth} levels`;
          this.callProblemCode = 'too_deep';
        }
        if (this.streaming && this.callProblem === undefined && value !== null && this.declared(name, key)) {
          // One fragment per finished parameter; a repeated key is written again (JSON's last one wins).
          this.streamArguments(
            `${this.streamedAny ? ',' : '{'}${JSON.stringify(key)}:${argumentJson(value)}`,
          );
          this.streamedAny = true;
          this.streamedKeys.add(key);
        } else {
          // Not streamed (it comes with the call's last delta); an earlier occurrence no longer counts.
          this.streamedKeys.delete(key);
        }
      }
    }
    this.parameterKey = undefined;
    this.parameterAttributes = {};
    this.rawStream = false;
  }

  /**
   * A value that ended without its closing tag (at the next tag): its repair, and its text without a
   * malformed closing tag at its end (`</parameter1>`, `</parameter/>`, `</parameter_function>` or a
   * cut `</parameter`, as Qwen3.6 writes them: sgl-project/sglang #27336), which is no data.
   * The value is the last text of the call's raw text here.
   */
  private implicitEnd(key: string, text: string): string {
    const { parameterEnd } = this.config;
    const stub = parameterEnd.slice(0, -1);
    const at = text.lastIndexOf(stub);
    if (at >= 0 && /^[^<>\s]{0,24}>?\s*$/.test(text.slice(at + stub.length))) {
      this.repairs.push({
        kind: 'malformed_closing_tag',
        position: this.rawLength - (text.length - at),
        message: `the parameter "${key}" is closed by ${text.slice(at).trim()}, not ${parameterEnd}`,
      });
      return text.slice(0, at);
    }
    this.repairs.push({
      kind: 'missing_parameter_close_tag',
      position: this.rawLength,
      message: `the parameter "${key}" has no ${parameterEnd}`,
    });
    return text;
  }

  /**
   * Starts streaming a value character by character when its typed value is certain to be its raw text
   * (no schema, a plain `string` schema, or DSML `string="true"`): `"key":"` now, the text as it arrives.
   */
  private startValueStream(key: string, attributes: Readonly<Record<string, string>>): void {
    this.rawStream = false;
    const name = this.callName;
    if (!this.streaming || this.callProblem !== undefined || name === undefined || key === '') return;
    const flag =
      this.config.stringAttribute && Object.hasOwn(attributes, 'string') ? attributes.string : undefined;
    if (flag === 'false' || (flag !== 'true' && !isTextSchema(this.parameterSchema(name, key)))) return;
    if (!this.declared(name, key)) return;
    this.streamArguments(`${this.streamedAny ? ',' : '{'}${JSON.stringify(key)}:"`);
    this.streamedAny = true;
    this.rawStream = true;
    this.rawStreamed = 0;
    this.leadingPending = this.config.trimNewline;
    this.heldTail = '';
  }

  /**
   * Adds a piece to the open value; while streaming raw text, sends it on, holding back a first `\n`
   * (layout with `trimNewline`) and a last `\n` (layout if the closing tag follows).
   */
  private addValue(piece: string): void {
    if (piece === '') return;
    this.value.append(piece);
    if (!this.rawStream) return;
    let text = this.heldTail + piece;
    this.heldTail = '';
    if (this.leadingPending) {
      if (text === '\r') {
        // Maybe the start of a layout `\r\n`.
        this.heldTail = text;
        return;
      }
      this.leadingPending = false;
      text = withoutLeadingNewline(text);
    }
    let kept =
      text.charCodeAt(text.length - 1) === 0x0d /* \r */ ? text.slice(0, -1) : withoutTrailingNewline(text);
    // A chunk that ends inside a surrogate pair: its high half waits for the low half, so the delta
    // text is the same however the value was chunked (a lone half would be escaped as \udXXX).
    const last = kept.charCodeAt(kept.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) kept = kept.slice(0, -1);
    this.heldTail = text.slice(kept.length);
    text = kept;
    if (text === '') return;
    this.streamArguments(jsonStringContent(text));
    this.rawStreamed += text.length;
  }

  /** Emits the open call from what was read. */
  private completeCall(): void {
    const name = this.callName;
    if (name === undefined || this.callProblem !== undefined) {
      this.failCall(
        this.callProblemCode ?? 'invalid_tool_call',
        this.callProblem ?? 'the call tag has no name',
        name,
      );
    } else {
      const loose = this.loose.join('').trim();
      if (this.parameterCount === 0 && loose.startsWith('{')) {
        const parsed = parseLenientJson(loose);
        if (parsed.ok)
          this.endCall(withJsonRepairs({ name, argumentsValue: parsed.value }, parsed.repairs, -1));
        else this.failCall('invalid_json', `the call body is not valid JSON: ${parsed.error}`, name);
      } else if (this.parameterCount === 0 && loose !== '') {
        this.failCall('invalid_tool_call', 'the call body is neither parameter tags nor a JSON object', name);
      } else {
        // The closing `}` comes from endCall, after the members alignment added (defaults).
        this.endCall({
          name,
          argumentsValue: this.buildArguments(),
          ...(this.streamedAny ? { streamedKeys: this.streamedKeys } : {}),
          ...(this.repairs.length > 0 ? { repairs: this.repairs } : {}),
          ...(this.issues.length > 0 ? { issues: this.issues } : {}),
        });
      }
    }
    this.resetCall();
  }

  /** The text ended inside a tag or a value: the call is cut off. */
  private failOpenCall(): void {
    this.failCall('incomplete_tool_call', 'the tool call is cut off before its end', this.callName);
    this.resetCall();
    this.state = 'text';
  }

  /** The arguments object: typed values by key, a repeated key keeping its first position and last value. */
  private buildArguments(): Record<string, unknown> {
    const value: Record<string, unknown> = {};
    for (const [key, typed] of this.typed) setOwnProperty(value, key, typed);
    return value;
  }

  /**
   * Whether a parameter's member may stream before the call ends: without tools always (nothing aligns
   * the arguments); with tools only when the tool's schema declares it (alignment may drop or rename
   * an undeclared key, and a streamed member cannot be taken back).
   */
  private declared(name: string, key: string): boolean {
    return this.tools === undefined || this.parameterSchema(name, key) !== undefined;
  }

  /** Types one value: DSML `string` attribute first, then the tool's schema, else the raw string. */
  private typeValue(name: string, parameter: RawParameter): unknown {
    if (this.config.stringAttribute && Object.hasOwn(parameter.attributes, 'string')) {
      const flag = parameter.attributes.string;
      if (flag === 'true') return parameter.text;
      if (flag === 'false') {
        try {
          return JSON.parse(parameter.text) as unknown;
        } catch {
          // Not JSON after all: fall through to schema typing.
        }
      }
    }
    return typeParameterText(parameter.text, this.parameterSchema(name, parameter.key));
  }

  /** Consumes up to `end` into this parser's own pending whitespace. */
  private hold(cursor: Cursor, end: number): void {
    if (end <= cursor.position) return;
    this.pending.push(this.take(cursor, end, 'call'));
  }

  /** Routes the held whitespace to `bucket` (`'call'`: into the open call's raw text). */
  private routePending(bucket: Bucket): void {
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    if (bucket === 'call') this.appendRaw(text);
    else this.emitTaken(text, bucket);
  }
}
