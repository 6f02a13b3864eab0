/**
 * `kimi_k3`: Moonshot Kimi K3 "XTML" channels: `<|open|>NAME ATTRS<|sep|>` … `<|close|>NAME<|sep|>`,
 * with the reply in a `response` channel and calls in a `tools` channel.
 *
 * ```text
 * <|open|>response<|sep|>On it.<|close|>response<|sep|><|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|><|open|>argument key="city" type="string"<|sep|>Paris<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|>
 * ```
 *
 * - Parallel calls: several `call` blocks in one `tools` channel.
 * - Arguments: one `argument` block per key; `type="string"` values are the raw text, any other type is
 *   JSON-decoded (Python literals and stray commas tolerated; the raw text is kept when it does not
 *   decode); without a `type` attribute the value is
 *   typed by the tool's JSON Schema when tools are given. Attribute values are unescaped (`&quot;`,
 *   `&amp;`). The `index` attribute is not an id: ids are `call_N`. A key given twice makes the call
 *   invalid (`duplicate_argument`), not last-wins.
 * - Content and reasoning: the `response` channel's text is content; the `think` channel is reasoning
 *   (the template opens it in the prompt, so pass `reasoningStartedInPrompt`); a `response`, `tools` or
 *   `call` tag ends an unclosed `think`. Channel markers are structure (markup) in every mode: with
 *   `reasoning: 'content'` the thinking text goes to content without its markers. `<|close|>message<|sep|>`
 *   (end of turn) is markup.
 * - Tolerated: whitespace inside a tag (`<|open|> tools <|sep|>`, as vLLM allows), missing
 *   `<|close|>argument<|sep|>` / `<|close|>call<|sep|>` / `tools` channel markers when the next tag makes
 *   the end clear. A call cut off at the end of the output, a call without `tool=`, or text other than
 *   arguments inside a call is an InvalidToolCall; an unknown name with tools given is `unknown_tool`.
 *   A `<|open|>` or `<|close|>` with no `<|sep|>` within 512 characters is text.
 * - Deliberately not done: a string value that contains `<|close|>` followed by a tag is cut there (the
 *   format cannot tell them apart, as vLLM notes).
 *
 * Checked against: vLLM `kimi_k3_tool_parser.py` and its tests, llama.cpp `tests/test-chat.cpp`
 * (`models/templates/Kimi-K3.jinja`); see `../shared/docs/formats.md` F10.
 */

import { setOwnProperty } from '../../internal/set-own-property.js';
import { isWhitespace, skipWhitespace } from '../../internal/whitespace.js';
import { type JsonRepair, parseLenientJson } from '../../json/index.js';
import type { ToolCallRepair } from '../../types/tool-call.js';
import type { Cursor } from '../core/base-parser.js';
import { xmlParametersEnvelope } from '../core/envelopes.js';
import { consumableEnd, findEarliestMarker, isMarkerPrefix } from '../core/markers.js';
import { SectionCallsParser } from '../core/section-calls-parser.js';
import { typeRawText } from '../core/type-raw-text.js';
import type { FormatDefinition, FormatOptions } from '../format-definition.js';

const openMarker = '<|open|>';
const closeMarker = '<|close|>';
const sepMarker = '<|sep|>';
const tagMarkers = [openMarker, closeMarker];
/** One object for every parser: the base parser shares its marker searches by tags object. */
const thinkTags = { open: `${openMarker}think${sepMarker}`, close: `${closeMarker}think${sepMarker}` };
/** Channel tags that are structure in text mode (`message` only as `<|close|>message<|sep|>`). */
const knownChannels = new Set(['think', 'response', 'tools', 'call', 'message']);
/** Lenient-JSON repairs that keep every character's meaning; other repairs leave a value raw. */
const losslessRepairs = new Set<string>([
  'trailing_comma',
  'leading_comma',
  'redundant_comma',
  'single_quotes',
  'smart_quotes',
  'python_literal',
]);
/** The longest tag header (name and attributes) searched for its `<|sep|>`. */
const headerLimit = 512;

