/**
 * `harmony`: OpenAI gpt-oss (20b / 120b) Harmony messages. Each message is a header and a body:
 * `<|start|>ROLE [to=RECIPIENT]<|channel|>CHANNEL [to=RECIPIENT] [<|constrain|>TYPE]<|message|>BODY`
 * ended by `<|end|>`, `<|call|>` (a tool call) or `<|return|>` (the last answer).
 *
 * ```text
 * <|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "SF"}<|call|>
 * ```
 *
 * - Channels: `analysis` is reasoning; `final` is content; `commentary` without a recipient (a
 *   preamble) is content. With option `reasoning: 'content'` an analysis message stays in content,
 *   its header and `<|end|>` included (llama.cpp `reasoning_format: none`).
 * - Calls: a message whose recipient is `functions.NAME`, in the role header or the channel header,
 *   on channel `commentary` or `analysis`, with or without `<|constrain|>json`. The body is JSON,
 *   scanned incrementally (a marker inside a JSON string is data); `<|call|>` is optional at the end.
 *   The call's raw text is the whole message, header included. Parallel calls: one message each.
 * - A recipient without the `functions.` prefix that names an offered tool (`to=get_weather`, with
 *   `tools` given) is a call to it, with a `missing_recipient_prefix` repair: gpt-oss drops the prefix,
 *   most often in long contexts (vLLM #42454).
 * - Other recipients (built-in tools such as `python`, `browser.search`, `container.exec`) are not
 *   function calls: the message becomes an `InvalidToolCall` (code `unsupported_recipient`) whose
 *   raw text keeps it whole; recipient `assistant` is no recipient.
 * - The output may start inside a header (the generation prompt ends with `<|start|>assistant`, so
 *   the output starts with `<|channel|>` or ` to=…`) or inside a body (plain text: content, or
 *   reasoning with option `reasoningStartedInPrompt`). A missing `<|end|>`/`<|call|>`/`<|return|>` is
 *   tolerated (a call then has a `missing_end_marker` repair, one ended by another closer an
 *   `unexpected_end_marker` repair): the next `<|start|>` or `<|channel|>` starts the next message. Headers are structure
 *   (markup); a header with other text in it is kept as content, and a header that names a
 *   recipient but gets no body is a cut-off call (`InvalidToolCall`). At the end of the output a call
 *   without `<|call|>` is complete only when its JSON body is (a balanced object or array); cut off
 *   right after `<|message|>`, inside the JSON, or in a non-JSON body, it is an `InvalidToolCall`
 *   (code `incomplete_tool_call`) with its raw text. Text between messages is content.
 * - Deliberately not done: text after a call stays content (SGLang drops everything after a call);
 *   vLLM parses Harmony from token ids, not text.
 *
 * Checked against: llama.cpp `common/chat.cpp` (`common_chat_params_init_gpt_oss`) and
 * `tests/test-chat.cpp`, SGLang `gpt_oss_detector.py` and its tests, vLLM `openai_tool_parser.py`
 * — `../shared/docs/formats.md` F25 and §5 item 5.
 */
import { isWhitespace, skipWhitespace } from '../../internal/whitespace.js';
import { JsonScanner } from '../../json/index.js';
import type { ToolCallRepair } from '../../types/index.js';
import { BaseFormatParser, type Cursor } from '../core/base-parser.js';
import { heldBackLength, isMarkerPrefix, MarkerSearch } from '../core/markers.js';
import { scanJsonBody } from '../core/scan-json-body.js';
import type { FormatDefinition, FormatOptions } from '../format-definition.js';

const START = '<|start|>';
const CHANNEL = '<|channel|>';
const MESSAGE = '<|message|>';
const CONSTRAIN = '<|constrain|>';
const END = '<|end|>';
const CALL = '<|call|>';
const RETURN = '<|return|>';

