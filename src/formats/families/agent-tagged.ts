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

import { isWhitespace, skipWhitespace } from '../../internal/whitespace.js';
import { JsonScanner } from '../../json/json-scanner.js';
import { parseLenientJson } from '../../json/parse-lenient-json.js';
import { typeParameterText } from '../../schema/type-parameter-text.js';
import { BaseFormatParser, type CallParts, type Cursor, type ReasoningTags } from '../core/base-parser.js';
import { findEarliestMarker, heldBackLength, isMarkerPrefix } from '../core/markers.js';
import type { FormatOptions } from '../format-definition.js';
import {
  type BodyContext,
  decodeBody,
  type FoundCall,
  foundCallParts,
  glmLineCall,
  readCallValue,
  withValueRepairs,
} from './agent-tagged-calls.js';
import { balancedSpans } from './json-spans.js';
import { isPFormatName, type PFormatSyntax, parsePFormatCall } from './p-format.js';

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

/** Longest tag (attributes included) the parser looks ahead for; longer `<…` text is prose. */
export const maxTagLength = 256;

type TagRole = 'open' | 'close' | 'either';

type Tag =
  | { readonly kind: 'family'; readonly role: TagRole; readonly end: number }
  | { readonly kind: 'noise'; readonly end: number }
  | { readonly kind: 'invoke-json'; readonly end: number }
  | { readonly kind: 'invoke'; readonly name: string; readonly end: number }
  | { readonly kind: 'invoke-close'; readonly end: number };

type BlockKind = 'tag' | 'fence' | 'invoke-json';

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
const fenceLanguages = ['tool_call', 'toolcall', 'tool-call', 'tool_calls', 'invoke'];
const maxFenceHeader = 3 + 10 + 16 + 2;
const maxNameLength = 128;

const isNameCode = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) ||
  (code >= 0x41 && code <= 0x5a) ||
  (code >= 0x61 && code <= 0x7a) ||
  code === 0x5f;

/** Case-insensitive match of `word` at `at`: `yes`, `no`, or `more` (the text ends inside it). */
function matchWord(text: string, at: number, word: string): 'yes' | 'no' | 'more' {
  for (let index = 0; index < word.length; index++) {
    if (at + index >= text.length) return 'more';
    const raw = text.charCodeAt(at + index);
    const code = raw >= 0x41 && raw <= 0x5a ? raw | 0x20 : raw;
    if (code !== word.charCodeAt(index)) return 'no';
  }
  return 'yes';
}

/**
 * Classifies the `<` at `at`: a tag of this dialect, `undefined` (prose), or `'more'` when the text
 * ends before that can be told (only when not `final`).
 */
function classifyTag(text: string, at: number, final: boolean): Tag | undefined | 'more' {
  const more = final ? undefined : 'more';
  let position = at + 1;
  let pipeBefore = false;
  let slashBefore = false;
  while (position < text.length && position - at <= 4) {
    const char = text[position];
    if (char === '|') pipeBefore = true;
    else if (char === '/') slashBefore = true;
    else if (!isWhitespace(text.charCodeAt(position))) break;
    position++;
  }
  if (position >= text.length) return more;
  const tool = matchWord(text, position, 'tool');
  if (tool === 'more') return more;
  if (tool === 'yes') {
    position += 4;
    if (position >= text.length) return more;
    if (text[position] === '_' || text[position] === '-') position++;
    const call = matchWord(text, position, 'call');
    if (call === 'more') return more;
    if (call === 'no') return undefined;
    position += 4;
    if (position >= text.length) return more;
    if ((text.charCodeAt(position) | 0x20) === 0x73 /* s */) {
      // `<tool_calls>` / `</tool_calls>`: a wrapper, never an opener (noise).
      position++;
      if (position >= text.length) return more;
      if (text[position] === '>' && !pipeBefore) return { kind: 'noise', end: position + 1 };
      return undefined;
    }
    let pipeAfter = false;
    let slashAfter = false;
    let spaceAfter = false;
    while (position < text.length && position - at <= 24) {
      const char = text[position];
      if (char === '|') pipeAfter = true;
      else if (char === '/') slashAfter = true;
      else if (isWhitespace(text.charCodeAt(position))) spaceAfter = true;
      else break;
      position++;
    }
    if (position >= text.length) return more;
    const role: TagRole =
      slashBefore || slashAfter
        ? 'close'
        : pipeAfter && !pipeBefore
          ? 'close'
          : pipeAfter && pipeBefore
            ? 'either'
            : 'open';
    if (text[position] === '>') return { kind: 'family', role, end: position + 1 };
    if (!spaceAfter || pipeAfter || slashAfter || slashBefore) return undefined;
    // Attributes: `<tool_call id="call_0">`.
    const close = attributeEnd(text, position, at);
    if (close === 'more') return more;
    if (close < 0) return undefined;
    return { kind: 'family', role, end: close + 1 };
  }
  if (pipeBefore || (slashBefore && position !== at + 2)) return undefined;
  const invoke = matchWord(text, position, 'invoke');
  if (invoke === 'more') return more;
  if (invoke === 'yes') {
    position += 6;
    if (position >= text.length) return more;
    if (text[position] === '>')
      return slashBefore
        ? { kind: 'invoke-close', end: position + 1 }
        : { kind: 'invoke-json', end: position + 1 };
    if (slashBefore || !isWhitespace(text.charCodeAt(position))) return undefined;
    const close = attributeEnd(text, position, at);
    if (close === 'more') return more;
    if (close < 0) return undefined;
    const name = /\bname\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(text.slice(position, close));
    const value = name ? (name[1] ?? name[2] ?? '') : '';
    if (value.trim() === '') return undefined;
    return { kind: 'invoke', name: value.trim(), end: close + 1 };
  }
  const wrapper = matchWord(text, position, 'function_calls>');
  if (wrapper === 'more') return more;
  if (wrapper === 'yes') return { kind: 'noise', end: position + 15 };
  return undefined;
}

