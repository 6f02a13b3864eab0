import { memoByObject } from '../../internal/memo-by-object.js';
import { isWhitespace, skipWhitespace } from '../../internal/whitespace.js';
import type { ToolCallRepair } from '../../types/tool-call.js';
import type { Cursor, ReasoningTags } from '../core/base-parser.js';
import { heldBackLength, MarkerSearch } from '../core/markers.js';
import { SectionCallsParser } from '../core/section-calls-parser.js';
import type { FormatOptions } from '../format-definition.js';
import { type Element, maxGap, maxTag, ValueTyper } from './name-tags/value-typer.js';

/**
 * Family core for XML-like calls whose parameter tags are named by the parameter, every structural
 * tag behind a namespace token (MiniMax M3):
 *
 * ```text
 * NS<SECTION>
 * NS<INVOKE name="NAME">NS<KEY>VALUE NS</KEY>NS<OBJ>NS<K>V NS</K>NS</OBJ>NS<ARR>NS<ITEM>V NS</ITEM>NS</ARR>NS</INVOKE>
 * NS</SECTION>
 * ```
 *
 * - `namespace`: the token written right before every structural tag; whitespace between it and the
 *   tag's `<` is ignored. A `<` without the token is data.
 * - `section` / `invoke` / `item`: tag names of the wrapper (optional in the text: an invoke without
 *   it is still a call), of one call (`name` attribute) and of array items.
 * - `reasoning`, `strayMarkers`: reasoning tags; structure dropped outside calls while reasoning is
 *   split (a lone closing reasoning tag).
 *
 * Values are typed by the tool's schema, walked down `properties`, `additionalProperties`, `items`
 * and `prefixItems` (local `$ref`, `anyOf` / `oneOf` alternatives through `SchemaRoot.options`): a tag
 * with child tags is an array when the schema says array (or, untyped, when all children are items),
 * otherwise an object (a repeated key collects a list); when the schema allows a string, the inner
 * text is kept verbatim, child tags included. A leaf is typed with `typeParameterText` (raw string
 * without a schema; null only for the exact text `null`, `Null` or `NULL`, so `None` stays a string).
 * Text beside the parameter tags of the invoke, or beside the child tags of a value read as an object
 * or array (a tag written without the namespace token, a remark), makes the call invalid: no argument
 * holds it, and dropping it could drop one. Whitespace and bare namespace tokens between tags are
 * layout. Each invoke is one call whose raw text runs from its open to its close tag; the
 * wrapper tags and the layout between invokes are markup. An invoke cut off (end of output, or the
 * next invoke) is an invalid call. Offsets are UTF-16 code units.
 */
export interface NameTagConfig {
  readonly namespace: string;
  readonly section: string;
  readonly invoke: string;
  readonly item: string;
  readonly reasoning?: ReasoningTags;
  readonly strayMarkers?: readonly string[];
}

type State = 'text' | 'section' | 'invoke';

interface Tag {
  readonly close: boolean;
  readonly name: string;
  /** Tag text between `<` (or `</`) and `>`, name included. */
  readonly text: string;
  /** Offset just after `>`. */
  readonly end: number;
}

/**
 * The incremental parser of the family. Inside an invoke, text between namespace tokens is consumed
 * into the body pieces as it arrives; only a possible namespace-token-plus-tag prefix is held back.
 * The element tree keeps offsets, and the body is joined once when the invoke closes. Streaming: a
 * call is announced (`tool-input-start`) at its invoke tag; its arguments are sent whole when it ends.
 */
export class NameTagParser extends SectionCallsParser {
  private state: State = 'text';
  private body: string[] = [];
  private bodyLength = 0;
  private stack: Element[] = [];
  private name = '';
  /**
   * The invoke's text since its last top-level element (or its tag), in pieces, with its body offset:
   * a value whose opening tag was left out (see `elidedElement`).
   */
  private topText: string[] = [];
  private topTextStart = 0;
  /** Where the invoke's body starts in the call's raw text. */
  private bodyRawStart = 0;
  private repairs: ToolCallRepair[] = [];
  private readonly textMarkers: readonly string[];
  private readonly stray: ReadonlySet<string>;
  private readonly search: MarkerSearch;