/** Markers that end a message body (the last two begin the next message when the end is missing). */
const bodyEnds = [END, RETURN, CALL, START, CHANNEL] as const;
/** Markers that close a message. */
const closers = [END, CALL, RETURN] as const;
/** Markers that end a header: `<|message|>`, or (a header without a body) a closer or `<|start|>`. */
const headerEnds = [MESSAGE, ...closers, START];
/** Markers a header may start with (the output can begin inside a header). */
const headerStarts = [CHANNEL, START, MESSAGE, CONSTRAIN] as const;

type BodyKind = 'content' | 'reasoning';
type State = 'start' | 'body' | 'header' | 'call-body' | 'call-json' | 'call-plain' | 'call-after';

/** What a header says about its message. */
interface Header {
  readonly channel: string | undefined;
  readonly recipient: string | undefined;
}

/** Reads channel (the last `<|channel|>X`) and recipient (the first `to=X` that is not `assistant`). */
function readHeader(text: string): Header {
  let channel: string | undefined;
  for (const match of text.matchAll(/<\|channel\|>\s*([^\s<]+)/g)) channel = match[1];
  let recipient: string | undefined;
  for (const match of text.matchAll(/(?:^|[\s>])to=([^\s<]+)/g)) {
    if (match[1] !== 'assistant') {
      recipient = match[1];
      break;
    }
  }
  return { channel, recipient };
}

/** Every structural marker of the format: special tokens, role and channel names, `to=`. */
const markers = [
  START,
  CHANNEL,
  MESSAGE,
  CONSTRAIN,
  END,
  CALL,
  RETURN,
  'assistant',
  'analysis',
  'commentary',
  'final',
  'json',
  'to=',
];

/**
 * Is `text` only markers and whitespace (a header that is structure, not model prose)? A marker is
 * replaced by a space, not deleted, so the pieces around it never join into another marker (issue 15:
 * `jsfinalon` was structure: without `final` it reads `json`).
 */
function isStructure(text: string): boolean {
  let rest = text;
  for (const marker of markers) rest = rest.split(marker).join(' ');
  return rest.trim() === '';
}

/** Incremental Harmony parser; see the module comment. */
export class HarmonyParser extends BaseFormatParser {
  private state: State = 'start';
  private kind: BodyKind = 'content';
  /** The current analysis message is kept in content (option `reasoning: 'content'`). */
  private keepAnalysis = false;
  private header: string[] = [];
  private body: string[] = [];
  private name: string | undefined;
  /** The call's recipient lacks `functions.` (it names an offered tool): where, in its raw text. */
  private barePrefix: number | undefined;
  private recipient: string | undefined;
  private readonly scanner = new JsonScanner();
  private readonly bodySearch = new MarkerSearch(bodyEnds);
  private readonly headerSearch = new MarkerSearch(headerEnds);

  constructor(options?: FormatOptions) {
    super(options);
    this.kind =
      options?.reasoningStartedInPrompt && options.reasoning !== 'content' ? 'reasoning' : 'content';
  }

  protected override onReset(): void {
    this.state = 'start';
    this.kind =
      this.options.reasoningStartedInPrompt && this.options.reasoning !== 'content' ? 'reasoning' : 'content';
    this.keepAnalysis = false;
    this.header = [];
    this.body = [];
    this.name = undefined;
    this.barePrefix = undefined;
    this.recipient = undefined;
    this.scanner.reset();
  }

  protected parse(cursor: Cursor): void {
    for (;;) {
      switch (this.state) {
        case 'start':
          if (!this.decideStart(cursor)) return;
          break;
        case 'body':
          if (!this.scanBody(cursor)) return;
          break;
        case 'header':
          if (!this.scanHeader(cursor)) return;
          break;
        case 'call-body':
          if (!this.startCallBody(cursor)) return;
          break;
        case 'call-json':
          if (!this.scanCallJson(cursor)) return;
          break;
        case 'call-plain':
          if (!this.scanCallPlain(cursor)) return;
          break;
        case 'call-after':
          if (!this.scanCallAfter(cursor)) return;
          break;
      }
    }
  }

