/**
 * `muse`: Muse Glimmer messages. Like Harmony, each message is a header naming its recipient and a
 * body: `<|start|>assistant to=RECIPIENT<|message|>BODY`, ended by `<|eom|>` (end of message),
 * `<|eot|>` (end of turn) or `<|end_of_text|>`. The generation prompt ends with `<|start|>assistant`,
 * so the output starts inside the first header (` to=self<|message|>…`).
 *
 * ```text
 *  to=self<|message|>Need the weather.<|eom|><|start|>assistant to=get_weather<|message|><atem:function_calls>
 * <atem:invoke name="get_weather">
 * <atem:parameter name="city">Paris</atem:parameter>
 * </atem:invoke>
 * </atem:function_calls>
 * ```
 *
 * - Recipients: `user` (or none) is content, `self` is reasoning (content with option
 *   `reasoning: 'content'`), any other recipient is a tool call. A `<atem:function_calls>` block in a
 *   `user` or `self` message is text, not a call (llama.cpp).
 * - Calls: the body of a call message holds `<atem:invoke name="NAME">` elements with
 *   `<atem:parameter name="KEY">VALUE</atem:parameter>` children (the wrapper is optional); several
 *   invokes are parallel calls. Values are raw text ("as is" for strings and scalars, JSON for lists
 *   and objects, as the template tells the model) typed by the tool's schema; without tools they stay
 *   strings. A value ends at the `</atem:parameter>` followed by another tag or the end of the body,
 *   so a value may quote the closing tag. A parameter given twice makes the invoke invalid
 *   (`duplicate_argument`: a value may quote a parameter, which must not override the real one). A body that is a JSON object is taken as the arguments of
 *   the recipient. The call's raw text is the whole message when it holds one invoke, else the
 *   message cut between its invokes (the first from the header, the last to the message's end).
 * - Text in a call message outside its invokes and wrapper tags (prose after
 *   `</atem:function_calls>`, text before or between invokes) makes the call whose raw text holds it
 *   an `InvalidToolCall` (`the call message holds text outside its <atem:invoke> elements: …`), not
 *   content: the template writes a call message with the block only (the reply is a `to=user`
 *   message, and llama.cpp renders each call as such a message), so that text is addressed to the
 *   tool, not the user, and may be a parameter the call would lose.
 * - A control token (`<|eom|>`, `<|eot|>`, `<|end_of_text|>`, `<|start|>`) inside an open parameter
 *   value is text of the value when the value's `</atem:parameter>` comes before any header end or
 *   invoke (within 4096 code units; FreeToken #4); else it ends the message there. A `<|start|>` that
 *   no header follows is text, kept where it stands.
 * - A missing terminator is tolerated (the next `<|start|>` begins the next message, the end of the
 *   output ends the last one); an invoke cut off at the end is an `InvalidToolCall`, as is a call
 *   message without a readable invoke. Headers and terminators are markup.
 * - Deliberately not done: the `NAME.NAME` recipient repair of SGLang-JAX; names are taken as written
 *   (the invoke's `name` attribute, else the recipient).
 *
 * Checked against: llama.cpp `tests/test-chat.cpp` (Muse Glimmer template cases) and the SGLang-JAX
 * `MuseGlimmerDetector` (which parses the body only, after the serving layer split the messages).
 */

import { skipWhitespace } from '../../internal/whitespace.js';
import { parseLenientJson } from '../../json/index.js';
import { BaseFormatParser, type CallParts, type Cursor } from '../core/base-parser.js';
import { withJsonRepairs } from '../core/call-repairs.js';
import { xmlParametersEnvelope } from '../core/envelopes.js';
import { heldBackLength, MarkerSearch } from '../core/markers.js';
import type { FormatDefinition, FormatOptions } from '../format-definition.js';
import { OpenValueTracker, tokenInValueIsText } from './muse/open-value.js';

const START = '<|start|>';
const MESSAGE = '<|message|>';
const terminators = ['<|eom|>', '<|eot|>', '<|end_of_text|>'] as const;
/** What ends a body: a terminator, or the next message's `<|start|>` when the terminator is missing. */
const bodyEnds = [...terminators, START];