  constructor(
    private readonly config: NameTagConfig,
    options?: FormatOptions,
  ) {
    super(options, config.reasoning);
    const plan = textPlan(config, this.reasoningTags !== undefined);
    this.stray = plan.stray;
    this.textMarkers = plan.markers;
    this.search = new MarkerSearch([config.namespace]);
  }

  protected override onReset(): void {
    this.state = 'text';
    this.resetInvoke();
  }

  protected parse(cursor: Cursor): void {
    for (;;) {
      const progressed =
        this.state === 'text'
          ? this.parseText(cursor)
          : this.state === 'section'
            ? this.parseSection(cursor)
            : this.parseInvoke(cursor);
      if (!progressed) return;
    }
  }

  /**
   * The tag behind the namespace token at `at`: `'wait'` when the text ends before it is known (never
   * on `final`), `undefined` when no tag follows.
   */
  private readTag(cursor: Cursor, at: number): Tag | 'wait' | undefined {
    const text = cursor.text;
    let position = at + this.config.namespace.length;
    const gapEnd = Math.min(text.length, position + maxGap);
    while (position < gapEnd && isWhitespace(text.charCodeAt(position))) position++;
    if (position === text.length) return cursor.final ? undefined : 'wait';
    if (text.charCodeAt(position) !== 0x3c /* < */) return undefined;
    const limit = position + 1 + maxTag;
    // Bounded search: a namespace token followed by `<` and no `>` must not scan the rest of the text.
    const window = text.slice(position + 1, Math.min(text.length, limit + 1)).indexOf('>');
    const close = window < 0 ? -1 : position + 1 + window;
    if (close < 0 || close > limit) {
      if (close < 0 && !cursor.final && text.length <= limit) {
        // Not complete yet, unless a `<` or the namespace token shows it is no tag.
        const partial = text.slice(position + 1);
        return partial.includes('<') ? undefined : 'wait';
      }
      return undefined;
    }
    const inner = text.slice(position + 1, close);
    if (inner.includes('<')) return undefined;
    const isClose = inner.startsWith('/');
    const tagText = (isClose ? inner.slice(1) : inner).trim();
    let nameEnd = 0;
    while (nameEnd < tagText.length && !isWhitespace(tagText.charCodeAt(nameEnd))) nameEnd++;
    const name = tagText.slice(0, nameEnd);
    if (name === '') return undefined;
    return { close: isClose, name, text: tagText, end: close + 1 };
  }

  private parseText(cursor: Cursor): boolean {
    this.releaseInvalid('');
    const match = this.scanText(cursor, this.textMarkers);
    if (!match) return false;
    if (this.stray.has(match.marker)) {
      this.take(cursor, match.index + match.marker.length, 'markup');
      return true;
    }
    const tag = this.readTag(cursor, match.index);
    if (tag === 'wait') return false;
    if (tag && !tag.close && tag.name === this.config.section) {
      this.sectionStart = this.take(cursor, tag.end, 'call');
      this.state = 'section';
      return true;
    }
    if (tag && !tag.close && tag.name === this.config.invoke) {
      this.state = 'section';
      return true;
    }
    this.take(cursor, match.index + match.marker.length, 'content');
    return true;
  }

