// The family's state machine over its tag grammar: calls and parameters here, text mode and sections
// in `xml-parameters/xml-sections.ts`; its pieces with one job each are in `xml-parameters/`.
import { TextBuilder } from '../../internal/text-builder.js';
import { skipWhitespace } from '../../internal/whitespace.js';
import { JsonScanner } from '../../json/json-scanner.js';
import type { Cursor } from '../core/base-parser.js';
import { closerComesFirst } from '../core/closer-first.js';
import { consumableEnd, findEarliestMarker, heldBackLength, noMarkerFrom } from '../core/markers.js';
import { scanJsonBody } from '../core/scan-json-body.js';
import { longestMarkerAt, startsLongerMarker } from '../core/starting-marker.js';
import type { FormatOptions } from '../format-definition.js';
import { headerLimit, headerName } from './xml-parameters/header-name.js';
import { withoutLeadingNewline, withoutTrailingNewline } from './xml-parameters/layout-newline.js';
import { ParameterStream } from './xml-parameters/parameter-stream.js';
import { typeParameterValue, typesAsText } from './xml-parameters/parameter-value.js';
import {
  droppedParameter,
  implicitParameterEnd,
  missingMarker,
  selfClosingCallTag,
  selfClosingSlash,
} from './xml-parameters/tag-repairs.js';
import { ValueText } from './xml-parameters/value-text.js';
import type { XmlParametersConfig } from './xml-parameters/xml-parameters-config.js';
import { cdataStart } from './xml-parameters/xml-parameters-plan.js';
import { XmlSectionsParser } from './xml-parameters/xml-sections.js';

const cdataEnd = ']]>';
/** How far past a call start in a value its closing tag is looked for (UTF-16 code units). */
const maxCallStartLookahead = 4096;

/**
 * Family core for formats that write one tag per call and one tag per parameter, the value being raw
 * text between the parameter's tags (`<function=NAME><parameter=KEY>VALUE</parameter></function>`,
 * `<invoke name="NAME"><parameter name="KEY">VALUE</parameter></invoke>`); each format is an
 * `XmlParametersConfig`.
 *
 * Rules shared by every member:
 * - Only the exact closing tag ends a value, and only when what follows it (after whitespace) is another
 *   parameter tag, the call's end, a section end, a call start or the end of the output; otherwise the
 *   closing tag is part of the value (values may hold XML, HTML or the tag itself).
 * - A value is typed by the tool's JSON Schema when tools are given (`typeParameterText`), else it stays a
 *   string. A call body that holds a JSON object instead of parameter tags is decoded (SGLang DSML), and a
 *   section holding a Hermes-style JSON object `{"name", "arguments"}` is accepted too.
 * - A value without its closing tag (`implicitParameterEnd`) is read so only while the rest of the call
 *   bears that reading out: after a value ended at a parameter tag, a closing tag that closes nothing
 *   (`cat <<EOF … <parameter=city> Paris </parameter> end EOF </parameter>`) or a key the tool does not
 *   declare makes the call invalid (code `ambiguous_parameter_end`), as does a value that holds its
 *   closing tag as data and ends without its own: the tag may be text of the value, and the call must
 *   not come back with arguments the model did not write. A key given twice makes the call invalid
 *   (code `duplicate_argument`), never a last-wins value.
 * - Several calls per section; a call start inside an open call ends that call first (calls never merge).
 * - Whitespace between structural tags is markup; other text inside a section, or beside a call's
 *   parameters (a parameter in another tag syntax), makes an invalid call.
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
 *   text of the final arguments (a key given twice makes the call invalid).
 * - A call's raw text is its own (from its call tag), but an invalid call that is all its written section
 *   holds (the section's end, or the output's end, follows it) has the whole section as its raw text,
 *   markers included: text given back for it is then exactly what the model wrote (`SectionCallsParser`).
 * - Text outside sections, whitespace included, is content as written: two call blocks separated by
 *   `\n` add `\n` to content, as in every other format (`FormatOptions.content: 'nonblank'` or `'trim'`
 *   drop such whitespace, as vLLM's Qwen3 parsers do). Whitespace inside a written section, between its
 *   markers and calls, is layout (markup).
 *
 * Incremental: call bodies are consumed as they arrive (values into arrays of pieces); only a possible
 * marker prefix is left unconsumed between pushes, so each push costs time proportional to its chunk
 * (offsets and limits in UTF-16 code units).
 * Never throws on model text: whatever cannot be read as a call ends as an `InvalidToolCall` with its raw
 * text (codes `invalid_tool_call`, `incomplete_tool_call`, `invalid_json`, `unknown_tool`).
 */