const CALLS_OPEN = '<atem:function_calls>';
const CALLS_CLOSE = '</atem:function_calls>';
const INVOKE_OPEN = '<atem:invoke';
const INVOKE_CLOSE = '</atem:invoke>';
const PARAMETER_OPEN = '<atem:parameter';
const PARAMETER_CLOSE = '</atem:parameter>';

/** Only this much of an invoke or parameter tag is read for its `name` attribute (UTF-16 code units). */
const maxTag = 1024;
/** A header longer than this (UTF-16 code units) without `<|message|>` is not a header: it is text. */
const maxHeader = 256;

type State = 'header' | 'content' | 'reasoning' | 'call';

/**
 * Whether the text before `<|message|>` is a header: `assistant`, `to=NAME`, both, or nothing. Any
 * other text (a call block, prose) is no header, so it is not dropped as structure (issue 15: text
 * before the first `<|message|>` was lost, calls included).
 */
function isHeader(header: string): boolean {
  return /^\s*(?:assistant(?:\s+|$))?(?:to=[^\s<]+\s*)?$/.test(header);
}

/** The recipient of a header (`assistant to=NAME`), or `undefined`. */
function recipientOf(header: string): string | undefined {
  const match = /(?:^|\s)to=([^\s<]+)/.exec(header);
  return match?.[1];
}

