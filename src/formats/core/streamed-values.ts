import { setOwnProperty } from '../../internal/set-own-property.js';
import type { JSONSchema } from '../../types/json-schema.js';
import { argumentJson } from './argument-json.js';

// Helpers for formats that stream argument members they build from tagged values (XML parameters,
// GLM key/value pairs): the deltas must join to a JSON text of the call's aligned arguments.

/**
 * `JSON.stringify(text)` without its quotes. Most streamed pieces need no escape and are their own
 * JSON text: checked in one pass, without the two strings `JSON.stringify(text).slice(1, -1)` makes.
 */
export function jsonStringContent(text: string): string {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // Quote, backslash, control characters and surrogates (escaped when lone) take the general path.
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff))
      return JSON.stringify(text).slice(1, -1);
  }
  return text;
}

/**
 * Does `typeParameterText` certainly return a value's raw text under `schema`? True for no schema, a
 * boolean schema and a plain `{ type: "string" }` (no alternatives, nullability, enums, consts or refs).
 */
export function isTextSchema(schema: JSONSchema | undefined): boolean {
  if (schema === undefined || typeof schema === 'boolean') return true;
  for (const keyword of [
    'anyOf',
    'oneOf',
    'allOf',
    '$ref',
    'nullable',
    'enum',
    'const',
    'properties',
    'items',
  ]) {
    if (Object.hasOwn(schema, keyword)) return false;
  }
  const type = schema.type;
  const types = Array.isArray(type) ? type : [type];
  return types.length > 0 && types.every((entry) => entry === 'string' || entry === 'str');
}

/**
 * Whether alignment certainly keeps a string, boolean or finite number as it is under a property's
 * schema: a plain string schema for a string (`isTextSchema`), `boolean` for a boolean, `number` (or
 * `integer` for an integer) for a number, with no alternatives, enums or references. `undefined`: the
 * tool does not declare the key (alignment may drop or rename it).
 */
export function keepsAsIs(value: string | boolean | number, schema: JSONSchema | undefined): boolean {
  if (schema === undefined) return false;
  if (typeof value === 'string') return isTextSchema(schema);
  if (typeof schema !== 'object' || schema === null) return schema === true;
  for (const keyword of ['anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const', 'nullable'])
    if (Object.hasOwn(schema, keyword)) return false;
  if (typeof value === 'boolean') return schema.type === 'boolean';
  return schema.type === 'number' || (schema.type === 'integer' && Number.isInteger(value));
}

/**
 * The members a format streamed for its open call as `"key":value` fragments of the argument JSON
 * (Python-call and Gemma formats), so that the call's last delta can complete them (`CallParts.
 * streamedKeys` / `streamedValues`). Create one per call, or `clear()` between calls.
 */
export class StreamedMembers {
  private any = false;
  private keys = new Set<string>();
  private values: Record<string, unknown> = {};

  /**
   * The delta for member `key` = `value` when it may stream now: a string, boolean or finite number
   * that alignment keeps as it is under `schema` (`keepsAsIs`), or any such value when `withTools` is
   * false. `undefined` otherwise: the member then comes with the call's last delta, and an earlier
   * streamed copy of the key no longer counts.
   */
  delta(key: string, value: unknown, schema: JSONSchema | undefined, withTools: boolean): string | undefined {
    const primitive =
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value));
    if (!primitive || (withTools && !keepsAsIs(value, schema))) {
      this.keys.delete(key);
      return undefined;
    }
    const delta = `${this.any ? ',' : '{'}${JSON.stringify(key)}:${argumentJson(value)}`;
    this.any = true;
    this.keys.add(key);
    setOwnProperty(this.values, key, value);
    return delta;
  }

  /**
   * What `endCall` needs once a member streamed (the keys may be empty: later copies took them all
   * back, and the last delta must still close the object), else `undefined`.
   */
  parts():
    | { streamedKeys: ReadonlySet<string>; streamedValues: Readonly<Record<string, unknown>> }
    | undefined {
    return this.any ? { streamedKeys: this.keys, streamedValues: this.values } : undefined;
  }

  /** Forgets the call (what `parts()` returned before stays as it was). */
  clear(): void {
    this.any = false;
    this.keys = new Set();
    this.values = {};
  }
}
