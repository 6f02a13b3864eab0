// Keyword values no JSON Schema can hold (`type: []`, `required: "a"`, `minLength: -5`), found per node.

import { escapePointer } from '../internal/escape-pointer.js';

/** One keyword whose value breaks the JSON Schema meta-schema, and what `SchemaRoot` does with it. */
export interface BadKeywordValue {
  readonly keyword: string;
  /** JSON Pointer of the bad value below its schema node (`''`: the keyword's value itself, else `/required/2`). */
  readonly at: string;
  /** The value, what it should be, and what happens instead (`required is "a", not a list of property names; not applied`). */
  readonly reason: string;
}

const COUNT_KEYWORDS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'];
const BOUND_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
const SINGLE_SCHEMA_KEYWORDS = ['additionalProperties', 'additionalItems', 'propertyNames'];

/**
 * The values of `node`'s keywords that the JSON Schema 2020-12 meta-schema (and draft 4-7 for
 * `items` lists and boolean `exclusiveMinimum` / `exclusiveMaximum`) does not allow, in keyword
 * order, each with what is done instead: the keyword is not applied (`required: "a"`, `pattern: 42`,
 * `type: []`), an entry is left out (`required: ["a", 5]`), a non-schema where a schema belongs
 * allows any value (`properties: {"a": 5}`, `anyOf: [1]`), a number bound that is negative or not
 * whole is compared as given (`minLength: -5` holds for every string, `maxItems: 1.5` for at most 1
 * item). Annotations (`title`, `default`, ...) and unknown keywords are not checked here; an unknown
 * `type` name is reported where it is read. Never throws, whatever the values are.
 */
export function badKeywordValues(node: { readonly [keyword: string]: unknown }): BadKeywordValue[] {
  const out: BadKeywordValue[] = [];
  const bad = (keyword: string, reason: string, at = ''): void => {
    out.push({ keyword, at, reason });
  };
  for (const keyword of Object.keys(node)) {
    const value = node[keyword];
    if (value === undefined) continue;
    if (keyword === 'type') {
      if (typeof value === 'string') continue;
      if (!Array.isArray(value) || value.length === 0) {
        bad(keyword, `type is ${shown(value)}, not a type name or a non-empty list of them; not applied`);
        continue;
      }
      value.forEach((entry, index) => {
        if (typeof entry !== 'string')
          bad(keyword, `${shown(entry)} is not a type name; left out`, `/${index}`);
      });
    } else if (keyword === 'enum') {
      if (!Array.isArray(value)) bad(keyword, `enum is ${shown(value)}, not a list; not applied`);
    } else if (keyword === 'required') {
      if (!Array.isArray(value)) {
        bad(keyword, `required is ${shown(value)}, not a list of property names; not applied`);
        continue;
      }
      value.forEach((entry, index) => {
        if (typeof entry !== 'string')
          bad(keyword, `${shown(entry)} is not a property name; left out`, `/${index}`);
      });
    } else if (keyword === 'properties') {
      if (!isObject(value)) {
        bad(keyword, `properties is ${shown(value)}, not an object; not applied`);
        continue;
      }
      const entries = value as Record<string, unknown>;
      for (const name of Object.keys(entries)) {
        const entry = entries[name];
        if (!isSchema(entry))
          bad(keyword, `${shown(entry)} is not a schema; any value allowed`, `/${escapePointer(name)}`);
      }
    } else if (keyword === 'items' && Array.isArray(value)) {
      schemaList(keyword, value, bad);
    } else if (keyword === 'items' || SINGLE_SCHEMA_KEYWORDS.includes(keyword)) {
      if (!isSchema(value)) bad(keyword, `${keyword} is ${shown(value)}, not a schema; not applied`);
    } else if (keyword === 'prefixItems') {
      if (!Array.isArray(value))
        bad(keyword, `prefixItems is ${shown(value)}, not a list of schemas; not applied`);
      else schemaList(keyword, value, bad);
    } else if (keyword === 'anyOf' || keyword === 'oneOf' || keyword === 'allOf') {
      if (!Array.isArray(value))
        bad(keyword, `${keyword} is ${shown(value)}, not a list of schemas; not applied`);
      else if (value.length === 0)
        bad(
          keyword,
          `${keyword} is [], not a non-empty list of schemas; ${keyword === 'allOf' ? 'any value allowed' : 'no value allowed'}`,
        );
      else schemaList(keyword, value, bad);
    } else if (keyword === '$ref' || keyword === 'pattern' || keyword === 'format') {
      if (typeof value !== 'string') bad(keyword, `${keyword} is ${shown(value)}, not a string; not applied`);
    } else if (keyword === 'nullable' || keyword === 'uniqueItems') {
      if (typeof value !== 'boolean')
        bad(keyword, `${keyword} is ${shown(value)}, not a boolean; not applied`);
    } else if (COUNT_KEYWORDS.includes(keyword)) {
      // A non-finite number (1e400 read as Infinity) is reported where the bound is applied.
      if (typeof value !== 'number')
        bad(keyword, `${keyword} is ${shown(value)}, not a non-negative integer; not applied`);
      else if (Number.isFinite(value) && (value < 0 || !Number.isInteger(value)))
        bad(keyword, `${keyword} is ${shown(value)}, not a non-negative integer; compared as given`);
    } else if (BOUND_KEYWORDS.includes(keyword)) {
      const draft4 = typeof value === 'boolean' && keyword.startsWith('exclusive');
      if (typeof value !== 'number' && !draft4)
        bad(keyword, `${keyword} is ${shown(value)}, not a number; not applied`);
    } else if (keyword === 'multipleOf') {
      if (typeof value !== 'number' || !(value > 0))
        bad(keyword, `multipleOf is ${shown(value)}, not a number above 0; not applied`);
    }
  }
  return out;
}

/** Entries of a list of schemas that are not schemas (each allows any value in its place). */
function schemaList(
  keyword: string,
  list: readonly unknown[],
  bad: (keyword: string, reason: string, at: string) => void,
): void {
  list.forEach((entry, index) => {
    if (!isSchema(entry)) bad(keyword, `${shown(entry)} is not a schema; any value allowed`, `/${index}`);
  });
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSchema(value: unknown): boolean {
  return typeof value === 'boolean' || isObject(value);
}

/** A value as a warning names it: short, and never throwing (a BigInt, a cyclic object). */
function shown(value: unknown): string {
  if (typeof value === 'string')
    return value.length <= 40
      ? JSON.stringify(value)
      : `${JSON.stringify(value.slice(0, 40)).slice(0, -1)}..."`;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'not a finite number';
  if (typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '[]' : 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