  /** The very start: inside a header (`<|channel|>…`, ` to=…`) or inside a body (plain text)? */
  private decideStart(cursor: Cursor): boolean {
    const text = cursor.text;
    const position = cursor.position;
    let afterSpace = position;
    while (
      afterSpace < text.length &&
      afterSpace - position < 64 &&
      isWhitespace(text.charCodeAt(afterSpace))
    )
      afterSpace++;
    const header =
      headerStarts.some((marker) => text.startsWith(marker, position)) || text.startsWith('to=', afterSpace);
    if (header) {
      this.openHeader();
      return true;
    }
    const undecided =
      headerStarts.some((marker) => isMarkerPrefix(text, position, marker)) ||
      (afterSpace === text.length && afterSpace - position < 64) ||
      isMarkerPrefix(text, afterSpace, 'to=');
    if (undecided && !cursor.final) return false;
    this.state = 'body';
    return true;
  }

  private openHeader(): void {
    this.beginCall();
    this.header = [];
    this.state = 'header';
  }

  /** A content or reasoning body, up to the marker that ends it. */
  private scanBody(cursor: Cursor): boolean {
    const bucket = this.keepAnalysis ? 'content' : this.kind;
    const match = this.bodySearch.find(cursor.text, cursor.position);
    if (!match) {
      this.takeAllBut(cursor, bodyEnds, bucket);
      return false;
    }
    this.take(cursor, match.index, bucket);
    if (match.marker === START || match.marker === CHANNEL) {
      this.keepAnalysis = false;
      this.openHeader();
      return true;
    }
    this.take(cursor, match.index + match.marker.length, this.keepAnalysis ? 'content' : 'markup');
    // Between messages: stray text is content.
    this.keepAnalysis = false;
    this.kind = 'content';
    return true;
  }

  /** A header, recorded as an open call's raw text until `<|message|>` tells what the message is. */
  private scanHeader(cursor: Cursor): boolean {
    const text = cursor.text;
    if (this.header.length === 0 && text.startsWith(START, cursor.position)) {
      this.keepHeader(cursor, cursor.position + START.length);
    }
    const searched = headerEnds;
    const match = this.headerSearch.find(text, cursor.position);
    if (!match) {
      if (!cursor.final) {
        this.keepHeader(cursor, text.length - heldBackLength(text, cursor.position, searched));
        return false;
      }
      this.keepHeader(cursor, text.length);
      this.dropHeader();
      this.state = 'body';
      return true;
    }
    if (match.marker !== MESSAGE) {
      // A header without a body: structure; the marker ends it (or starts the next header).
      this.keepHeader(cursor, match.index);
      this.dropHeader();
      if (match.marker !== START) this.take(cursor, match.index + match.marker.length, 'markup');
      this.kind = 'content';
      this.state = match.marker === START ? 'header' : 'body';
      if (match.marker === START) this.openHeader();
      return true;
    }
    this.keepHeader(cursor, match.index + MESSAGE.length);
    const headerText = this.header.join('');
    const { channel, recipient } = readHeader(headerText);
    this.header = [];
    if (recipient !== undefined) {
      this.recipient = recipient;
      this.name = recipient.startsWith('functions.') ? recipient.slice('functions.'.length) : undefined;
      this.barePrefix = undefined;
      if (this.name === undefined && this.tools?.has(recipient)) {
        this.name = recipient;
        this.barePrefix = headerText.indexOf(`to=${recipient}`) + 'to='.length;
      }
      if (this.name !== undefined && this.name !== '') this.announceCall(this.name);
      this.body = [];
      this.state = 'call-body';
      return true;
    }
    const analysis = channel === 'analysis';
    this.keepAnalysis = analysis && this.options.reasoning === 'content';
    this.kind = analysis && !this.keepAnalysis ? 'reasoning' : 'content';
    const header = this.closeCallRaw();
    this.emitTaken(header, this.keepAnalysis || !isStructure(header) ? 'content' : 'markup');
    this.state = 'body';
    return true;
  }

