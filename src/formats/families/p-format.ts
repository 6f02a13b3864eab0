/**
 * P-Format: positional tool calls `name[value|value]` as the tinyagents / OpenHuman agent harness
 * prompts models to write them inside `<tool_call>` tags. Two published syntaxes:
 *
 * - positional (tinyagents `src/harness/tool_calling/pformat.rs`, "v1"): values fill the tool's
 *   parameters in the ALPHABETICAL order of its schema `properties`: `math[true|42|2.75]` with
 *   `{x, y, verbose}` → `{verbose: true, x: 42, y: 2.75}`. Extra values are dropped, missing trailing
 *   values are absent, empty slots stay `""`.
 * - indexed (tinytools `pformat.rs`, "v2"): `name[0|London|1|metric]`, slot index then value. Slots are
 *   numbered with the schema's `required` parameters first (in `required` order), then the optional
 *   ones alphabetically. An odd token count, a non-numeric index or an index out of range rejects the
 *   call; an empty value omits the key; a repeated slot keeps the last value.
 *
 * Shared rules: the trimmed body is `NAME[...]` ending with `]` (nothing after it), NAME is
 * `[A-Za-z0-9_]+` and must be one of the offered tools (argument names are never invented). Values are
 * split on unescaped `|`; `\|`, `\]` and `\\` are the only escapes, any other backslash is kept (Windows
 * paths). `name[]` is `{}`. Values are coerced by the parameter's schema type (`integer`, `number`,
 * `boolean` as `true/yes/1`, `false/no/0`), trimmed first; a value that does not coerce stays the
 * string as written. Source: `../shared/docs/openhuman.md` §1b.
 */

import { setOwnProperty } from '../../internal/set-own-property.js';
import type { JSONSchema } from '../../types/json-schema.js';
import type { ToolIndex } from '../core/tool-index.js';

/** Which P-Format syntax to read: `auto` tries `indexed` first and falls back to `positional`. */
export type PFormatSyntax = 'auto' | 'positional' | 'indexed';

/** A decoded P-Format call. */
export interface PFormatCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/** Is `code` a tool-name character, `[A-Za-z0-9_]`? */
export const isNameCode = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) ||
  (code >= 0x41 && code <= 0x5a) ||
  (code >= 0x61 && code <= 0x7a) ||
  code === 0x5f;

/** Whether `text[from, to)` is a non-empty run of `[A-Za-z0-9_]`. */
export function isPFormatName(text: string, from = 0, to = text.length): boolean {
  if (to <= from) return false;
  for (let index = from; index < to; index++) if (!isNameCode(text.charCodeAt(index))) return false;
  return true;
}

/**
 * Decodes one P-Format call body (the text inside a tag, surrounding whitespace allowed).
 * Returns `undefined` when the body is not P-Format, names a tool that is not in `tools`, or (indexed
 * syntax) has a malformed index list. Linear in the body length; never throws.
 */
export function parsePFormatCall(
  body: string,
  tools: ToolIndex | undefined,
  syntax: PFormatSyntax = 'auto',
): PFormatCall | undefined {
  if (!tools) return undefined;
  const text = body.trim();
  if (!text.endsWith(']')) return undefined;
  const open = text.indexOf('[');
  if (open <= 0 || !isPFormatName(text, 0, open)) return undefined;
  const name = text.slice(0, open);
  if (!tools.has(name)) return undefined;
  const inner = text.slice(open + 1, -1);
  if (inner === '') return { name, arguments: {} };
  const tokens = splitValues(inner);
  if (tokens === undefined) return undefined;
  const schema = tools.parameters(name);
  if (syntax !== 'positional') {
    const indexed = indexedArguments(tokens, schema);
    if (indexed) return { name, arguments: indexed };
    if (syntax === 'indexed') return undefined;
  }
  const slots = positionalSlots(schema);
  const args: Record<string, unknown> = {};
  tokens.forEach((token, index) => {
    const key = slots[index];
    if (key !== undefined) setOwnProperty(args, key, coerce(token, propertySchema(schema, key)));
  });
  return { name, arguments: args };
}