/** The `>` ending an attribute list that starts at `from` (bounded; no `<` or newline inside). */
function attributeEnd(text: string, from: number, at: number): number | 'more' {
  let quote = 0;
  for (let position = from; position < text.length; position++) {
    if (position - at > maxTagLength) return -1;
    const code = text.charCodeAt(position);
    if (quote !== 0) {
      if (code === quote) quote = 0;
      else if (code === 0x0a) return -1;
      continue;
    }
    if (code === 0x22 || code === 0x27) quote = code;
    else if (code === 0x3e) return position;
    else if (code === 0x3c || code === 0x0a) return -1;
  }
  return 'more';
}

/**
 * The fence at `at`: a ```` ```tool_call ```` header (`call`, `end` after its line break), a fence
 * with another language (`example`, `end` after the language: its content is an example, never a
 * call), `undefined` (a bare fence, prose), or `'more'`.
 */
function classifyFence(
  text: string,
  at: number,
  final: boolean,
): { readonly kind: 'call' | 'example'; readonly end: number } | undefined | 'more' {
  const more = final ? undefined : 'more';
  let position = at + 3;
  const languageStart = position;
  while (position < text.length && position - languageStart <= 10) {
    const code = text.charCodeAt(position);
    if (!isNameCode(code) && code !== 0x2d) break;
    position++;
  }
  if (position >= text.length) return more;
  const language = text.slice(languageStart, position).toLowerCase();
  if (!fenceLanguages.includes(language)) {
    return language === '' ? undefined : { kind: 'example', end: position };
  }
  while (
    position < text.length &&
    (text[position] === ' ' || text[position] === '\t') &&
    position - at < maxFenceHeader
  )
    position++;
  if (position >= text.length) return more;
  if (text[position] === '\r') {
    if (position + 1 >= text.length) return more;
    return text[position + 1] === '\n' ? { kind: 'call', end: position + 2 } : undefined;
  }
  return text[position] === '\n' ? { kind: 'call', end: position + 1 } : undefined;
}

/** The end of a ```` ```json ```` or bare ```` ``` ```` fence header line at `at`, `undefined`, or `'more'`. */
function wholeFenceHeader(text: string, at: number, final: boolean): number | undefined | 'more' {
  const more = final ? undefined : 'more';
  if (text.length - at < 3) return more;
  if (!text.startsWith('```', at)) return undefined;
  let position = at + 3;
  const languageStart = position;
  while (position < text.length && position - languageStart <= 4 && isNameCode(text.charCodeAt(position)))
    position++;
  if (position >= text.length) return more;
  const language = text.slice(languageStart, position).toLowerCase();
  if (language !== '' && language !== 'json') return undefined;
  while (position < text.length && (text[position] === ' ' || text[position] === '\t') && position - at < 24)
    position++;
  if (position >= text.length) return more;
  if (text[position] === '\r' && text[position + 1] === '\n') return position + 2;
  if (text[position] === '\r' && position + 1 >= text.length) return more;
  return text[position] === '\n' ? position + 1 : undefined;
}