  /**
   * A header that gets no body (cut off at the end, or ended by a closer or the next `<|start|>`):
   * with a recipient it is a cut-off call; else structure, or content when it holds other text.
   */
  private dropHeader(): void {
    const header = this.closeCallRaw();
    this.header = [];
    const { recipient } = readHeader(header);
    if (recipient !== undefined) {
      const name = recipient.startsWith('functions.') ? recipient.slice('functions.'.length) : recipient;
      this.invalidCall(header, 'incomplete_tool_call', 'the tool-call message has no body', name);
      return;
    }
    this.emitTaken(header, isStructure(header) ? 'markup' : 'content');
  }

  private keepHeader(cursor: Cursor, end: number): void {
    const piece = this.take(cursor, end, 'call');
    if (piece !== '') this.header.push(piece);
  }

  /** `keepBody` as a function made once, for `scanJsonBody`. */
  private readonly keepBodyPiece = (cursor: Cursor, end: number): void => this.keepBody(cursor, end);

  private keepBody(cursor: Cursor, end: number): void {
    const piece = this.take(cursor, end, 'call');
    if (piece === '') return;
    this.body.push(piece);
    // The argument JSON streams as it arrives (aligned at the end: see ArgumentStreamer).
    this.streamArgumentText(piece);
  }

  /** The start of a call body: JSON (scanned) or anything else (up to the end marker). */
  private startCallBody(cursor: Cursor): boolean {
    const text = cursor.text;
    const position = skipWhitespace(text, cursor.position);
    this.keepBody(cursor, position);
    if (position === text.length) {
      if (!cursor.final) return false;
      // The output ends right after `<|message|>`: the call was cut off before its body.
      this.cutOff();
      return true;
    }
    const code = text.charCodeAt(position);
    if (this.name !== undefined && (code === 0x7b /* { */ || code === 0x5b) /* [ */) {
      this.scanner.reset();
      this.state = 'call-json';
      return true;
    }
    this.state = 'call-plain';
    return true;
  }

  /** Not JSON (or a built-in tool's free text): the body runs to the marker that ends the message. */
  private scanCallPlain(cursor: Cursor): boolean {
    const text = cursor.text;
    const match = this.bodySearch.find(text, cursor.position);
    if (!match) {
      this.keepBody(
        cursor,
        cursor.final ? text.length : text.length - heldBackLength(text, cursor.position, bodyEnds),
      );
      if (!cursor.final) return false;
      // No closing marker and no JSON to show the body is whole: a function call was cut off.
      if (this.name !== undefined && this.name !== '') this.cutOff();
      else this.completeCall();
      return true;
    }
    this.keepBody(cursor, match.index);
    this.completeCall(this.takeCloser(cursor, match.marker, match.index));
    return true;
  }

  /** Feeds the JSON scanner up to the next marker; a marker inside a JSON string is data. */
  private scanCallJson(cursor: Cursor): boolean {
    const stop = scanJsonBody(cursor, this.scanner, bodyEnds, this.keepBodyPiece, this.bodySearch);
    if (stop === undefined) return false;
    if (stop === 'json') {
      this.state = 'call-after';
    } else if (stop === 'cut-off') {
      // Cut off inside the JSON: the call is incomplete, whatever a repair could make of it.
      this.cutOff();
    } else {
      // A marker outside a string while the JSON is still open: the body ends here.
      this.completeCall(this.takeCloser(cursor, stop.marker, stop.index));
    }
    return true;
  }

