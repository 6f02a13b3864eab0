/**
 * Family core for agent-style tagged tool calls: the lenient text dialect of the tinyagents / OpenHuman
 * agent harness (`../shared/docs/openhuman.md`), where a model prompted with "wrap calls in
 * `<tool_call>` tags" writes them in many near-miss shapes. One incremental parser finds, in source
 * order:
 *
 * - tool_call-family tags, spelling variants and garbled pipes included (`<tool_call>`, `<toolcall>`,
 *   `<tool-call>`, `<|tool_call>` … `<tool_call|>`, `<|tool_call|>`, `</tool_call|>`, `<\n/tool_call>`,
 *   `<tool_call id="…">`), paired positionally: inside a body the next family marker ends it; a
 *   marker with `/`, or with a pipe only after the name, is a closer, one with a pipe only before the
 *   name (or none) an opener; `<|tool_call|>` closes an open body and opens otherwise. Two openers with
 *   only whitespace between them open one block. A missing closer ends the body at the next opener
 *   or at the end of the output (then the JSON values right after the opener are the call and the
 *   text after them, past stray `</…>` tags, is content again).
 * - `<invoke>{json}</invoke>` and `<invoke name="X"><parameter name="k">v</parameter></invoke>`.
 * - ```` ```tool_call ```` fences (also `toolcall`, `tool-call`, `tool_calls`, `invoke`), closed by
 *   ```` ``` ```` or a stray closing tag.
 * - A whole response that is one JSON value: a call object (canonical `arguments` key only, or an
 *   alias when the name is an offered tool), an array of them, or a wire message
 *   `{"content": "…", "tool_calls": [...]}` (its `content` string, as written between its quotes, becomes the content: nothing lost), and a whole response
 *   that is one P-Format call to an offered tool.
 *
 * Bodies are decoded by `decodeBody` (P-Format, Kimi `NAME{…}`, every JSON value with argument-key
 * aliases, then GLM lines: in a closed block's body always, in a block left open at the end only with
 * `glmShorthand`). JSON in prose, outside every marker, is never a call.
 *
 * Streaming: every body is consumed as it arrives into an array of pieces; text mode holds back only
 * what could start a tag or fence (at most `maxTagLength` code units). A whole-response candidate
 * (output starting with `{`, `[` or `TOOL[`) is buffered (in pieces) until it is decided, then
 * replayed once through text mode when it is not one, so total work stays linear.
 */

import { skipWhitespace } from '../../internal/whitespace.js';
import { JsonScanner } from '../../json/json-scanner.js';
import { BaseFormatParser, type CallParts, type Cursor, type ReasoningTags } from '../core/base-parser.js';
import { findEarliestMarker, heldBackLength, isMarkerPrefix } from '../core/markers.js';
import type { FormatOptions } from '../format-definition.js';
import { type BlockKind, BodyEndScanner } from './agent-tagged/body-end-scanner.js';
import { classifyFence, wholeFenceHeader } from './agent-tagged/classify-fence.js';
import { classifyTag } from './agent-tagged/classify-tag.js';
import { type BodyContext, decodeBody, leadingJsonCalls } from './agent-tagged/decode-body.js';
import { callShares, type FoundCall } from './agent-tagged/found-call.js';
import { glmLineCall } from './agent-tagged/glm-line-call.js';
import { invokeArguments } from './agent-tagged/invoke-arguments.js';
import { type WholePiece, wholeJsonPieces, wholePFormatPieces } from './agent-tagged/whole-response.js';
import { isNameCode, isPFormatName, type PFormatSyntax } from './p-format.js';

/** Options of the agent-tagged parser: `FormatOptions` plus the P-Format syntax to read. */
export interface AgentTaggedOptions extends FormatOptions {
  /**
   * Which P-Format syntax tag bodies use: `positional` (`name[a|b]`, alphabetical slots), `indexed`
   * (`name[0|a|1|b]`, required parameters first) or `auto` (default: indexed when the tokens form a
   * valid index/value list, else positional).
   */
  readonly pformat?: PFormatSyntax;
  /**
   * Read a whole response that is one JSON call value (object, array, wire message, optionally in one
   * ```` ```json ```` fence) or one P-Format call as calls. Default `true`. Such a candidate is buffered
   * until it is decided (an output starting with `{` may be held to its end); `false` streams every
   * output as text from the first chunk, as the source's streaming scrubber does.
   */
  readonly wholeResponse?: boolean;
}

/** The family's configuration: reasoning tags recognised in text. */
export interface AgentTaggedConfig {
  readonly reasoning?: ReasoningTags;
}