/** A complete tag: `<|open|>name attributes<|sep|>` or `<|close|>name<|sep|>`; `end` is after `<|sep|>`. */
interface Tag {
  readonly open: boolean;
  readonly name: string;
  readonly attributes: string;
  readonly end: number;
}

interface Argument {
  readonly key: string;
  readonly type: string | undefined;
  readonly raw: string;
}

type State = 'text' | 'tools' | 'call' | 'value';

/** `key="value"` attributes of a tag header (at most `headerLimit` long), unescaped. */
function parseAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(/(\w+)="([^"]*)"/g)) {
    attributes.set(
      match[1] as string,
      (match[2] as string).replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
    );
  }
  return attributes;
}

/**
 * The incremental Kimi K3 parser; see the module comment for the rules. A tag header is held back
 * while incomplete (at most 512 UTF-16 code units), so work per `push` stays proportional to the
 * chunk; never throws on model text.
 */
export class KimiK3Parser extends SectionCallsParser {
  private state: State = 'text';
  private inTools = false;
  private name: string | undefined;
  private problem: string | undefined;
  /** A key the open call gives twice (see `completeCall`). */
  private repeated: string | undefined;
  private arguments: Argument[] = [];
  private argumentKeys = new Set<string>();
  private argumentKey = '';
  private argumentType: string | undefined;
  private valuePieces: string[] = [];
  private layoutPieces: string[] = [];

  constructor(options?: FormatOptions) {
    super(options, thinkTags);
  }

  protected override onReset(): void {
    this.state = 'text';
    this.inTools = false;
    this.clearCall();
  }

  private clearCall(): void {
    this.name = undefined;
    this.problem = undefined;
    this.repeated = undefined;
    this.arguments = [];
    this.argumentKeys = new Set();
    this.argumentKey = '';
    this.argumentType = undefined;
    this.valuePieces = [];
    this.layoutPieces = [];
  }