  private parseSection(cursor: Cursor): boolean {
    const text = cursor.text;
    const position = skipWhitespace(text, cursor.position);
    const holding = this.sectionStart !== '' || this.holdsInvalid;
    const spaces = this.take(cursor, position, holding ? 'call' : 'markup');
    if (holding && spaces !== '') this.sectionLayout.push(spaces);
    if (position === text.length) {
      if (cursor.final) {
        this.releaseHeld('');
        this.state = 'text';
      }
      return false;
    }
    if (!text.startsWith(this.config.namespace, position)) {
      if (!cursor.final && this.config.namespace.startsWith(text.slice(position))) return false;
      this.releaseHeld(undefined);
      this.state = 'text';
      return true;
    }
    const tag = this.readTag(cursor, position);
    if (tag === 'wait') return false;
    if (this.holdsInvalid && tag?.close && tag.name === this.config.section) {
      // The section held only the invalid call: its end joins the call's raw text.
      const suffix = this.sectionLayout.join('') + this.take(cursor, tag.end, 'call');
      this.sectionLayout = [];
      this.releaseInvalid(suffix);
      this.state = 'text';
      return true;
    }
    // The section's first call: its start is markup before a valid call, raw text of an invalid one.
    if (tag && !tag.close && tag.name === this.config.invoke) this.wrapSectionStart();
    this.releaseHeld(undefined);
    if (tag && !tag.close && tag.name === this.config.invoke) {
      this.beginCall();
      this.take(cursor, tag.end, 'call');
      this.resetInvoke();
      this.bodyRawStart = this.rawLength;
      this.name = invokeName(tag.text);
      if (this.name !== '') this.announceCall(this.name);
      this.state = 'invoke';
      return true;
    }
    if (tag?.close && tag.name === this.config.section) {
      this.take(cursor, tag.end, 'markup');
      this.state = 'text';
      return true;
    }
    this.state = 'text';
    return true;
  }

  private parseInvoke(cursor: Cursor): boolean {
    const { namespace, invoke, section } = this.config;
    const text = cursor.text;
    for (;;) {
      const match = this.search.find(text, cursor.position);
      if (!match) {
        const keep = cursor.final ? 0 : heldBackLength(text, cursor.position, [namespace]);
        this.takeBody(cursor, text.length - keep);
        if (cursor.final) this.failInvoke();
        return cursor.final;
      }
      this.takeBody(cursor, match.index);
      const tag = this.readTag(cursor, match.index);
      if (tag === 'wait') return false;
      if (tag === undefined) {
        this.takeBody(cursor, match.index + namespace.length);
        continue;
      }
      if (tag.name === invoke) {
        if (tag.close) {
          this.take(cursor, tag.end, 'call');
          this.endInvoke();
        } else {
          this.failInvoke();
        }
        this.state = 'section';
        return true;
      }
      if (tag.name === section) {
        // A missing `</invoke>` before the wrapper closes: the invoke ends there; a new wrapper: cut off.
        if (tag.close) this.endInvoke();
        else this.failInvoke();
        this.state = tag.close ? 'section' : 'text';
        return true;
      }
      if (!tag.close) {
        this.takeBody(cursor, tag.end);
        this.stack.push({ name: tag.name, start: this.bodyLength, end: -1, children: [] });
        continue;
      }
      const depth = this.findOpen(tag.name);
      if (depth > 0) this.closeTo(depth, this.bodyLength);
      else if (this.stack.length === 1) this.elidedElement(tag.name);
      this.takeBody(cursor, tag.end);
      if (this.stack.length === 1) {
        this.topText = [];
        this.topTextStart = this.bodyLength;
      }
    }
  }

  /**
   * A closing tag with no element open at the invoke's top level, after text: the value of a parameter
   * whose opening tag was left out (`NS<invoke name="f">NSa.txtNS</path>`: deployed MiniMax-M3
   * checkpoints do so for the first parameter, vLLM #51073). The text after the namespace tokens is
   * the value.
   */
  private elidedElement(name: string): void {
    const { namespace } = this.config;
    const text = this.topText.join('');
    let start = 0;
    for (;;) {
      const next = skipWhitespace(text, start);
      if (!text.startsWith(namespace, next)) break;
      start = next + namespace.length;
    }
    if (text.trim() === '' || text.includes(namespace, start) || text.includes('<', start)) return;
    const element = { name, start: this.topTextStart + start, end: this.bodyLength, children: [] };
    this.stack[0]!.children.push(element);
    this.repairs.push({
      kind: 'missing_parameter_open_tag',
      position: this.bodyRawStart + element.start,
      message: `the parameter "${name}" has no opening tag`,
    });
  }