export class XmlParametersParser extends XmlSectionsParser {
  /** The open tag's header so far (its text up to `>`). */
  private readonly header = new TextBuilder();
  /** Streams the open call's finished (and raw-text) parameters once it was announced. */
  private readonly stream: ParameterStream;
  /**
   * A call body that opens with `{` (a JSON object instead of parameter tags) is scanned as JSON, so a
   * closing tag inside one of its strings is data, not the call's end (issue 15: DSML, MiniMax-M2,
   * Step-3 `{"a": "x</invoke>y"}`). Set while that object is open.
   */
  private looseJson: JsonScanner | undefined;
  /** Takes a piece of the open call's loose JSON body (one function per parser, for `scanJsonBody`). */
  private readonly takeLoose = (cursor: Cursor, end: number): void => {
    this.call.loose.push(this.take(cursor, end, 'call'));
  };
  private parameterKey: string | undefined;
  private parameterAttributes: Record<string, string> = {};
  /** The open parameter value's text (see `ValueText`). */
  private readonly value = new ValueText();
  /** Reads `[start, end)` of the open call's raw text (for `value`). */
  private readonly readRaw = (start: number, end: number): string => this.rawSlice(start, end);
  /** The closing tag (and whitespace after it) of a value, until what follows shows it really closes. */
  private closing: string[] = [];
  /** How far past a call start or end in a value `closerComesFirst` found no tag yet (see `stepValue`). */
  private callStartLooked = 0;
  /** Where the open parameter tag starts in the call's raw text (for a repair's position). */
  private parameterOffset = 0;
  /**
   * The key of the open call's first value that ended without its closing tag at a parameter tag
   * (see `checkKey`, `stepValueClosed`): from there on the call's structure must hold.
   */
  private implicitEnd: string | undefined;
  /** The open value holds its closing tag as data (`stepValueClosed`): it must end at its own. */
  private closerInValue = false;

  constructor(config: XmlParametersConfig, options?: FormatOptions) {
    super(config, options);
    this.stream = new ParameterStream((delta) => this.streamArguments(delta), config.trimNewline);
  }

  protected override onReset(): void {
    this.resetSections();
    this.resetCall();
  }

  /** In a value a chunk without a marker's first character is value text (see `stepValue`). */
  protected override takeInLane(chunk: string): boolean {
    if (this.state !== 'value' || !noMarkerFrom(chunk, 0, this.plan.valueInitial)) return false;
    this.appendRaw(chunk);
    this.addValue(chunk);
    return true;
  }

  protected resetCall(): void {
    this.header.clear();
    this.call.reset();
    this.stream.reset();
    this.looseJson = undefined;
    this.parameterKey = undefined;
    this.parameterAttributes = {};
    this.value.clear();
    this.closing = [];
    this.parameterOffset = 0;
    this.callStartLooked = 0;
    this.implicitEnd = undefined;
    this.closerInValue = false;
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
    this.header.append(piece);
    if (position === text.length) {
      if (this.header.length > headerLimit) return this.malformedHeader(parameter, '');
      if (cursor.final) this.failOpenCall();
      return false;
    }
    const headerText = this.header.take();
    if (parameter && code === 0x3c /* < */ && headerText.length <= headerLimit)
      return this.droppedParameter(headerText);
    if (code === 0x3c /* < */ || headerText.length > headerLimit)
      return this.malformedHeader(parameter, headerText);
    this.take(cursor, position + 1, 'call');
    // `<function=NAME/>`, `<invoke name="NAME"/>`: a call tag closed on itself, a call without arguments.
    const slash = parameter ? -1 : selfClosingSlash(headerText);
    const { name, attributes } = headerName(
      slash < 0 ? headerText : headerText.slice(0, slash),
      parameter ? this.plan.parameterEquals : this.plan.callEquals,
    );
    const call = this.call;
    if (!parameter) {
      if (name === '') call.problem ??= 'the call tag has no name';
      call.name = name === '' ? undefined : name;
      if (slash >= 0) {
        call.repairs.push(selfClosingCallTag(this.rawLength - 1 - (headerText.length - slash)));
        this.completeCall();
        this.state = 'section';
        return true;
      }
      // The name is known: streaming consumers see the call start now (`tool-input-start`).
      if (call.name !== undefined && call.problem === undefined) {
        this.announceCall(call.name);
        this.stream.on = this.streamsAnnounced;
      }
      this.state = 'call-body';
      return true;
    }
    if (name === '') call.problem ??= 'a parameter tag has no name';
    else this.checkKey(name);
    this.parameterKey = name;
    this.parameterAttributes = attributes;
    this.value.clear();
    this.startValueStream(name, attributes);
    this.state = 'value';
    return true;
  }