/**
 * Splits on unescaped `|` and resolves `\|`, `\]`, `\\`. `undefined` when an unescaped `]` is inside
 * (the body then had text after its closing bracket).
 */
function splitValues(inner: string): string[] | undefined {
  const tokens: string[] = [];
  let current = '';
  for (let index = 0; index < inner.length; index++) {
    const char = inner[index];
    if (char === '\\') {
      const next = inner[index + 1];
      if (next === '|' || next === ']' || next === '\\') {
        current += next;
        index++;
        continue;
      }
      current += char;
    } else if (char === '|') {
      tokens.push(current);
      current = '';
    } else if (char === ']') {
      return undefined;
    } else {
      current += char;
    }
  }
  tokens.push(current);
  return tokens;
}

function properties(schema: JSONSchema | undefined): Record<string, JSONSchema> {
  if (typeof schema !== 'object' || schema === null) return {};
  const value = schema.properties;
  return typeof value === 'object' && value !== null ? (value as Record<string, JSONSchema>) : {};
}

function propertySchema(schema: JSONSchema | undefined, key: string): JSONSchema | undefined {
  const all = properties(schema);
  return Object.hasOwn(all, key) ? all[key] : undefined;
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Positional (v1) slot order: property names sorted (code-unit order, as Rust sorts strings). */
export function positionalSlots(schema: JSONSchema | undefined): string[] {
  return Object.keys(properties(schema)).sort(byCodeUnits);
}

/** Indexed (v2) slot order: `required` properties in `required` order, then the rest sorted. */
export function indexedSlots(schema: JSONSchema | undefined): string[] {
  const all = properties(schema);
  const required =
    typeof schema === 'object' && schema !== null && Array.isArray(schema.required)
      ? (schema.required as unknown[]).filter(
          (key): key is string => typeof key === 'string' && Object.hasOwn(all, key),
        )
      : [];
  const seen = new Set(required);
  const slots = [...seen];
  for (const key of Object.keys(all).sort(byCodeUnits)) if (!seen.has(key)) slots.push(key);
  return slots;
}

function indexedArguments(
  tokens: readonly string[],
  schema: JSONSchema | undefined,
): Record<string, unknown> | undefined {
  if (tokens.length < 2 || tokens.length % 2 !== 0) return undefined;
  const slots = indexedSlots(schema);
  const args: Record<string, unknown> = {};
  for (let index = 0; index < tokens.length; index += 2) {
    const slotText = (tokens[index] ?? '').trim();
    if (!/^\d{1,6}$/.test(slotText)) return undefined;
    const key = slots[Number(slotText)];
    if (key === undefined) return undefined;
    const value = tokens[index + 1] ?? '';
    if (value === '') {
      delete args[key];
      continue;
    }
    setOwnProperty(args, key, coerce(value, propertySchema(schema, key)));
  }
  return args;
}

function schemaType(schema: JSONSchema | undefined): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type))
    return type.find((entry): entry is string => typeof entry === 'string' && entry !== 'null');
  return undefined;
}

/** Coerces one value by the schema type; a value that does not coerce stays as written. */
function coerce(value: string, schema: JSONSchema | undefined): unknown {
  const text = value.trim();
  switch (schemaType(schema)) {
    case 'integer':
      if (/^[+-]?\d{1,19}$/.test(text)) {
        const number = Number(text);
        if (Number.isSafeInteger(number)) return number;
      }
      return value;
    case 'number':
      if (/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(text)) {
        const number = Number(text);
        if (Number.isFinite(number)) return number;
      }
      return value;
    case 'boolean': {
      const lower = text.toLowerCase();
      if (lower === 'true' || lower === 'yes' || lower === '1') return true;
      if (lower === 'false' || lower === 'no' || lower === '0') return false;
      return value;
    }
    default:
      return value;
  }
}
