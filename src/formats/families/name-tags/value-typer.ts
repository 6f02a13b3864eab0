import { setOwnProperty } from '../../../internal/set-own-property.js';
import { skipWhitespace } from '../../../internal/whitespace.js';
import type { SchemaAlignment } from '../../../schema/schema-alignment.js';
import type { SchemaRoot } from '../../../schema/schema-root.js';
import type { JSONSchema } from '../../../types/json-schema.js';

// Types an invoke's element tree (read by `NameTagParser`) into argument values, walking the tool's
// JSON Schema alongside: arrays, objects and verbatim strings by schema, leaves by `typeParameterText`.

const exactNull = new Set(['null', 'Null', 'NULL']);

/** Whitespace allowed between the namespace token and `<` (`NameTagParser` reads tags so too). */
export const maxGap = 64;
/** Longest tag (between `<` and `>`) read; a longer one is data. */
export const maxTag = 512;

/** One element of an invoke: inner text span `[start, end)` of the invoke's body, and child elements. */
export interface Element {
  readonly name: string;
  readonly start: number;
  end: number;
  readonly children: Element[];
}

/**
 * Turns an invoke's element tree into values, walking the tool's schema alongside (`root`, read by
 * `align`; without them every leaf is its text).
 */
export class ValueTyper {
  private readonly root: SchemaRoot | undefined;
  /**
   * The first text found beside the child tags of an element whose value is built from its children
   * (the invoke's arguments, an object, an array), with the element's name (`""`: the invoke). That
   * value has no place for the text, so the call must not be run as read (see `NameTagParser`).
   */
  loose: { readonly name: string; readonly text: string } | undefined;

  constructor(
    private readonly body: string,
    schema: JSONSchema | undefined,
    private readonly align: SchemaAlignment | undefined,
    private readonly item: string,
    private readonly namespace: string,
  ) {
    this.root = schema === undefined || align === undefined ? undefined : align.root(schema);
  }

  value(element: Element, schema: JSONSchema | undefined): unknown {
    const inner = this.body.slice(element.start, element.end);
    if (element.children.length === 0) {
      if (!this.root || !this.align || schema === undefined) return inner;
      // Null only for the exact spellings `null` / `Null` / `NULL` (SGLang); `None` stays text.
      const trimmed = inner.trim();
      if (trimmed.toLowerCase() === 'none' || (trimmed.toLowerCase() === 'null' && !exactNull.has(trimmed)))
        return inner;
      return this.align.typeParameterText(inner, schema, this.root);
    }
    const options = this.root && schema !== undefined ? this.root.options(schema) : [];
    if (options.some((option) => option.kind === 'string')) return inner;
    const array = options.find((option) => option.kind === 'array');
    const object = options.find((option) => option.kind === 'object');
    const allItems = element.children.every((child) => child.name === this.item);
    if (array && array.kind === 'array' && (allItems || !object)) {
      this.noteLoose(element);
      return element.children.map((child, index) =>
        this.value(child, array.prefixItems[index] ?? array.items),
      );
    }
    if (!object && allItems) {
      this.noteLoose(element);
      return element.children.map((child) => this.value(child, undefined));
    }
    return this.object(element, schema);
  }

  object(element: Element, schema: JSONSchema | undefined): Record<string, unknown> {
    this.noteLoose(element);
    const option =
      this.root && schema !== undefined
        ? this.root.options(schema).find((o) => o.kind === 'object')
        : undefined;
    const result: Record<string, unknown> = {};
    const repeated = new Set<string>();
    for (const child of element.children) {
      let childSchema: JSONSchema | undefined;
      if (option && option.kind === 'object') {
        const property = option.properties.find(([key]) => key === child.name);
        childSchema = property ? property[1] : option.additional === false ? undefined : option.additional;
      }
      const value = this.value(child, childSchema);
      if (!Object.hasOwn(result, child.name)) {
        setOwnProperty(result, child.name, value);
      } else if (repeated.has(child.name)) {
        (result[child.name] as unknown[]).push(value);
      } else {
        repeated.add(child.name);
        setOwnProperty(result, child.name, [result[child.name], value]);
      }
    }
    return result;
  }

  /** Records the text beside `element`'s child tags (see `loose`), unless text was found already. */
  private noteLoose(element: Element): void {
    if (this.loose !== undefined) return;
    let from = element.start;
    for (const child of element.children) {
      const text = textBesideTags(this.body.slice(from, child.start), this.namespace);
      if (text !== '') {
        this.loose = { name: element.name, text };
        return;
      }
      from = child.end;
    }
    const text = textBesideTags(this.body.slice(from, element.end), this.namespace);
    if (text !== '') this.loose = { name: element.name, text };
  }
}

/**
 * `gap` (body text between two children of an element: the first one's closing tag, the next one's
 * opening tag) without its tags, namespace tokens and surrounding whitespace. Whitespace between tags
 * is layout; a namespace token is the model's structural token, never argument text, even when no
 * tag follows it. What is left is text the model wrote beside the parameters.
 */
function textBesideTags(gap: string, namespace: string): string {
  let text = '';
  let from = 0;
  for (;;) {
    const at = gap.indexOf(namespace, from);
    if (at < 0) return (text + gap.slice(from)).trim();
    text += gap.slice(from, at);
    from = at + namespace.length;
    const open = skipWhitespace(gap, from);
    if (open - from > maxGap || gap.charCodeAt(open) !== 0x3c /* < */) continue;
    const close = gap.indexOf('>', open);
    // Only what `NameTagParser.readTag` reads as a tag is structure: bounded, no `<` inside.
    const inner = close < 0 ? '' : gap.slice(open + 1, close);
    if (close - open - 1 <= maxTag && !inner.includes('<') && inner.replace(/^\//, '').trim() !== '')
      from = close + 1;
  }
}
