import { setOwnProperty } from '../../../internal/set-own-property.js';
import type { SchemaAlignment } from '../../../schema/schema-alignment.js';
import type { SchemaRoot } from '../../../schema/schema-root.js';
import type { JSONSchema } from '../../../types/json-schema.js';

// Types an invoke's element tree (read by `NameTagParser`) into argument values, walking the tool's
// JSON Schema alongside: arrays, objects and verbatim strings by schema, leaves by `typeParameterText`.

const exactNull = new Set(['null', 'Null', 'NULL']);

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

  constructor(
    private readonly body: string,
    schema: JSONSchema | undefined,
    private readonly align: SchemaAlignment | undefined,
    private readonly item: string,
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
      return element.children.map((child, index) =>
        this.value(child, array.prefixItems[index] ?? array.items),
      );
    }
    if (!object && allItems) return element.children.map((child) => this.value(child, undefined));
    return this.object(element, schema);
  }

  object(element: Element, schema: JSONSchema | undefined): Record<string, unknown> {
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
}