  /**
   * A parameter tag cut before its `>` (see `droppedParameter`): its text, up to the value's end, is
   * read as a value with no key (dropped), and the call goes on.
   */
  private droppedParameter(headerText: string): boolean {
    const { repair, issue } = droppedParameter(headerText, this.parameterOffset);
    this.call.repairs.push(repair);
    this.call.issues.push(issue);
    this.parameterKey = undefined;
    this.parameterAttributes = {};
    this.value.clear();
    this.stream.endRaw();
    this.state = 'value';
    return true;
  }

  /**
   * A tag without its `>` (another tag starts first, or it is too long): the call is malformed; its name is
   * kept when it can be read, and the rest of its text is still recorded in its raw.
   */
  private malformedHeader(parameter: boolean, headerText: string): boolean {
    this.header.clear();
    if (!parameter && headerText.length <= headerLimit) {
      const { name } = headerName(headerText, this.plan.callEquals);
      if (name !== '') this.call.name = name;
    }
    this.call.problem ??= parameter
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
    if (spaces !== '' && this.call.loose.length > 0) this.call.loose.push(spaces);
    if (position === text.length) {
      // The output ends without the call's closing tag: cut off, whatever was read, unless the model
      // stopped on its own (finishReason "stop"): then only the closing tag is missing (said as a repair).
      if (cursor.final && this.options.finishReason === 'stop' && this.call.name !== undefined) {
        this.completeCall();
        this.state = 'text';
      } else if (cursor.final) this.failOpenCall();
      return false;
    }
    const marker = longestMarkerAt(text, position, this.plan.bodyMarkers);
    if (marker === this.config.parameterStart) {
      this.parameterOffset = this.rawLength + (position - cursor.position);
      this.take(cursor, position + marker.length, 'call');
      this.header.clear();
      this.state = 'parameter-header';
      return true;
    }
    if (marker === this.config.callEnd) {
      this.take(cursor, position + marker.length, 'call');
      this.completeCall(true);
      this.state = 'section';
      return true;
    }
    if (marker !== undefined) {
      // A section end or the next call without this call's closing tag.
      this.call.repairs.push(missingMarker('missing_end_marker', this.config.callEnd, this.rawLength));
      this.completeCall();
      this.state = 'section';
      return true;
    }
    if (!cursor.final && startsLongerMarker(text, position, undefined, this.plan.bodyMarkers)) return false;
    if (
      this.call.parameterCount === 0 &&
      this.call.loose.length === 0 &&
      text.charCodeAt(position) === 0x7b /* { */
    ) {
      this.looseJson = new JsonScanner();
      return this.stepLooseJson(cursor);
    }
    // Text that is no tag: kept in the raw; a JSON object here is the arguments (SGLang DSML).
    const match = findEarliestMarker(text, position, this.plan.bodyMarkers);
    const end = consumableEnd(text, position, this.plan.bodyMarkers, match, cursor.final);
    this.call.loose.push(this.take(cursor, end, 'call'));
    if (match) return true;
    if (cursor.final) this.failOpenCall();
    return false;
  }

