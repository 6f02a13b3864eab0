import { memoByObject } from '../../internal/memo-by-object.js';
import { isWhitespace } from '../../internal/whitespace.js';
import { BaseFormatParser, type Cursor, type ReasoningTags } from '../core/base-parser.js';
import { findEarliestMarker, heldBackLength, isMarkerPrefix } from '../core/markers.js';
import { StreamedMembers } from '../core/streamed-values.js';
import type { FormatOptions } from '../format-definition.js';
import { parseGemmaValue, singleQuoteCloses, tooDeepMessage } from './gemma-calls/parse-gemma-value.js';

/**
 * Family core for the "Gemma call syntax": `START call:NAME{key:VALUE,…} END`, where VALUE is a
 * string between two `quote` delimiters (an array item also between single quotes, see
 * `singleQuoteCloses`), a bare scalar (`42`, `-1.5e3`, `true`, `false`, `null`, or any
 * other bare text, kept as a string), an object `{key:VALUE,…}` or an array `[VALUE,…]`. Keys are bare
 * (or quoted). Used by Gemma 4 (`<|tool_call>` … `<tool_call|>`, quote `<|"|>`) and FunctionGemma
 * (`<start_function_call>` … `<end_function_call>`, quote `<escape>`).
 *
 * - `start` / `end`: the call markers. `end` is optional in the text: a call whose body is complete
 *   ends with it even when the end marker is missing.
 * - `quote`: the string delimiter, the same token opening and closing a string. Everything between
 *   two quotes is data, markers included (a quoted `<tool_call|>` never ends a call).
 * - `prefix`: written before the name (`call:`); tolerated when missing, or written as its `:` alone.
 * - `reasoning`: reasoning tags recognised in text mode (calls are not searched inside reasoning).
 * - `reasoningNewline`: one `\n` right after the reasoning open tag ends the tag's line and is layout
 *   (Gemma 4 `<|channel>thought\n`), not reasoning.
 * - `strayMarkers`: structure dropped (kept as markup) outside calls while reasoning is split, such as a
 *   lone channel tag; with option `reasoning: 'content'` they stay content, like the reasoning tags.
 * - `dropMarkers`: structure always dropped outside calls (end-of-turn tokens); the `end` marker met
 *   outside a call (repeated after one, ollama #15370) is dropped too.
 *
 * A call whose header is not `call:NAME{` or whose body is not of this syntax is an invalid call
 * (its raw text runs to the end marker, or to the next start marker); a call cut off at the end of the
 * output is an invalid call with code `incomplete_tool_call`. All offsets are UTF-16 code units.
 */
export interface GemmaCallConfig {
  readonly start: string;
  readonly end: string;
  readonly quote: string;
  readonly prefix: string;
  readonly reasoning?: ReasoningTags;
  readonly reasoningNewline?: boolean;
  readonly strayMarkers?: readonly string[];
  readonly dropMarkers?: readonly string[];
}

type State = 'text' | 'header' | 'body' | 'after-body' | 'garbage';

/** Longest header (`call:NAME`) accepted before `{`. */
const maxHeader = 256;
/** Whitespace read after a body while looking for its end marker. */
const maxLookahead = 64;

const namePattern = /^[\p{L}\p{N}_.-]+$/u;

/**
 * The incremental parser of the family. Text mode searches for the start marker; a call's header is
 * read up to `{`, then the body is scanned character by character (tracking nesting and quoted
 * strings) into pieces until its closing brace, and decoded once whole by `parseGemmaValue`.
 * Streaming: a call is announced (`tool-input-start`) as soon as its name is read; each top-level member
 * but the last is sent (`"key":value`) when the comma after it arrives, if its value is a string, boolean
 * or number the tool's schema keeps as it is (any without tools); the rest, and what alignment changes
 * or adds, come with the call's last delta.
 */
export class GemmaCallParser extends BaseFormatParser {
  private state: State = 'text';
  private header = '';
  private name = '';
  private body: string[] = [];
  /** The body's pieces since the last top-level comma (the current member, with its `{` or `,`). */
  private member: string[] = [];
  /** The call was announced under a name its members may stream for (see the class comment). */
  private streaming = false;
  /** The members streamed for the open call. */
  private readonly streamed = new StreamedMembers();
  private depth = 0;
  private inString = false;
  /** Inside a JSON-quoted (`"…"`) key or value, and whether a backslash escape is pending. */
  private inJsonString = false;
  private jsonEscape = false;
  /** Inside a single-quoted (`'…'`) array item (see `singleQuoteCloses`). */
  private inSingle = false;
  /** Per open container of the body, innermost last: whether it is an array. */
  private arrays: boolean[] = [];
  /** The last character outside strings opens a key or value (`{`, `[`, `,`, `:`). */
  private valueStart = false;
  /** The reasoning tag was just read; a newline right after it is layout (`reasoningNewline`). */
  private afterReasoningOpen = false;
  private readonly textMarkers: readonly string[];
  private readonly dropped: ReadonlySet<string>;