type State =
  | 'start'
  | 'start-name'
  | 'candidate-json'
  | 'candidate-json-after'
  | 'candidate-fence'
  | 'candidate-fence-body'
  | 'candidate-fence-close'
  | 'candidate-pformat'
  | 'text'
  | 'body'
  | 'invoke'
  | 'glm-line'
  | 'example';

const textMarkers = ['<', '```'];
const fenceMarker = ['```'];
const glmTextMarkers = ['<', '```', '\n'];
const maxNameLength = 128;

/**
 * The incremental agent-tagged parser (see the module comment). Create through a `FormatDefinition`.
 */
export class AgentTaggedParser extends BaseFormatParser {
  private state: State;
  private readonly initialState: State;
  private readonly context: BodyContext;
  /** Text consumed while a whole-response candidate is undecided. */
  private pending: string[] = [];
  private pendingLength = 0;
  /** Offsets in the pending text of the candidate JSON value. */
  private valueStart = -1;
  private valueEnd = -1;
  private readonly scanner = new JsonScanner();
  /** The whole-response candidate is inside a ```json fence. */
  private fenced = false;
  /** Short text held over from a replay (a marker prefix), put before the next chunk. */
  private carry: string | undefined;
  /** The open block: its kind, where its body starts and how it scans. */
  private blockKind: BlockKind = 'tag';
  /** Length of the open block's text so far (the text itself is the call's raw, kept by the base). */
  private blockLength = 0;
  private bodyStart = 0;
  private readonly body = new BodyEndScanner();
  private invokeName = '';
  /** GLM shorthand in prose: at the start of a line, whether that line was looked at, its text so far. */
  private atLineStart = true;
  private lineChecked = false;
  private line: string[] = [];

  constructor(config: AgentTaggedConfig, options?: AgentTaggedOptions) {
    super(options, config.reasoning);
    this.initialState = options?.wholeResponse === false ? 'text' : 'start';
    this.state = this.initialState;
    this.context = {
      tools: this.tools,
      glmShorthand: options?.glmShorthand === true,
      pformat: options?.pformat ?? 'auto',
    };
  }

  /** Clears all state; returns the text consumed but not committed (candidate, line, call, held back). */
  override reset(): string {
    const own = this.pending.join('') + this.line.join('');
    const carry = this.carry ?? '';
    return own + super.reset() + carry;
  }

  protected override onReset(): void {
    this.state = this.initialState;
    this.pending = [];
    this.pendingLength = 0;
    this.valueStart = -1;
    this.valueEnd = -1;
    this.scanner.reset();
    this.fenced = false;
    this.carry = undefined;
    this.atLineStart = true;
    this.lineChecked = false;
    this.line = [];
    this.resetBlock();
  }

  private resetBlock(): void {
    this.blockLength = 0;
    this.bodyStart = 0;
    this.body.reset();
    this.invokeName = '';
  }

  protected parse(cursor: Cursor): void {
    let current = cursor;
    if (this.carry !== undefined) {
      const origin = this.inputOffset(cursor) + cursor.position - this.carry.length;
      current = {
        text: this.carry + cursor.text.slice(cursor.position),
        position: 0,
        final: cursor.final,
        origin,
      };
      cursor.position = cursor.text.length;
      this.carry = undefined;
    }
    for (;;) {
      const replay = this.step(current);
      if (replay === undefined) break;
      // A candidate turned out not to be one: its text goes through text mode, once.
      const rest = current.text.slice(current.position);
      const origin = this.inputOffset(current) + current.position - replay.length;
      this.replayTaken(replay);
      if (current === cursor) cursor.position = cursor.text.length;
      current = { text: replay + rest, position: 0, final: cursor.final, origin };
    }
    if (current === cursor) return;
    if (current.position < current.text.length) {
      if (!cursor.final) {
        this.carry = current.text.slice(current.position);
        return;
      }
      if (this.inCall) {
        this.take(current, current.text.length, 'call');
        this.failCall('incomplete_tool_call', 'the tool call is cut off before its end', undefined);
      } else this.take(current, current.text.length, this.inReasoning ? 'reasoning' : 'content');
    }
  }