  /** Inside a call body's JSON object (see `looseJson`): up to its end, or a tag outside its strings. */
  private stepLooseJson(cursor: Cursor): boolean {
    const stop = scanJsonBody(cursor, this.looseJson as JsonScanner, this.plan.bodyMarkers, this.takeLoose);
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
    const none = noMarkerFrom(text, cursor.position, this.plan.valueInitial);
    const match = none ? undefined : findEarliestMarker(text, cursor.position, this.plan.valueMarkers);
    if (!match) {
      const end =
        cursor.final || none
          ? text.length
          : text.length - heldBackLength(text, cursor.position, this.plan.valueMarkers);
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
    if (match.marker === this.config.callStart || match.marker === this.config.callEnd) {
      // A call start in a value: a new call begun without closing this one, or text that looks like
      // one (`Use <function=NAME> to call.`); a call end: this call ended without its value's closing
      // tag, or text (`Close each call with </function>.`). The reading that needs no repair wins: the
      // value's own closing tag before any other tag makes it text.
      const from = match.index + match.marker.length;
      const searchFrom = from + this.callStartLooked;
      const isText = closerComesFirst(
        text,
        from,
        searchFrom,
        match.marker === this.config.callStart ? this.plan.callStartStops : this.plan.callEndStops,
        maxCallStartLookahead,
        cursor.final,
      );
      if (typeof isText === 'number') {
        // Left unconsumed until more text shows which it is; the part searched is not searched again.
        this.callStartLooked = isText;
        return false;
      }
      this.callStartLooked = 0;
      if (isText) {
        this.addValue(this.take(cursor, from, 'call'));
        return true;
      }
    }
    // Implicit end: the next tag is left for the call body. A value that held a closing tag as data
    // (`1 </parameter> stray </function>`) ends at neither reading without a guess: the model's value
    // was cut at that tag with stray text after it, or holds it and lost its own.
    if (this.closerInValue) {
      const key = this.parameterKey ?? '';
      this.call.reject(
        'ambiguous_parameter_end',
        `the value of "${key}" holds a ${this.config.parameterEnd} that closes nothing and has no ${this.config.parameterEnd} of its own`,
      );
    }
    const key = this.parameterKey;
    this.endParameter(true);
    // A value cut at a parameter tag: from here the call's structure must hold. Not after a malformed
    // closer (`</parameter1>`, SGLang #27336): that shows the value ended there.
    const missing = this.call.repairs.at(-1)?.kind === 'missing_parameter_close_tag';
    if (match.marker === this.config.parameterStart && key !== undefined && missing) this.implicitEnd ??= key;
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
    const follows =
      position === text.length || longestMarkerAt(text, position, this.plan.valueFollowers) !== undefined;
    if (!follows && !cursor.final && startsLongerMarker(text, position, undefined, this.plan.valueFollowers))
      return false;
    if (follows) {
      this.closing = [];
      this.endParameter();
      this.state = 'call-body';
      return true;
    }
    // Data such as `a </parameter> b`: the closing tag belongs to the value. Its pieces are the raw
    // text's last ones. After an implicit end that closer closes nothing the structure explains: the
    // parameter tag that ended the earlier value may have been its text (`cat <<EOF … <parameter=city>
    // Paris </parameter> … EOF </parameter>`), and the two readings give different arguments.
    if (this.implicitEnd !== undefined) {
      this.call.reject(
        'ambiguous_parameter_end',
        `a ${this.config.parameterEnd} in the value of "${this.parameterKey ?? ''}" closes nothing; ${this.ambiguity()}`,
      );
    }
    let rawStart = this.rawLength;
    for (const piece of this.closing) rawStart -= piece.length;
    for (const piece of this.closing) {
      this.addValue(piece, rawStart);
      rawStart += piece.length;
    }
    this.closing = [];
    this.closerInValue = true;
    this.state = 'value';
    return true;
  }

  /**
   * A parameter's key against the call so far. A key given twice makes the call invalid: which value
   * the model meant is unknown (a value may quote a parameter tag: `<parameter=path>` in a file's
   * content), and keeping the last would let quoted text override an argument. After an implicit end
   * (see `implicitEnd`), a key the tool does not declare does too: alignment would drop it and hand
   * on the cut value as a clean call.
   */
  private checkKey(key: string): void {
    const call = this.call;
    if (call.hasKey(key)) {
      const why = this.implicitEnd === undefined ? '' : `; ${this.ambiguity()}`;
      call.reject('duplicate_argument', `the parameter "${key}" is given twice${why}`);
      return;
    }
    const name = call.name;
    const tools = this.tools;
    if (this.implicitEnd === undefined || name === undefined || tools === undefined) return;
    const schema = tools.parameters(name);
    if (typeof schema !== 'object' || schema === null || typeof schema.properties !== 'object') return;
    if (this.parameterSchema(name, key) !== undefined) return;
    call.reject('ambiguous_parameter_end', `"${name}" has no parameter "${key}"; ${this.ambiguity()}`);
  }

  /** Why a call with an implicit end whose structure does not hold is ambiguous. */
  private ambiguity(): string {
    const { parameterStart, parameterEnd } = this.config;
    return `the value of "${this.implicitEnd}" has no ${parameterEnd}, and the ${parameterStart.trimEnd()} tag that ended it may be text of that value`;
  }

  /** Literal text of a CDATA section inside a value. */
  private stepCdata(cursor: Cursor): boolean {
    const text = cursor.text;
    const index = text.indexOf(cdataEnd, cursor.position);
    if (index < 0) {
      const end = consumableEnd(text, cursor.position, [cdataEnd], undefined, cursor.final);
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
    let text = this.value.take(this.readRaw);
    const key = this.parameterKey;
    const { call, stream } = this;
    if (implicit && key !== undefined) {
      const end = implicitParameterEnd(key, text, this.config.parameterEnd, this.rawLength);
      call.repairs.push(end.repair);
      text = end.text;
    }
    if (this.config.trimNewline) text = withoutLeadingNewline(text);
    if (this.config.trimNewline || implicit) text = withoutTrailingNewline(text);
    const name = call.name;
    if (key !== undefined && key !== '') {
      call.parameterCount++;
      if (stream.rawOpen) {
        // The value's text was streamed as it came: send the rest and close the string.
        stream.closeRaw(key, text);
        call.addValue(key, text, false);
      } else if (name !== undefined) {
        const { value, flags } = typeParameterValue(
          text,
          this.parameterAttributes,
          this.parameterSchema(name, key),
          this.config.stringAttribute === true,
          this.options.align,
        );
        call.addValue(key, value, true, flags);
        if (value !== null && this.mayStream(name, key)) stream.member(key, value);
        else stream.skip(key);
      }
    }
    this.parameterKey = undefined;
    this.parameterAttributes = {};
    this.closerInValue = false;
    stream.endRaw();
  }

  /**
   * Starts streaming a value character by character when its typed value is certain to be its raw text
   * (see `typesAsText`): `"key":"` now, the text as it arrives.
   */
  private startValueStream(key: string, attributes: Readonly<Record<string, string>>): void {
    this.stream.endRaw();
    const name = this.call.name;
    if (name === undefined || key === '' || !this.mayStream(name, key)) return;
    const schema = this.parameterSchema(name, key);
    if (typesAsText(attributes, schema, this.config.stringAttribute === true)) this.stream.openRaw(key);
  }

  /**
   * Adds a piece to the open value (and streams it on when the value streams as raw text); `rawStart`:
   * where it is in the call's raw text (default: the raw text's last piece, just taken).
   */
  private addValue(piece: string, rawStart = this.rawLength - piece.length): void {
    if (piece === '') return;
    this.value.append(piece, rawStart, this.rawLength, this.readRaw);
    if (this.stream.rawOpen) this.stream.pushRaw(piece);
  }

  /** Emits the open call from what was read. */
  private completeCall(atMarker = false): void {
    const name = this.call.name;
    const done = this.call.finish(this.stream.streamedAny ? this.stream.streamedKeys : undefined);
    if ('parts' in done) {
      if (atMarker) this.endCallAtMarker(done.parts);
      else this.endCall(done.parts);
    } else this.failCall(done.code, done.message, name);
    this.resetCall();
  }

  /** The text ended inside a tag or a value: the call is cut off. */
  private failOpenCall(): void {
    this.failCall('incomplete_tool_call', 'the tool call is cut off before its end', this.call.name);
    this.resetCall();
    this.state = 'text';
  }

  /**
   * Whether member `key` of the open call `name` may stream before the call ends: the call was
   * announced and is still valid, and either no tools were given (nothing aligns the arguments) or the
   * tool's schema declares the key (alignment may drop or rename an undeclared key, and a streamed
   * member cannot be taken back).
   */
  private mayStream(name: string, key: string): boolean {
    if (!this.stream.on || this.call.problem !== undefined) return false;
    return this.tools === undefined || this.parameterSchema(name, key) !== undefined;
  }
}