  protected parse(cursor: Cursor): void {
    const text = cursor.text;
    for (;;) {
      switch (this.state) {
        case 'text': {
          const bucket = this.inReasoning ? 'reasoning' : 'content';
          const match = findEarliestMarker(text, cursor.position, tagMarkers);
          if (!match) {
            this.takeAllBut(cursor, tagMarkers, bucket);
            return;
          }
          this.take(cursor, match.index, bucket);
          const tag = this.readTag(cursor, match.index);
          if (tag === 'wait') return;
          if (tag === 'text' || !KimiK3Parser.isKnownTextTag(tag)) {
            this.take(cursor, match.index + match.marker.length, bucket);
          } else {
            this.textTag(cursor, tag);
          }
          break;
        }
        case 'tools': {
          // The channel's open tag, and an invalid call with the layout after it, are held until what
          // follows shows whether the call is all the channel holds (see `SectionCallsParser`).
          const position = skipWhitespace(text, cursor.position);
          if (this.holdsInvalid) {
            const layout = this.take(cursor, position, 'call');
            if (layout !== '') this.sectionLayout.push(layout);
          } else this.takeLayout(cursor, position);
          if (position === text.length) {
            // The output ended after a held invalid call, or right after the channel's open tag: a call
            // begun and not written.
            if (cursor.final) {
              this.releaseHeld('');
              this.cutAfterStart('the output ends right after the start of the tools channel');
            }
            return;
          }
          if (!text.startsWith(openMarker, position) && !text.startsWith(closeMarker, position)) {
            if (!cursor.final && tagMarkers.some((marker) => isMarkerPrefix(text, position, marker))) return;
            this.leaveTools();
            break;
          }
          const tag = this.readTag(cursor, position);
          if (tag === 'wait') return;
          if (tag !== 'text' && tag.open && tag.name === 'call') {
            // The channel's first call: its open tag is markup before a valid call, raw text of an
            // invalid one.
            if (this.heldStartText === '') this.releaseHeld(undefined);
            else this.wrapCall(this.heldStartText);
            this.heldStartText = '';
            this.startCall(cursor, tag);
          } else if (tag !== 'text' && !tag.open && tag.name === 'tools' && tag.attributes === '') {
            if (this.holdsInvalid) {
              // The channel held only the invalid call: its close tag joins the call's raw text.
              this.releaseInvalid(this.sectionLayout.join('') + this.take(cursor, tag.end, 'call'));
              this.sectionLayout = [];
            } else {
              this.releaseStart();
              this.take(cursor, tag.end, 'markup');
            }
            this.inTools = false;
            this.state = 'text';
          } else {
            this.leaveTools();
          }
          break;
        }
        case 'call': {
          const match = this.collect(cursor, this.layoutPieces);
          if (!match) return;
          const tag = this.readTag(cursor, match.index);
          if (tag === 'wait') return;
          if (tag === 'text') {
            this.layoutPieces.push(this.take(cursor, match.index + match.marker.length, 'call'));
            break;
          }
          if (!this.layoutIsBlank()) this.problem ??= 'the tool call holds text that is not an argument';
          this.callTag(cursor, tag);
          break;
        }
        case 'value': {
          const match = this.collect(cursor, this.valuePieces, [closeMarker]);
          if (!match) return;
          const tag = this.readTag(cursor, match.index);
          if (tag === 'wait') return;
          if (tag === 'text') {
            this.valuePieces.push(this.take(cursor, match.index + match.marker.length, 'call'));
            break;
          }
          if (this.argumentKeys.has(this.argumentKey)) this.repeated ??= this.argumentKey;
          this.argumentKeys.add(this.argumentKey);
          this.arguments.push({
            key: this.argumentKey,
            type: this.argumentType,
            raw: this.valuePieces.join(''),
          });
          this.valuePieces = [];
          this.state = 'call';
          // `<|close|>argument<|sep|>` ends the value; any other closing tag ends it too and is then
          // handled by the call.
          if (tag.name === 'argument') this.take(cursor, tag.end, 'call');
          break;
        }
      }
    }
  }

  /**
   * Reads the tag that starts at `index` (an `<|open|>` or `<|close|>`): the tag, `'text'` when no
   * `<|sep|>` follows within `headerLimit` characters (or the header holds another opener), or
   * `'wait'` when more text is needed to tell.
   */
  private readTag(cursor: Cursor, index: number): Tag | 'text' | 'wait' {
    const text = cursor.text;
    const open = text.startsWith(openMarker, index);
    const start = index + (open ? openMarker.length : closeMarker.length);
    const window = text.slice(start, start + headerLimit + sepMarker.length);
    const sep = window.indexOf(sepMarker);
    if (sep < 0) return !cursor.final && window.length < headerLimit + sepMarker.length ? 'wait' : 'text';
    const header = window.slice(0, sep);
    if (header.includes(openMarker) || header.includes(closeMarker)) return 'text';
    const trimmed = header.trim();
    let split = 0;
    while (split < trimmed.length && !isWhitespace(trimmed.charCodeAt(split))) split++;
    return {
      open,
      name: trimmed.slice(0, split),
      attributes: trimmed.slice(split),
      end: start + sep + sepMarker.length,
    };
  }

  /** Something other than a call or the channel's close tag follows: what the channel held is markup. */
  private leaveTools(): void {
    this.releaseStart();
    this.releaseHeld(undefined);
    this.state = 'text';
  }

  /** Acts on a tag met in text mode (cursor at the tag). */
  private textTag(cursor: Cursor, tag: Tag): void {
    if (tag.open && tag.name === 'call') {
      this.inReasoning = false;
      this.startCall(cursor, tag);
      return;
    }
    // A `tools` open tag is held (`holdStart`): markup once a call or other text follows it.
    if (tag.open && tag.name === 'tools') this.holdStart(cursor, tag.end);
    else this.take(cursor, tag.end, 'markup');
    if (tag.name === 'think') {
      this.inReasoning = tag.open && this.reasoningTags !== undefined;
    } else if (tag.name === 'tools') {
      this.inReasoning = false;
      this.inTools = tag.open;
      if (tag.open) this.state = 'tools';
    } else if (tag.name === 'response' || tag.name === 'message') {
      this.inReasoning = false;
    }
  }