  /** Runs the state machine; returns text to replay through text mode, or `undefined` when done. */
  private step(cursor: Cursor): string | undefined {
    const text = cursor.text;
    for (;;) {
      switch (this.state) {
        case 'start': {
          const position = skipWhitespace(text, cursor.position);
          this.keep(cursor, position);
          if (position >= text.length) {
            if (!cursor.final) return undefined;
            return this.abandon();
          }
          if (this.inReasoning) return this.abandon();
          const code = text.charCodeAt(position);
          if (code === 0x7b || code === 0x5b) {
            this.valueStart = this.pendingLength;
            this.scanner.reset();
            this.state = 'candidate-json';
          } else if (code === 0x60 /* ` */) {
            this.state = 'candidate-fence';
          } else if (this.tools && isNameCode(code)) {
            this.state = 'start-name';
          } else return this.abandon();
          break;
        }
        case 'candidate-fence': {
          // A whole response in one ```json (or bare ```) fence holding one JSON value.
          const headerEnd = wholeFenceHeader(text, cursor.position, cursor.final);
          if (headerEnd === 'more') return undefined;
          if (headerEnd === undefined) return this.abandon();
          this.keep(cursor, headerEnd);
          this.fenced = true;
          this.state = 'candidate-fence-body';
          break;
        }
        case 'candidate-fence-body': {
          const position = skipWhitespace(text, cursor.position);
          this.keep(cursor, position);
          if (position >= text.length) {
            if (!cursor.final) return undefined;
            return this.abandon();
          }
          const code = text.charCodeAt(position);
          if (code !== 0x7b && code !== 0x5b) return this.abandon();
          this.valueStart = this.pendingLength;
          this.scanner.reset();
          this.state = 'candidate-json';
          break;
        }
        case 'candidate-fence-close': {
          if (!cursor.final && text.length - cursor.position < 3) return undefined;
          if (!text.startsWith('```', cursor.position)) return this.abandon();
          this.keep(cursor, cursor.position + 3);
          this.fenced = false;
          this.state = 'candidate-json-after';
          break;
        }
        case 'start-name': {
          let position = cursor.position;
          while (
            position < text.length &&
            isNameCode(text.charCodeAt(position)) &&
            position - cursor.position <= maxNameLength
          )
            position++;
          if (position >= text.length && !cursor.final) return undefined;
          const name = text.slice(cursor.position, position);
          if (text[position] === '[' && isPFormatName(name) && this.tools?.has(name)) {
            this.state = 'candidate-pformat';
            break;
          }
          return this.abandon();
        }
        case 'candidate-json': {
          const start = cursor.position;
          const completed = this.scanner.scan(text, start, text.length);
          if (completed < 0) {
            this.keep(cursor, text.length);
            if (!cursor.final) return undefined;
            return this.abandon();
          }
          this.keep(cursor, completed);
          this.valueEnd = this.pendingLength;
          this.state = 'candidate-json-after';
          break;
        }
        case 'candidate-json-after': {
          const position = skipWhitespace(text, cursor.position);
          this.keep(cursor, position);
          if (this.fenced && (position < text.length || cursor.final)) {
            this.state = 'candidate-fence-close';
            break;
          }
          if (position < text.length) return this.abandon();
          if (!cursor.final) return undefined;
          return this.finishWhole(
            wholeJsonPieces(this.pending.join(''), this.valueStart, this.valueEnd, this.tools),
          );
        }
        case 'candidate-pformat': {
          this.keep(cursor, text.length);
          if (!cursor.final) return undefined;
          return this.finishWhole(
            wholePFormatPieces(this.pending.join(''), this.tools, this.context.pformat),
          );
        }
        case 'text': {
          const glm = this.context.glmShorthand;
          if (glm && this.atLineStart && !this.lineChecked && !this.inReasoning) {
            const candidate = this.glmCandidate(cursor);
            if (candidate === 'more') return undefined;
            this.lineChecked = true;
            if (candidate) {
              this.line = [];
              this.state = 'glm-line';
              break;
            }
          }
          const before = cursor.position;
          const match = this.scanText(cursor, glm ? glmTextMarkers : textMarkers);
          if (cursor.position > before) this.atLineStart = false;
          if (!match) return undefined;
          const at = match.index;
          if (match.marker === '\n') {
            this.take(cursor, at + 1, 'content');
            this.atLineStart = true;
            this.lineChecked = false;
            break;
          }
          this.atLineStart = false;
          if (match.marker === '```') {
            const fence = classifyFence(text, at, cursor.final);
            if (fence === 'more') return undefined;
            if (fence === undefined) {
              this.take(cursor, at + 3, 'content');
              break;
            }
            if (fence.kind === 'example') {
              this.take(cursor, fence.end, 'content');
              this.state = 'example';
              break;
            }
            this.openBlock(cursor, fence.end, 'fence');
            break;
          }
          if (this.reasoningTags && !cursor.final && isMarkerPrefix(text, at, this.reasoningTags.open))
            return undefined;
          const tag = classifyTag(text, at, cursor.final);
          if (tag === 'more') return undefined;
          if (tag === undefined) {
            this.take(cursor, at + 1, 'content');
            break;
          }
          switch (tag.kind) {
            case 'family':
              if (tag.role === 'close') this.take(cursor, tag.end, 'markup');
              else this.openBlock(cursor, tag.end, 'tag');
              break;
            case 'invoke-json':
              this.openBlock(cursor, tag.end, 'invoke-json');
              break;
            case 'invoke':
              this.openBlock(cursor, tag.end, 'tag');
              this.invokeName = tag.name;
              this.state = 'invoke';
              break;
            default:
              this.take(cursor, tag.end, 'markup');
          }
          break;
        }
        case 'example': {
          // Inside a fence with a language (```bash, ```json): an example, kept as content.
          const match = findEarliestMarker(text, cursor.position, fenceMarker);
          if (!match) {
            this.takeAllBut(cursor, fenceMarker, 'content');
            return undefined;
          }
          this.take(cursor, match.index + 3, 'content');
          this.state = 'text';
          break;
        }
        case 'glm-line': {
          const newline = text.indexOf('\n', cursor.position);
          const end = newline < 0 ? text.length : newline;
          const piece = this.take(cursor, end, 'call');
          if (piece !== '') this.line.push(piece);
          if (newline < 0 && !cursor.final) return undefined;
          const line = this.line.join('');
          this.line = [];
          this.state = 'text';
          const parts = glmLineCall(line, this.tools);
          if (!parts) return line;
          this.endCall(parts, line);
          this.atLineStart = false;
          break;
        }
        case 'body': {
          const replay = this.scanBody(cursor);
          if (replay === false) return undefined;
          if (replay !== true) return replay;
          break;
        }
        case 'invoke': {
          const match = findEarliestMarker(text, cursor.position, ['</invoke>']);
          if (!match) {
            if (cursor.final) {
              this.takeBlock(cursor, text.length);
              const name = this.invokeNameOrUndefined();
              this.state = 'text';
              this.resetBlock();
              this.failCall('incomplete_tool_call', 'the <invoke> block has no </invoke>', name);
              return undefined;
            }
            this.takeBlock(cursor, text.length - heldBackLength(text, cursor.position, ['</invoke>']));
            return undefined;
          }
          this.takeBlock(cursor, match.index);
          const bodyEnd = this.blockLength;
          this.takeBlock(cursor, match.index + match.marker.length);
          this.completeInvoke(bodyEnd);
          break;
        }
      }
    }
  }