  constructor(
    private readonly config: GemmaCallConfig,
    options?: FormatOptions,
  ) {
    super(options, config.reasoning);
    const plan = textPlan(config, this.reasoningTags);
    this.dropped = plan.dropped;
    this.textMarkers = plan.markers;
  }

  protected override onReset(): void {
    this.resetBody();
    this.header = '';
    this.name = '';
    this.afterReasoningOpen = false;
  }

  protected parse(cursor: Cursor): void {
    for (;;) {
      switch (this.state) {
        case 'text':
          if (!this.parseText(cursor)) return;
          break;
        case 'header':
          if (!this.parseHeader(cursor)) return;
          break;
        case 'body':
          if (!this.parseBody(cursor)) return;
          break;
        case 'after-body':
          if (!this.parseAfterBody(cursor)) return;
          break;
        case 'garbage':
          if (!this.parseGarbage(cursor)) return;
          break;
      }
    }
  }

  /**
   * Text mode: content (or reasoning) up to the next start marker, reasoning tag or dropped marker.
   * Returns false when more text is needed. Reasoning is handled here rather than by `scanText` so
   * that the newline ending the reasoning tag's line can be taken as layout (`reasoningNewline`).
   */
  private parseText(cursor: Cursor): boolean {
    const tags = this.reasoningTags;
    const text = cursor.text;
    if (this.afterReasoningOpen) {
      if (cursor.position === text.length && !cursor.final) return false;
      this.afterReasoningOpen = false;
      if (text.charCodeAt(cursor.position) === 0x0a /* \n */)
        this.take(cursor, cursor.position + 1, 'markup');
      return true;
    }
    if (tags && this.inReasoning) {
      const match = findEarliestMarker(text, cursor.position, [tags.close]);
      if (!match) {
        this.takeAllBut(cursor, [tags.close], 'reasoning');
        return false;
      }
      this.take(cursor, match.index, 'reasoning');
      this.take(cursor, match.index + tags.close.length, this.reasoningTagBucket);
      this.inReasoning = false;
      return true;
    }
    const match = findEarliestMarker(text, cursor.position, this.textMarkers);
    if (!match) {
      this.takeAllBut(cursor, this.textMarkers, 'content');
      return false;
    }
    this.take(cursor, match.index, 'content');
    const markerEnd = match.index + match.marker.length;
    if (tags && match.marker === tags.open) {
      this.take(cursor, markerEnd, 'markup');
      this.inReasoning = true;
      this.afterReasoningOpen = this.config.reasoningNewline === true;
      return true;
    }
    if (this.dropped.has(match.marker)) {
      // A stray marker that may still grow into the reasoning tag (`<|channel>` + `thought`) waits.
      if (!cursor.final && tags && isMarkerPrefix(text, match.index, tags.open)) return false;
      this.take(cursor, markerEnd, 'markup');
      return true;
    }
    this.beginCall();
    this.take(cursor, markerEnd, 'call');
    this.header = '';
    this.state = 'header';
    return true;
  }

  private parseHeader(cursor: Cursor): boolean {
    const text = cursor.text;
    let position = cursor.position;
    const limit = Math.min(text.length, position + maxHeader - this.header.length + 1);
    while (position < limit) {
      const code = text.charCodeAt(position);
      if (code === 0x7b /* { */ || code === 0x3c /* < */) break;
      position++;
    }
    this.header += this.take(cursor, position, 'call');
    if (position < text.length && text.charCodeAt(position) === 0x7b /* { */) {
      let name = this.header.trim();
      const { prefix } = this.config;
      if (name.startsWith(prefix)) name = name.slice(prefix.length).trim();
      // The prefix without its word (`:NAME`, hermes-agent #7449).
      else if (prefix.endsWith(':') && name.startsWith(':')) name = name.slice(1).trim();
      if (!namePattern.test(name)) {
        this.state = 'garbage';
        return true;
      }
      this.name = name;
      this.announceCall(name);
      this.resetBody();
      this.streaming = this.streamsAnnounced;
      this.state = 'body';
      return true;
    }
    if (position < text.length || this.header.length > maxHeader) {
      // A marker (`<`) or an over-long header before `{`: not a call header.
      this.state = 'garbage';
      return true;
    }
    if (cursor.final) {
      this.state = 'text';
      this.failCall('incomplete_tool_call', 'the tool call is cut off before its arguments', undefined);
    }
    return false;
  }