  /**
   * Whether a tag met in text mode is structure; an unknown tag is text, and so is a channel tag with
   * words after its name (only a call's open tag has attributes), which would be dropped as structure
   * (issue 15: `<|close|>message LOST TEXT<|sep|>`).
   */
  private static isKnownTextTag(tag: Tag): boolean {
    if (!knownChannels.has(tag.name)) return false;
    if (tag.open && tag.name === 'call') return true;
    return tag.attributes === '' && (tag.open ? tag.name !== 'message' : true);
  }

  /** Begins a call at its `<|open|>call …<|sep|>` tag. */
  private startCall(cursor: Cursor, tag: Tag): void {
    this.beginCall();
    this.take(cursor, tag.end, 'call');
    this.clearCall();
    const name = parseAttributes(tag.attributes).get('tool')?.trim();
    if (name === undefined || name === '') this.problem = 'the call has no tool="NAME" attribute';
    else {
      this.name = name;
      this.announceCall(name);
    }
    this.state = 'call';
  }

  /** Acts on a tag met inside a call, between its arguments (cursor at the tag). */
  private callTag(cursor: Cursor, tag: Tag): void {
    if (tag.open && tag.name === 'argument') {
      this.take(cursor, tag.end, 'call');
      const attributes = parseAttributes(tag.attributes);
      const key = attributes.get('key');
      if (key === undefined) this.problem ??= 'an argument has no key="NAME" attribute';
      this.argumentKey = key ?? '';
      this.argumentType = attributes.get('type')?.trim();
      this.valuePieces = [];
      this.state = 'value';
      return;
    }
    if (!tag.open && tag.name === 'call') {
      this.take(cursor, tag.end, 'call');
      this.completeCall();
      return;
    }
    // Any other tag: the call ended without `<|close|>call<|sep|>`; the tag is handled outside it.
    this.completeCall();
  }

  /**
   * Collects text into `pieces` up to the earliest of `markers` and returns the match (cursor at it);
   * without a match all but a possible marker prefix is collected, and at the end of the output the
   * open call is reported cut off.
   */
  private collect(cursor: Cursor, pieces: string[], markers: readonly string[] = tagMarkers) {
    const text = cursor.text;
    const match = findEarliestMarker(text, cursor.position, markers);
    const end = consumableEnd(text, cursor.position, markers, match, cursor.final);
    const piece = this.take(cursor, end, 'call');
    if (piece !== '') pieces.push(piece);
    if (!match && cursor.final) {
      this.failCall('incomplete_tool_call', 'the tool call is cut off before its end', this.name);
      this.clearCall();
      this.state = this.inTools ? 'tools' : 'text';
    }
    return match;
  }

  private layoutIsBlank(): boolean {
    const layout = this.layoutPieces.join('');
    this.layoutPieces = [];
    for (let index = 0; index < layout.length; index++) {
      if (!isWhitespace(layout.charCodeAt(index))) return false;
    }
    return true;
  }

  /** Emits the open call (valid or invalid) and returns to the tools channel or text. */
  private completeCall(): void {
    const name = this.name;
    const problem = this.problem;
    const repeated = this.repeated;
    const decoded =
      name === undefined ? { value: {}, repairs: [] } : this.decodeArguments(name, this.arguments);
    this.clearCall();
    this.state = this.inTools ? 'tools' : 'text';
    if (problem !== undefined || name === undefined) {
      this.failCall('invalid_tool_call', problem ?? 'the call has no tool="NAME" attribute', name);
      return;
    }
    if (repeated !== undefined) {
      // Which value was meant is unknown (a value may quote an argument): the last does not win.
      this.failCall('duplicate_argument', `the argument "${repeated}" is given twice`, name);
      return;
    }
    const raw = this.closeCallRaw();
    this.endCall(
      { name, argumentsValue: decoded.value, ...argumentRepairs(decoded.repairs, raw) },
      raw,
      true,
    );
  }