  /** Whether the line at the cursor starts like GLM shorthand (`name/`), or `'more'`. */
  private glmCandidate(cursor: Cursor): boolean | 'more' {
    const text = cursor.text;
    let position = cursor.position;
    while (position < text.length && (text[position] === ' ' || text[position] === '\t')) position++;
    const nameStart = position;
    while (
      position < text.length &&
      isNameCode(text.charCodeAt(position)) &&
      position - nameStart <= maxNameLength
    )
      position++;
    if (position >= text.length) return cursor.final ? false : 'more';
    return position > nameStart && text[position] === '/';
  }

  private invokeNameOrUndefined(): string | undefined {
    return this.invokeName === '' ? undefined : this.invokeName;
  }

  /** Consumes `cursor.text` up to `end` into the pending candidate text. */
  private keep(cursor: Cursor, end: number): void {
    const piece = this.take(cursor, end, 'call');
    if (piece !== '') {
      this.pending.push(piece);
      this.pendingLength += piece.length;
    }
  }

  /** Gives up on the whole-response candidate: its text is replayed through text mode. */
  private abandon(): string {
    const text = this.pending.join('');
    this.fenced = false;
    this.pending = [];
    this.pendingLength = 0;
    this.state = 'text';
    return text;
  }

  /** Emits a decided whole response's `pieces`, or gives up on it (`undefined`: it holds no call). */
  private finishWhole(pieces: WholePiece[] | undefined): string | undefined {
    if (pieces === undefined) return this.abandon();
    this.pending = [];
    this.pendingLength = 0;
    this.state = 'text';
    for (const piece of pieces) {
      if ('call' in piece) this.endCall(piece.call, piece.raw);
      else this.emitTaken(piece.text, piece.bucket);
    }
    return undefined;
  }

  /** Opens a block: the opener up to `end` starts its raw text. */
  private openBlock(cursor: Cursor, end: number, kind: BlockKind): void {
    this.beginCall();
    this.resetBlock();
    this.blockKind = kind;
    this.takeBlock(cursor, end);
    this.bodyStart = this.blockLength;
    this.state = 'body';
  }