  private parseBody(cursor: Cursor): boolean {
    const { quote, start, end } = this.config;
    const text = cursor.text;
    let position = cursor.position;
    while (position < text.length) {
      if (this.inString) {
        const close = text.indexOf(quote, position);
        if (close < 0) {
          const keep = cursor.final ? 0 : heldBackLength(text, position, [quote]);
          position = text.length - keep;
          break;
        }
        position = close + quote.length;
        this.inString = false;
        continue;
      }
      if (this.inJsonString) {
        // A JSON-quoted string (`"…"` where a key or value starts): ends at its unescaped `"`.
        while (position < text.length) {
          const code = text.charCodeAt(position++);
          if (this.jsonEscape) this.jsonEscape = false;
          else if (code === 0x5c /* \ */) this.jsonEscape = true;
          else if (code === 0x22 /* " */) {
            this.inJsonString = false;
            break;
          }
        }
        continue;
      }
      const code = text.charCodeAt(position);
      if (this.inSingle) {
        // A single-quoted string (`'…'` where a value starts): data up to a `'` that closes it.
        if (code === 0x27 /* ' */) {
          const closes = singleQuoteCloses(text, position + 1, cursor.final);
          if (closes === undefined) break;
          if (closes) this.inSingle = false;
          position++;
          continue;
        }
        if (code !== 0x3c /* < */) {
          position++;
          continue;
        }
        // The call's markers still end or cut the call (a lone apostrophe must not swallow them).
        if (text.startsWith(end, position) || text.startsWith(start, position)) this.inSingle = false;
        else if (
          !cursor.final &&
          (isMarkerPrefix(text, position, end) || isMarkerPrefix(text, position, start))
        )
          break;
        else {
          position++;
          continue;
        }
      }
      if (isWhitespace(code)) {
        position++;
        continue;
      }
      const valueStart = this.valueStart;
      this.valueStart = code === 0x7b || code === 0x5b || code === 0x2c /* , */ || code === 0x3a; /* : */
      if (code === 0x22 /* " */ && valueStart) {
        this.inJsonString = true;
      } else if (code === 0x27 /* ' */ && valueStart && this.arrays.at(-1) === true) {
        this.inSingle = true;
      } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
        this.depth++;
        this.arrays.push(code === 0x5b);
      } else if (code === 0x2c /* , */ && this.depth === 1) {
        // A top-level member ended.
        this.takeBody(cursor, position);
        this.streamMember();
      } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
        this.depth--;
        this.arrays.pop();
        if (this.depth <= 0) {
          this.takeBody(cursor, position + 1);
          this.state = 'after-body';
          return true;
        }
      } else if (code === 0x3c /* < */) {
        if (text.startsWith(quote, position)) {
          this.inString = true;
          this.valueStart = false;
          position += quote.length;
          continue;
        }
        if (text.startsWith(end, position)) {
          // The end marker with the body still open: malformed, the call ends here.
          this.takeBody(cursor, position);
          this.take(cursor, position + end.length, 'call');
          this.endBody();
          return true;
        }
        if (text.startsWith(start, position)) {
          // The next call starts: this one was cut off.
          this.takeBody(cursor, position);
          this.resetBody();
          this.failCall(
            'incomplete_tool_call',
            'the tool call is cut off before its arguments end',
            this.name,
          );
          return true;
        }
        if (
          !cursor.final &&
          (isMarkerPrefix(text, position, quote) ||
            isMarkerPrefix(text, position, end) ||
            isMarkerPrefix(text, position, start))
        ) {
          break;
        }
      }
      position++;
    }
    this.takeBody(cursor, position);
    if (cursor.final) {
      this.resetBody();
      this.failCall('incomplete_tool_call', 'the tool call is cut off before its arguments end', this.name);
      return true;
    }
    return false;
  }

  private parseAfterBody(cursor: Cursor): boolean {
    const { end } = this.config;
    const text = cursor.text;
    let position = cursor.position;
    while (
      position < text.length &&
      position - cursor.position < maxLookahead &&
      isWhitespace(text.charCodeAt(position))
    )
      position++;
    if (text.startsWith(end, position)) {
      this.take(cursor, position + end.length, 'call');
      this.endBody();
      return true;
    }
    if (!cursor.final && position - cursor.position < maxLookahead) {
      if (position === text.length || isMarkerPrefix(text, position, end)) return false;
    }
    // No end marker: tolerated, the call ends with its body; what follows is text again.
    this.endBody();
    return true;
  }

  private parseGarbage(cursor: Cursor): boolean {
    const { start, end } = this.config;
    const text = cursor.text;
    const match = findEarliestMarker(text, cursor.position, [end, start]);
    if (!match) {
      if (!cursor.final) {
        this.take(cursor, text.length - heldBackLength(text, cursor.position, [end, start]), 'call');
        return false;
      }
      this.take(cursor, text.length, 'call');
    } else {
      this.take(cursor, match.index, 'call');
      if (match.marker === end) this.take(cursor, match.index + end.length, 'call');
    }
    this.state = 'text';
    this.failCall('invalid_tool_call', 'the tool call is not of the form call:NAME{…}', undefined);
    return true;
  }

  private takeBody(cursor: Cursor, end: number): void {
    const piece = this.take(cursor, end, 'call');
    if (piece === '') return;
    this.body.push(piece);
    if (this.streaming) this.member.push(piece);
  }

  /**
   * Sends the member that a top-level comma ended (`{` or `,` then `key:VALUE`), decoded alone, as
   * `"key":value` when it streams (see the class comment); otherwise it comes with the last delta.
   */
  private streamMember(): void {
    if (!this.streaming) return;
    const text = this.member.join('');
    this.member = [];
    const parsed = parseGemmaValue(`{${text.slice(1)}}`, this.config.quote);
    if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return;
    const entries = Object.entries(parsed.value);
    const entry = entries.length === 1 ? entries[0] : undefined;
    if (entry === undefined) return;
    const [key, value] = entry;
    const withTools = this.tools !== undefined;
    const delta = this.streamed.delta(
      key,
      value,
      withTools ? this.parameterSchema(this.name, key) : undefined,
      withTools,
    );
    if (delta !== undefined) this.streamArguments(delta);
  }

  private resetBody(): void {
    this.member = [];
    this.streaming = false;
    this.streamed.clear();
    this.body = [];
    this.depth = 0;
    this.inString = false;
    this.inJsonString = false;
    this.jsonEscape = false;
    this.inSingle = false;
    this.arrays = [];
    this.valueStart = false;
    this.state = 'text';
  }

  /** Decodes the collected body and ends the call with it. */
  private endBody(): void {
    const bodyText = this.body.join('');
    const name = this.name;
    // Once a member streamed, the last delta must close the object: `streamedKeys` says so, maybe empty.
    const streamed = this.streamed.parts();
    this.resetBody();
    const parsed = parseGemmaValue(bodyText, this.config.quote);
    if (!parsed.ok) {
      // Too deep is its own code, as in every format (MAX_ARGUMENT_DEPTH).
      const code = parsed.error === tooDeepMessage ? 'too_deep' : 'invalid_arguments';
      this.failCall(code, `the arguments are not valid: ${parsed.error}`, name);
      return;
    }
    if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
      this.failCall('arguments_not_object', 'tool-call arguments must be an object', name);
      return;
    }
    this.endCall({ name, argumentsValue: parsed.value, ...streamed });
  }
}

/** What text mode searches for (`markers`) and which of it is dropped structure (`dropped`). */
interface TextPlan {
  readonly markers: readonly string[];
  readonly dropped: ReadonlySet<string>;
}

/** Per config: the plan with its reasoning tags, then without (made once each, not by every parser). */
const textPlans = memoByObject((_config: GemmaCallConfig): [TextPlan | undefined, TextPlan | undefined] => [
  undefined,
  undefined,
]);

/** The text-mode plan of `config`; `tags`: the parser's reasoning tags (`config.reasoning` or none). */
function textPlan(config: GemmaCallConfig, tags: ReasoningTags | undefined): TextPlan {
  const plans = textPlans(config);
  const slot = tags ? 0 : 1;
  let plan = plans[slot];
  if (plan === undefined) {
    // The end marker outside a call is a repeated or orphan one (ollama #15370): structure too.
    const dropped = [config.end, ...(config.dropMarkers ?? []), ...(tags ? (config.strayMarkers ?? []) : [])];
    plan = { markers: [...(tags ? [tags.open] : []), config.start, ...dropped], dropped: new Set(dropped) };
    plans[slot] = plan;
  }
  return plan;
}