  /**
   * Types each argument by its `type=` attribute, or by the tool's schema when it has none. `repairs`:
   * the lenient JSON parser's repairs of each value it decoded (issue 14), with the value's raw text.
   */
  private decodeArguments(
    name: string,
    list: readonly Argument[],
  ): { value: Record<string, unknown>; repairs: ArgumentRepairs[] } {
    const result: Record<string, unknown> = {};
    const repairs: ArgumentRepairs[] = [];
    for (const { key, type, raw } of list) {
      let value: unknown = raw;
      if (type === undefined) value = typeRawText(raw, this.parameterSchema(name, key), this.options.align);
      else if (type !== 'string') {
        // JSON, with only repairs that lose nothing (Python literals, stray commas, other quotes);
        // anything else keeps the raw text, as vLLM does for malformed JSON.
        const parsed = parseLenientJson(raw.trim());
        if (parsed.ok && parsed.repairs.every((repair) => losslessRepairs.has(repair.kind))) {
          value = parsed.value;
          if (parsed.repairs.length > 0) repairs.push({ raw, repairs: parsed.repairs });
        }
      }
      setOwnProperty(result, key, value);
    }
    return { value: result, repairs };
  }
}

/** The JSON repairs of one argument value, with the value's raw text as written. */
interface ArgumentRepairs {
  readonly raw: string;
  readonly repairs: readonly JsonRepair[];
}

/**
 * `{ repairs }` for `CallParts`: each value's repairs moved to offsets into the call's `raw`, found by
 * searching the values in order (they are in `raw` in that order, after their tags); without a
 * position when a value is not found there. Empty when nothing was repaired.
 */
function argumentRepairs(list: readonly ArgumentRepairs[], raw: string): { repairs?: ToolCallRepair[] } {
  if (list.length === 0) return {};
  const repairs: ToolCallRepair[] = [];
  let from = 0;
  for (const value of list) {
    const at = raw.indexOf(value.raw, from);
    const offset = at < 0 ? -1 : at + (value.raw.length - value.raw.trimStart().length);
    if (at >= 0) from = at + value.raw.length;
    for (const { kind, position } of value.repairs)
      repairs.push(offset >= 0 ? { kind, position: offset + position } : { kind });
  }
  return { repairs };
}

/** The `kimi_k3` format; `create()` returns a {@link KimiK3Parser}. */
export const kimiK3: FormatDefinition = {
  id: 'kimi_k3',
  aliases: [],
  description: 'Kimi K3 XTML channels: <|open|>call tool="NAME"<|sep|> with typed argument blocks',
  models: ['kimi-k3'],
  markers: [
    ...['think', 'response', 'tools', 'call', 'argument'].flatMap((name) => [
      `${openMarker}${name}${sepMarker}`,
      `${closeMarker}${name}${sepMarker}`,
    ]),
    `${closeMarker}message${sepMarker}`,
    openMarker,
    closeMarker,
    sepMarker,
  ],
  example:
    '<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|><|open|>argument key="city" type="string"<|sep|>Paris<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>',
  envelope: xmlParametersEnvelope({
    section: { open: '<|open|>tools<|sep|>', close: '<|close|>tools<|sep|>' },
    call: { open: '<|open|>call tool="{name}" index="{index}"<|sep|>', close: '<|close|>call<|sep|>' },
    parameter: {
      open: '<|open|>argument key="{key}" type="{type}"<|sep|>',
      close: '<|close|>argument<|sep|>',
      types: { string: 'string', other: 'json-type' },
    },
    indexBase: 1,
  }),
  create: (options) => new KimiK3Parser(options),
};