  /** After the JSON: whitespace and an optional closing marker belong to the call. */
  private scanCallAfter(cursor: Cursor): boolean {
    const text = cursor.text;
    const position = skipWhitespace(text, cursor.position);
    // Whitespace after the JSON belongs to the call (taken now, so a long run is not re-scanned).
    this.take(cursor, position, 'call');
    if (position === text.length && !cursor.final) return false;
    const closer = closers.find((marker) => text.startsWith(marker, position));
    if (
      closer === undefined &&
      !cursor.final &&
      closers.some((marker) => isMarkerPrefix(text, position, marker))
    )
      return false;
    this.completeCall(closer === undefined ? undefined : this.takeCloser(cursor, closer, position));
    return true;
  }

  /**
   * Takes the marker that ends a message body into the call (`<|start|>` and `<|channel|>` start the
   * next message and stay); returns the closing marker with its offset in the call's raw text.
   */
  private takeCloser(
    cursor: Cursor,
    marker: string,
    index: number,
  ): { marker: string; position: number } | undefined {
    if (marker === START || marker === CHANNEL) return undefined;
    const position = this.rawLength;
    this.take(cursor, index + marker.length, 'call');
    return { marker, position };
  }

  /**
   * The repairs of a function call that did not end with `<|call|>`: none written (servers strip the
   * stop token: smg-project/smg #879, tetherto/qvac #1812) or another closer (`<|return|>`, `<|end|>`:
   * sgl-project/sglang #10576).
   */
  private endRepairs(closer: { marker: string; position: number } | undefined): ToolCallRepair[] {
    if (closer === undefined)
      return [{ kind: 'missing_end_marker', position: this.rawLength, message: `the call has no ${CALL}` }];
    if (closer.marker === CALL) return [];
    return [
      {
        kind: 'unexpected_end_marker',
        position: closer.position,
        message: `the call ends with ${closer.marker}, not ${CALL}`,
      },
    ];
  }

  /** The output ended inside the call's body: an `InvalidToolCall` (`incomplete_tool_call`), raw kept. */
  private cutOff(): void {
    this.body = [];
    this.state = 'body';
    this.kind = 'content';
    this.failCall(
      'incomplete_tool_call',
      'the tool call is cut off before its end',
      this.name ?? this.recipient,
    );
  }

  /**
   * Emits the message as a call (functions recipient) or an invalid call (other recipients); `closer`
   * is the marker that ended it, when one did.
   */
  private completeCall(closer?: { marker: string; position: number }): void {
    const argumentsText = this.body.join('');
    this.body = [];
    this.state = 'body';
    this.kind = 'content';
    if (this.name === undefined || this.name === '') {
      this.failCall(
        'unsupported_recipient',
        `the message is addressed to "${this.recipient}", not to a function (functions.NAME)`,
        this.recipient,
      );
      return;
    }
    const repairs = this.endRepairs(closer);
    if (this.barePrefix !== undefined) {
      repairs.unshift({
        kind: 'missing_recipient_prefix',
        position: this.barePrefix,
        message: `the recipient "${this.name}" has no functions. prefix`,
      });
      this.barePrefix = undefined;
    }
    this.endCall({ name: this.name, argumentsText, ...(repairs.length > 0 ? { repairs } : {}) });
  }
}

export const harmony: FormatDefinition = {
  id: 'harmony',
  aliases: ['gpt_oss', 'openai'],
  description: 'gpt-oss Harmony channels: analysis = reasoning, final = content, to=functions.NAME = call',
  models: ['gpt-oss'],
  markers,
  example:
    '<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "SF"}<|call|>',
  envelope: {
    call: {
      open: '<|channel|>commentary to=functions.{name} <|constrain|>json<|message|>',
      close: '<|call|>',
    },
    separator: '<|start|>assistant',
    arguments: { kind: 'json' },
    reasoning: { open: '<|channel|>analysis<|message|>', close: '<|end|><|start|>assistant' },
    trigger: '<|channel|>commentary to=',
    textBlock: { open: '<|channel|>commentary<|message|>', close: '<|end|><|start|>assistant' },
  },
  create: (options) => new HarmonyParser(options),
};