  /** Index in the stack of the innermost open element named `name`; 0 (the invoke) when none. */
  private findOpen(name: string): number {
    for (let index = this.stack.length - 1; index > 0; index--)
      if (this.stack[index]!.name === name) return index;
    return 0;
  }

  /** Closes the open elements down to `depth` (inclusive) at body offset `at`. */
  private closeTo(depth: number, at: number): void {
    while (this.stack.length > depth) {
      const element = this.stack.pop()!;
      element.end = at;
      this.stack[this.stack.length - 1]!.children.push(element);
    }
  }

  private takeBody(cursor: Cursor, end: number): void {
    const piece = this.take(cursor, end, 'call');
    if (piece === '') return;
    this.body.push(piece);
    this.bodyLength += piece.length;
    if (this.stack.length === 1) this.topText.push(piece);
  }

  private resetInvoke(): void {
    this.body = [];
    this.bodyLength = 0;
    this.stack = [{ name: '', start: 0, end: -1, children: [] }];
    this.name = '';
    this.topText = [];
    this.topTextStart = 0;
    this.repairs = [];
  }

  private failInvoke(): void {
    const name = this.name;
    this.resetInvoke();
    this.state = 'text';
    this.failCall(
      'incomplete_tool_call',
      'the tool call is cut off before its closing tag',
      name || undefined,
    );
  }

  private endInvoke(): void {
    const name = this.name;
    this.closeTo(1, this.bodyLength);
    const root = this.stack[0]!;
    root.end = this.bodyLength;
    const bodyText = this.body.join('');
    const repairs = this.repairs;
    this.resetInvoke();
    if (name === '') {
      this.failCall('missing_name', 'the invoke has no name attribute', undefined);
      return;
    }
    const schema = this.tools?.parameters(name);
    const typer = new ValueTyper(
      bodyText,
      schema,
      this.options.align,
      this.config.item,
      this.config.namespace,
    );
    const argumentsValue = typer.object(root, schema);
    if (typer.loose !== undefined) {
      // Text beside the parameters (a tag written without the namespace token, a remark) has no
      // place in the arguments, and dropping it could drop one: the call is not run as read.
      const { name: where, text } = typer.loose;
      const problem =
        where === ''
          ? 'the call body holds text outside its parameter tags'
          : `the value of "${where}" holds text outside its child tags`;
      this.failCall('invalid_tool_call', `${problem}: ${JSON.stringify(text.slice(0, 80))}`, name);
      return;
    }
    this.endCall({ name, argumentsValue, ...(repairs.length > 0 ? { repairs } : {}) });
  }
}

/** The `name` attribute of an invoke tag's text (`invoke name="NAME"`), `""` when missing. */
/** What text mode searches for (`markers`) and which of it is stray structure (`stray`). */
interface TextPlan {
  readonly markers: readonly string[];
  readonly stray: ReadonlySet<string>;
}

/** Per config: the plan with reasoning tags, then without (made once, not by every parser). */
const textPlans = memoByObject((config: NameTagConfig): readonly [TextPlan, TextPlan] => {
  const stray = config.strayMarkers ?? [];
  return [
    { markers: [config.namespace, ...stray], stray: new Set(stray) },
    { markers: [config.namespace], stray: new Set() },
  ];
});

/** The text-mode plan of `config`; `reasoning`: the parser recognizes reasoning tags. */
function textPlan(config: NameTagConfig, reasoning: boolean): TextPlan {
  return textPlans(config)[reasoning ? 0 : 1];
}

function invokeName(tagText: string): string {
  const match = /\bname\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/.exec(tagText);
  if (!match) return '';
  return (match[1] ?? match[2] ?? match[3] ?? '').trim();
}