/** JSON-ish typing of an `<invoke>` parameter without a schema (openhuman.md §1 #15). */
function invokeValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const first = trimmed.charCodeAt(0);
  if (
    first === 0x7b ||
    first === 0x5b ||
    first === 0x2d ||
    (first >= 0x30 && first <= 0x39) ||
    trimmed === 'true' ||
    trimmed === 'false' ||
    trimmed === 'null'
  ) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value !== 'string') return value;
    } catch {
      // Not JSON: the trimmed string.
    }
  }
  return trimmed;
}

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
  private bodyBlank = true;
  /** Object nesting depth in the open body (outside strings). */
  private depth = 0;
  private inString = false;
  private escaped = false;
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
    this.bodyBlank = true;
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
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
          return this.finishWholeJson();
        }
        case 'candidate-pformat': {
          this.keep(cursor, text.length);
          if (!cursor.final) return undefined;
          return this.finishWholePFormat();
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

  private finishWholeJson(): string | undefined {
    const text = this.pending.join('');
    const start = this.valueStart;
    const end = this.valueEnd;
    const parsed = parseLenientJson(text.slice(start, end));
    if (!parsed.ok) return this.abandon();
    const found = readCallValue(text, start, end, parsed.value, 'bare', this.tools);
    if (found.calls.length === 0) return this.abandon();
    const calls = withValueRepairs(found.calls, parsed.repairs, start);
    this.pending = [];
    this.pendingLength = 0;
    this.state = 'text';
    this.emitTaken(text.slice(0, start), 'markup');
    let boundary = start;
    const content = found.content;
    let contentDone = content === undefined;
    calls.forEach((call, index) => {
      if (!contentDone && content && content.start < call.start) {
        this.emitTaken(text.slice(boundary, content.start + 1), 'markup');
        this.emitTaken(text.slice(content.start + 1, content.end - 1), 'content');
        boundary = content.end - 1;
        contentDone = true;
      }
      const nextIsContent = !contentDone && content !== undefined;
      const last = index === calls.length - 1;
      const callEnd = last && !nextIsContent ? end : call.end;
      this.endCall(foundCallParts(call, boundary, callEnd - boundary), text.slice(boundary, callEnd));
      boundary = callEnd;
    });
    if (!contentDone && content) {
      this.emitTaken(text.slice(boundary, content.start + 1), 'markup');
      this.emitTaken(text.slice(content.start + 1, content.end - 1), 'content');
      boundary = content.end - 1;
    }
    this.emitTaken(text.slice(boundary), 'markup');
    return undefined;
  }

  private finishWholePFormat(): string | undefined {
    const text = this.pending.join('');
    const call = parsePFormatCall(text, this.tools, this.context.pformat);
    if (!call) return this.abandon();
    this.pending = [];
    this.pendingLength = 0;
    this.state = 'text';
    const start = skipWhitespace(text, 0);
    let end = text.length;
    while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
    this.emitTaken(text.slice(0, start), 'markup');
    this.endCall({ name: call.name, argumentsValue: call.arguments }, text.slice(start, end));
    this.emitTaken(text.slice(end), 'markup');
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
    let position = cursor.position;
    while (position < text.length) {
      const code = text.charCodeAt(position);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === 0x5c) this.escaped = true;
        else if (code === 0x22) this.inString = false;
        position++;
        continue;
      }
      if (code === 0x3c /* < */) {
        const tag = classifyTag(text, position, cursor.final);
        if (tag === 'more') {
          this.takeBlock(cursor, position);
          return false;
        }
        if (tag !== undefined) {
          if (kind === 'invoke-json') {
            if (tag.kind === 'invoke-close') {
              this.takeBlock(cursor, position);
              const bodyEnd = this.blockLength;
              this.takeBlock(cursor, tag.end);
              this.completeBlock(bodyEnd);
              return true;
            }
          } else if (tag.kind === 'family') {
            this.takeBlock(cursor, position);
            if (tag.role !== 'open') {
              const bodyEnd = this.blockLength;
              this.takeBlock(cursor, tag.end);
              this.completeBlock(bodyEnd);
              return true;
            }
            if (this.bodyBlank) {
              // A doubled opener: one block.
              this.takeBlock(cursor, tag.end);
              this.bodyStart = this.blockLength;
              position = tag.end;
              continue;
            }
            // The next call starts: this one had no closer.
            this.completeBlock(this.blockLength);
            return true;
          }
        }
      } else if (code === 0x60 /* ` */ && kind === 'fence') {
        if (!cursor.final && text.length - position < 5) {
          this.takeBlock(cursor, position);
          return false;
        }
        if (text.startsWith('```', position)) {
          this.takeBlock(cursor, position);
          const bodyEnd = this.blockLength;
          let end = position + 3;
          if (text[end] === '\r' && text[end + 1] === '\n') end += 2;
          else if (text[end] === '\n') end += 1;
          this.takeBlock(cursor, end);
          this.completeBlock(bodyEnd);
          this.atLineStart = end > position + 3;
          return true;
        }
      } else if (code === 0x22 /* " */) {
        // Strings are tracked inside objects only: a quote in prose or in a P-Format value
        // (`shell[grep "x]`) must not hide the closing tag.
        if (this.depth > 0) this.inString = true;
      } else if (code === 0x7b /* { */) {
        this.depth++;
      } else if (code === 0x7d /* } */) {
        if (this.depth > 0) this.depth--;
      }
      if (!isWhitespace(code)) this.bodyBlank = false;
      position++;
    }
    this.takeBlock(cursor, text.length);
    if (!cursor.final) return false;
    return this.completeUnclosed();
  }

  /** Ends a block whose body is `[bodyStart, bodyEnd)` of its text: its calls, or one invalid call. */
  private completeBlock(bodyEnd: number): void {
    const raw = this.closeCallRaw();
    const bodyStart = this.bodyStart;
    const blank = this.bodyBlank;
    this.resetBlock();
    this.state = 'text';
    if (blank) {
      this.emitTaken(raw, 'markup');
      return;
    }
    const calls = decodeBody(raw, bodyStart, bodyEnd, this.context, true);
    if (calls.length === 0) {
      this.invalidCall(raw, 'invalid_tool_call', 'the tool-call body holds no call this parser can read');
      return;
    }
    this.emitCalls(raw, calls, raw.length);
  }

  /**
   * Emits `calls` found in `raw`, each with a contiguous share of `raw[0, end)` as its raw text;
   * `unclosed`: the block never closed, so the last call gets a `missing_end_marker` repair.
   */
  private emitCalls(raw: string, calls: readonly FoundCall[], end: number, unclosed = false): void {
    let boundary = 0;
    calls.forEach((call, index) => {
      const last = index === calls.length - 1;
      const callEnd = last ? end : Math.max(boundary, call.end);
      let parts = foundCallParts(call, boundary, callEnd - boundary);
      if (last && unclosed) {
        const missing = {
          kind: 'missing_end_marker',
          position: callEnd - boundary,
          message: 'the call has no closing tag',
        };
        parts = { ...parts, repairs: [...(parts.repairs ?? []), missing] };
      }
      this.endCall(parts, raw.slice(boundary, callEnd));
      boundary = callEnd;
    });
  }

  /**
   * A block still open at the end of the output. A body that starts with JSON yields the JSON values
   * right after the opener (and stray `</…>` tags after them); the rest is replayed as text. Any other
   * body is decoded whole; a body that holds no call is an invalid (cut-off) call.
   */
  private completeUnclosed(): boolean | string {
    const raw = this.closeCallRaw();
    const bodyStart = this.bodyStart;
    const blank = this.bodyBlank;
    const kind = this.blockKind;
    this.resetBlock();
    this.state = 'text';
    if (blank) {
      this.emitTaken(raw, 'markup');
      return true;
    }
    let first = skipWhitespace(raw, bodyStart);
    if (raw.startsWith('call:', first)) first = skipWhitespace(raw, first + 5);
    const code = raw.charCodeAt(first);
    if (kind !== 'fence' && (code === 0x7b || code === 0x5b)) {
      let end = first;
      const calls: FoundCall[] = [];
      for (const [spanStart, spanEnd] of balancedSpans(raw, first)) {
        let gap = end;
        while (gap < spanStart && isWhitespace(raw.charCodeAt(gap))) gap++;
        if (gap !== spanStart) break;
        const found = decodeBody(raw, spanStart, spanEnd, this.context, false);
        if (found.length === 0) break;
        calls.push(...found);
        end = spanEnd;
      }
      if (calls.length > 0) {
        // Stray closing tags right after the JSON (`</arg_value>`) belong to the call.
        for (;;) {
          const match = /^\s*<\/[A-Za-z_][\w:|-]{0,40}>/.exec(raw.slice(end, end + 64));
          if (!match) break;
          end += match[0].length;
        }
        this.emitCalls(raw, calls, end, true);
        return raw.slice(end);
      }
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
    let parts: CallParts;
    if (body.includes('<parameter')) {
      const args: Record<string, unknown> = {};
      let position = 0;
      for (;;) {
        const open = body.indexOf('<parameter', position);
        if (open < 0) break;
        const close = body.indexOf('>', open);
        if (close < 0) break;
        const header = /\bname\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(body.slice(open, close));
        const end = body.indexOf('</parameter>', close);
        const valueEnd = end < 0 ? body.length : end;
        const key = header ? (header[1] ?? header[2] ?? '') : '';
        if (key !== '') {
          const valueText = body.slice(close + 1, valueEnd);
          const schema = this.parameterSchema(name, key);
          const value =
            schema === undefined ? invokeValue(valueText) : typeParameterText(valueText.trim(), schema);
          Object.defineProperty(args, key, { value, enumerable: true, writable: true, configurable: true });
        }
        position = end < 0 ? body.length : end + 12;
      }
      parts = { name, argumentsValue: args };
    } else parts = { name, argumentsText: body };
    this.endCall(parts, raw);
  }
}