/** The `name="…"` attribute of a tag's text. */
function nameAttribute(tag: string): string | undefined {
  const match = /\bname\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** One invoke found in a call body: `[start, end)` in the body, and its parts when it is whole. */
interface Invoke {
  readonly start: number;
  readonly end: number;
  readonly name?: string;
  readonly parameters?: Array<readonly [string, string]>;
  /** A key the invoke gives twice (it is then invalid: which value was meant is unknown). */
  readonly repeated?: string;
}

function skipSpace(text: string, from: number): number {
  const position = skipWhitespace(text, from);
  return position;
}

/**
 * The invokes of a call message body, in order (linear in `body`). An invoke without its closing tag
 * is whole when its parameters are all closed and only the wrapper's end or the end of the body
 * follows, unless `cutOff` (the output ended inside the message); an invoke cut off inside a tag or a
 * value, or holding other text, has no `parameters`.
 */
function readInvokes(body: string, cutOff: boolean): Invoke[] {
  const invokes: Invoke[] = [];
  let position = 0;
  for (;;) {
    const start = body.indexOf(INVOKE_OPEN, position);
    if (start < 0) return invokes;
    const headerEnd = body.indexOf('>', start);
    if (headerEnd < 0) {
      invokes.push({ start, end: body.length });
      return invokes;
    }
    const name = nameAttribute(body.slice(start, Math.min(headerEnd, start + maxTag)));
    const parameters: Array<readonly [string, string]> = [];
    const keys = new Set<string>();
    let repeated: string | undefined;
    let at = headerEnd + 1;
    let whole: boolean | undefined;
    while (whole === undefined) {
      at = skipSpace(body, at);
      if (body.startsWith(INVOKE_CLOSE, at)) {
        at += INVOKE_CLOSE.length;
        whole = true;
      } else if (at === body.length || body.startsWith(CALLS_CLOSE, at)) {
        // Without its closing tag an invoke ends with the message, unless the output was cut off.
        whole = !cutOff;
      } else if (body.startsWith(PARAMETER_OPEN, at)) {
        const tagEnd = body.indexOf('>', at);
        if (tagEnd < 0) {
          at = body.length;
          whole = false;
          break;
        }
        const key = nameAttribute(body.slice(at, Math.min(tagEnd, at + maxTag)));
        const valueEnd = findValueEnd(body, tagEnd + 1);
        if (valueEnd < 0 || key === undefined) {
          at = valueEnd < 0 ? body.length : valueEnd + PARAMETER_CLOSE.length;
          whole = valueEnd < 0 ? false : undefined;
          if (key === undefined) whole = false;
          continue;
        }
        if (keys.has(key)) repeated ??= key;
        keys.add(key);
        parameters.push([key, body.slice(tagEnd + 1, valueEnd)]);
        at = valueEnd + PARAMETER_CLOSE.length;
      } else {
        // Other text inside the invoke: the invoke is malformed up to its closing tag.
        const close = body.indexOf(INVOKE_CLOSE, at);
        at = close < 0 ? body.length : close + INVOKE_CLOSE.length;
        whole = false;
      }
    }
    if (whole && name !== undefined && name !== '' && repeated !== undefined)
      invokes.push({ start, end: at, name, repeated });
    else if (whole && name !== undefined && name !== '') invokes.push({ start, end: at, name, parameters });
    else invokes.push(name === undefined || name === '' ? { start, end: at } : { start, end: at, name });
    position = at;
  }
}

/**
 * The text of `body[from, to)` (outside the message's invokes) that is not structure: the wrapper tags
 * and whitespace are; anything else is not. A call message is addressed to the tool, and the chat
 * template writes nothing in it but the `<atem:function_calls>` block: the reply to the user is its
 * own `to=user` message, so prose here (after the block, before or between invokes) is not content
 * the model meant for the user. Nor is it an argument: it could be a parameter written in another
 * syntax, and calling without it would run a call the model did not write. So the call holding it is
 * invalid (as text beside the parameters of an XML-parameter call is), its raw text keeping the text.
 */
function textBeside(body: string, from: number, to: number, cutOff = false): string {
  const text = body.slice(from, to).replaceAll(CALLS_OPEN, '').replaceAll(CALLS_CLOSE, '').trim();
  // At the end of an output cut off in the message, the closing wrapper cut short (`</atem:func`)
  // is structure too.
  return cutOff && CALLS_CLOSE.startsWith(text) ? '' : text;
}

/** Two pieces of `textBeside` text as one, a space between them when both are there. */
function joinText(before: string, after: string): string {
  return before === '' || after === '' ? before + after : `${before} ${after}`;
}

/** The `</atem:parameter>` that ends the value starting at `from`, or -1 when it is cut off. */
function findValueEnd(body: string, from: number): number {
  let search = from;
  for (;;) {
    const close = body.indexOf(PARAMETER_CLOSE, search);
    if (close < 0) return -1;
    const after = skipSpace(body, close + PARAMETER_CLOSE.length);
    if (
      after === body.length ||
      body.startsWith(PARAMETER_OPEN, after) ||
      body.startsWith(INVOKE_CLOSE, after) ||
      body.startsWith(CALLS_CLOSE, after)
    ) {
      return close;
    }
    search = close + PARAMETER_CLOSE.length;
  }
}

/**
 * Incremental Muse Glimmer parser; see the module comment. Content and reasoning bodies stream as they
 * arrive; a call message's body is kept in pieces and decoded once when the message ends, so its calls
 * are emitted then (no early `tool-input-start`). Headers are read within a bounded window.
 */
export class MuseParser extends BaseFormatParser {
  private state: State = 'header';
  /** The call message's recipient and body pieces (raw text is recorded by the base class). */
  private recipient = '';
  private body: string[] = [];
  private readonly bodySearch = new MarkerSearch(bodyEnds);
  private readonly headerSearch = new MarkerSearch([MESSAGE, ...bodyEnds]);
  /** Whether the call body read so far ends inside a parameter value. */
  private readonly values = new OpenValueTracker(PARAMETER_OPEN, PARAMETER_CLOSE);
  /** How far past a control token in a value `tokenInValueIsText` found nothing yet. */
  private tokenLooked = 0;

  constructor(options?: FormatOptions) {
    super(options);
    if (options?.reasoningStartedInPrompt) this.state = this.reasoningState();
  }

  protected override onReset(): void {
    this.state = this.options.reasoningStartedInPrompt ? this.reasoningState() : 'header';
    this.recipient = '';
    this.body = [];
    this.values.reset();
    this.tokenLooked = 0;
  }

  private reasoningState(): State {
    return this.options.reasoning === 'content' ? 'content' : 'reasoning';
  }

  protected parse(cursor: Cursor): void {
    for (;;) {
      const progressed = this.state === 'header' ? this.parseHeader(cursor) : this.parseBody(cursor);
      if (!progressed) return;
    }
  }

  /**
   * Reads a header up to `<|message|>`; text that is no header is the body of a content message, and a
   * `<|start|>` before it stays in that text (a literal one, as in prose, is not lost).
   */
  private parseHeader(cursor: Cursor): boolean {
    const text = cursor.text;
    let from = cursor.position;
    if (text.startsWith(START, from)) {
      from += START.length;
    } else if (!cursor.final && text.length - from < START.length && START.startsWith(text.slice(from))) {
      return false;
    }
    const match = this.headerSearch.find(text, from);
    const header = match && match.marker === MESSAGE ? text.slice(from, match.index) : undefined;
    if (match && header !== undefined && match.index - from <= maxHeader && isHeader(header)) {
      this.take(cursor, from, 'markup');
      const recipient = recipientOf(header);
      const end = match.index + MESSAGE.length;
      if (recipient === undefined || recipient === 'user' || recipient === 'all') {
        this.take(cursor, end, 'markup');
        this.state = 'content';
      } else if (recipient === 'self') {
        this.take(cursor, end, 'markup');
        this.state = this.reasoningState();
      } else {
        this.beginCall();
        this.take(cursor, end, 'call');
        this.recipient = recipient;
        this.body = [];
        this.values.reset();
        this.state = 'call';
      }
      return true;
    }
    if (!match && !cursor.final && text.length - from <= maxHeader + MESSAGE.length) return false;
    if (from > cursor.position) {
      // A `<|start|>` with the output ending in a header (`<|start|>assistant`) is structure; one
      // followed by anything else is the text's own. So is a header naming a tool that the output ends
      // in (`<|start|>assistant to=get_wea`): no call follows it, and the name is not markup to drop.
      const rest = text.slice(from, match ? match.index : text.length);
      const recipient = recipientOf(rest);
      const structure =
        !match &&
        cursor.final &&
        rest.length <= maxHeader &&
        isHeader(rest) &&
        (recipient === undefined || recipient === 'user' || recipient === 'all' || recipient === 'self');
      this.take(cursor, structure ? text.length : from, structure ? 'markup' : 'content');
    }
    // No header here: plain text, a content message.
    this.state = 'content';
    return true;
  }

  private parseBody(cursor: Cursor): boolean {
    const text = cursor.text;
    const bucket = this.state === 'reasoning' ? 'reasoning' : this.state === 'call' ? 'call' : 'content';
    const match = this.bodySearch.find(text, cursor.position);
    if (match && this.state === 'call') this.takeBody(cursor, match.index, bucket);
    if (match && this.state === 'call' && this.values.open) {
      // A control token inside an open parameter value: value text when the value's own closing tag
      // comes first (FreeToken #4: a literal `<|eom|>` in a value), else the message's end.
      const end = match.index + match.marker.length;
      const isText = tokenInValueIsText(text, end, end + this.tokenLooked, cursor.final);
      if (typeof isText === 'number') {
        this.tokenLooked = isText;
        return false;
      }
      this.tokenLooked = 0;
      if (isText) {
        this.takeBody(cursor, end, bucket);
        return true;
      }
    }
    if (!match) {
      const keep = cursor.final ? 0 : heldBackLength(text, cursor.position, bodyEnds);
      this.takeBody(cursor, text.length - keep, bucket);
      // The output ended inside the call message (no terminator): it was cut off.
      if (cursor.final && this.state === 'call') this.endMessage(true);
      if (cursor.final) this.state = 'header';
      return false;
    }
    this.takeBody(cursor, match.index, bucket);
    if (match.marker !== START)
      this.take(cursor, match.index + match.marker.length, this.state === 'call' ? 'call' : 'markup');
    if (this.state === 'call') this.endMessage();
    this.state = 'header';
    return true;
  }

  private takeBody(cursor: Cursor, end: number, bucket: 'content' | 'reasoning' | 'call'): void {
    const piece = this.take(cursor, end, bucket);
    if (bucket === 'call' && piece !== '') {
      this.body.push(piece);
      this.values.push(piece);
    }
  }

  /**
   * Ends a call message: one call per invoke (see the module comment). `cutOff`: the output ended
   * before the message's terminator, so an invoke without its closing tag, or a JSON body that needed
   * repair, was cut off at the token limit and is invalid.
   */
  private endMessage(cutOff = false): void {
    const body = this.body.join('');
    const recipient = this.recipient;
    this.body = [];
    this.recipient = '';
    const raw = this.closeCallRaw();
    const bodyStart = raw.indexOf(body);
    const invokes = body === '' ? [] : readInvokes(body, cutOff);
    if (invokes.length === 0) {
      const trimmed = body.trim();
      if (trimmed.startsWith('{')) {
        const parsed = parseLenientJson(trimmed);
        if (parsed.ok && !(cutOff && parsed.repairs.length > 0)) {
          this.endCall(
            withJsonRepairs(
              { name: recipient, argumentsValue: parsed.value },
              parsed.repairs,
              raw.indexOf(trimmed),
            ),
            raw,
          );
          return;
        }
      }
      if (cutOff) this.invalidCall(raw, 'incomplete_tool_call', 'the call message is cut off', recipient);
      else this.invalidCall(raw, 'invalid_tool_call', 'the call message holds no <atem:invoke>', recipient);
      return;
    }
    if (invokes.length === 1) {
      const only = invokes[0]!;
      const loose = joinText(
        textBeside(body, 0, only.start),
        textBeside(body, only.end, body.length, cutOff),
      );
      this.emitInvoke(only, raw, recipient, loose);
      return;
    }
    // The message is cut between its invokes, so every piece of it is in one call's raw, in order: the
    // first from the message's header (its recipient is a name, not structure), each from the end of
    // the one before, the last to the message's end (text between invokes is kept, not dropped).
    // Text outside the invokes makes invalid the call whose raw text holds it.
    let previous = 0;
    invokes.forEach((invoke, index) => {
      const last = index === invokes.length - 1;
      const start = index === 0 ? 0 : bodyStart + previous;
      const end = last ? raw.length : bodyStart + invoke.end;
      const loose = joinText(
        textBeside(body, previous, invoke.start),
        last ? textBeside(body, invoke.end, body.length, cutOff) : '',
      );
      this.emitInvoke(invoke, raw.slice(start, end), recipient, loose);
      previous = invoke.end;
    });
  }

  /** `loose`: the message's text outside its invokes that `raw` holds (see `textBeside`). */
  private emitInvoke(invoke: Invoke, raw: string, recipient: string, loose: string): void {
    if (invoke.repeated !== undefined) {
      // A value may quote a parameter (`<atem:parameter name="path">…` in a file's content): keeping
      // the last value would let quoted text override an argument.
      const message = `the parameter "${invoke.repeated}" is given twice`;
      this.invalidCall(raw, 'duplicate_argument', message, invoke.name);
      return;
    }
    if (invoke.parameters === undefined || invoke.name === undefined) {
      // A cut-off invoke keeps the name it wrote, else (the message's only invoke) the recipient's.
      this.invalidCall(
        raw,
        'incomplete_tool_call',
        'the invoke is cut off or malformed',
        invoke.name ?? recipient,
      );
      return;
    }
    if (loose !== '') {
      const message = `the call message holds text outside its <atem:invoke> elements: ${JSON.stringify(loose.slice(0, 80))}`;
      this.invalidCall(raw, 'invalid_tool_call', message, invoke.name);
      return;
    }
    const parts: CallParts = { name: invoke.name, parameters: invoke.parameters };
    this.endCall(parts, raw);
  }
}

export const muse: FormatDefinition = {
  id: 'muse',
  aliases: ['muse_glimmer', 'glimmer'],
  description: 'to=NAME<|message|><atem:function_calls><atem:invoke name=..> messages (Muse Glimmer)',
  models: ['muse-glimmer', 'glimmer'],
  markers: [
    START,
    MESSAGE,
    ...terminators,
    'assistant',
    'to=',
    'user',
    'self',
    'all',
    CALLS_OPEN,
    CALLS_CLOSE,
    INVOKE_OPEN,
    INVOKE_CLOSE,
    PARAMETER_OPEN,
    PARAMETER_CLOSE,
  ],
  example:
    ' to=get_weather<|message|><atem:function_calls>\n<atem:invoke name="get_weather">\n<atem:parameter name="city">Paris</atem:parameter>\n</atem:invoke>\n</atem:function_calls>',
  envelope: xmlParametersEnvelope({
    call: {
      open: ' to={name}<|message|><atem:function_calls>\n<atem:invoke name="{name}">\n',
      close: '</atem:invoke>\n</atem:function_calls>',
    },
    parameter: { open: '<atem:parameter name="{key}">', close: '</atem:parameter>\n' },
    separator: '<|eom|><|start|>assistant',
    reasoning: { open: ' to=self<|message|>', close: '<|eom|><|start|>assistant' },
    textBlock: { open: ' to=user<|message|>', close: '<|eom|><|start|>assistant' },
    trigger: ' to=',
  }),
  create: (options) => new MuseParser(options),
};