  private takeBlock(cursor: Cursor, end: number): void {
    this.blockLength += this.take(cursor, end, 'call').length;
  }

  /**
   * Scans the open body for its end. Returns `false` when more text is needed, `true` when the block
   * ended (state is `text` again), or text to replay (an unclosed block at the end of the output).
   */
  private scanBody(cursor: Cursor): boolean | string {
    const text = cursor.text;
    const kind = this.blockKind;
    let from = cursor.position;
    for (;;) {
      const stop = this.body.scan(text, from, cursor.final, kind);
      if (stop.kind === 'none') {
        this.takeBlock(cursor, text.length);
        if (!cursor.final) return false;
        return this.completeUnclosed();
      }
      this.takeBlock(cursor, stop.at);
      if (stop.kind === 'more') return false;
      if (stop.kind === 'opener') {
        if (this.body.blank) {
          // A doubled opener: one block.
          this.takeBlock(cursor, stop.end);
          this.bodyStart = this.blockLength;
          from = stop.end;
          continue;
        }
        // The next call starts: this one had no closer.
        this.completeBlock(this.blockLength);
        return true;
      }
      const bodyEnd = this.blockLength;
      this.takeBlock(cursor, stop.end);
      this.completeBlock(bodyEnd);
      if (kind === 'fence') this.atLineStart = stop.end > stop.at + 3;
      return true;
    }
  }

  /** Ends a block whose body is `[bodyStart, bodyEnd)` of its text: its calls, or one invalid call. */
  private completeBlock(bodyEnd: number): void {
    const raw = this.closeCallRaw();
    const bodyStart = this.bodyStart;
    const blank = this.body.blank;
    this.resetBlock();
    this.state = 'text';
    if (blank) {
      this.invalidCall(raw, 'invalid_tool_call', 'the tool-call block is empty');
      return;
    }
    const calls = decodeBody(raw, bodyStart, bodyEnd, this.context, true);
    if (calls.length === 0) {
      this.invalidCall(raw, 'invalid_tool_call', 'the tool-call body holds no call this parser can read');
      return;
    }
    this.emitCalls(raw, calls, raw.length);
  }

  /** Emits `calls` found in `raw`, each with its share of `raw[0, end)` as raw (see `callShares`). */
  private emitCalls(raw: string, calls: readonly FoundCall[], end: number, unclosed = false): void {
    for (const share of callShares(raw, calls, end, unclosed))
      if (share.unread === undefined) this.endCall(share.parts, share.raw);
      else this.invalidCall(share.raw, 'unread_arguments', share.unread, share.parts.name);
  }

  /**
   * A block still open at the end of the output. A body that starts with JSON yields the JSON values
   * right after the opener (and stray `</…>` tags after them); the rest is replayed as text. Any other
   * body is decoded whole; a body that holds no call is an invalid (cut-off) call.
   */
  private completeUnclosed(): boolean | string {
    const raw = this.closeCallRaw();
    const bodyStart = this.bodyStart;
    const blank = this.body.blank;
    const kind = this.blockKind;
    this.resetBlock();
    this.state = 'text';
    if (blank) {
      this.invalidCall(raw, 'incomplete_tool_call', 'the tool call is cut off before its body');
      return true;
    }
    const leading = kind === 'fence' ? undefined : leadingJsonCalls(raw, bodyStart, this.context);
    if (leading) {
      this.emitCalls(raw, leading.calls, leading.end, true);
      return raw.slice(leading.end);
    }
    // A GLM line in a tag that never closed may be cut off: read only when GLM lines are opted in.
    const calls = decodeBody(raw, bodyStart, raw.length, this.context, this.context.glmShorthand);
    if (calls.length === 0) {
      this.invalidCall(raw, 'incomplete_tool_call', 'the tool call is cut off before its closing tag');
      return true;
    }
    this.emitCalls(raw, calls, raw.length, true);
    return true;
  }

  /** Ends an `<invoke name="…">` block: `<parameter name="k">v</parameter>` pairs or a JSON body. */
  private completeInvoke(bodyEnd: number): void {
    const raw = this.closeCallRaw();
    const body = raw.slice(this.bodyStart, bodyEnd);
    const name = this.invokeName;
    this.resetBlock();
    this.state = 'text';
    const parts: CallParts = body.includes('<parameter')
      ? {
          name,
          argumentsValue: invokeArguments(body, (key) => this.parameterSchema(name, key), this.options.align),
        }
      : { name, argumentsText: body };
    this.endCall(parts, raw);
  }
}
