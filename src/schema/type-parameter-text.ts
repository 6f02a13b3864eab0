import { parseLenientJson } from '../json/parse-lenient-json.js';
import type { JSONSchema } from '../types/json-schema.js';

/**
 * Types the raw text of one XML-style parameter (`<parameter=K>V</parameter>`) by its JSON Schema:
 * `integer`/`number` text becomes a number, `boolean` text `true`/`false` (any case) a boolean,
 * `null` text null where the schema allows null, `object`/`array` text is decoded as (lenient) JSON.
 * `string`, an unknown parameter (`schema` undefined) or text that does not fit keeps the raw string,
 * so nothing is lost. A `type` array or `anyOf`/`oneOf` tries the non-string alternatives first.
 *
 * This is the foundation's typing; the full schema interpretation (`$ref`, enums, flags and issues)
 * is `alignText` in this folder's SchemaRoot work.
 */
export function typeParameterText(text: string, schema: JSONSchema | undefined): unknown {
  if (schema === undefined || typeof schema === 'boolean') return text;
  const types = collectTypes(schema, 0);
  if (types.size === 0) return text;
  const trimmed = text.trim();
  if ((types.has('null') || types.has('None')) && /^(null|none)$/i.test(trimmed)) return null;
  if (types.has('integer') || types.has('number')) {
    const number = parseNumberText(trimmed);
    if (number !== undefined && (types.has('number') || Number.isInteger(number))) return number;
  }
  if (types.has('boolean')) {
    const lower = trimmed.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  if (types.has('object') || types.has('array')) {
    const first = trimmed.charCodeAt(0);
    if (first === 0x7b /* { */ || first === 0x5b /* [ */) {
      const parsed = parseLenientJson(trimmed);
      if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) {
        const isArray = Array.isArray(parsed.value);
        if ((isArray && types.has('array')) || (!isArray && types.has('object'))) return parsed.value;
      }
    }
  }
  return text;
}

const aliases: Record<string, string> = {
  int: 'integer',
  float: 'number',
  double: 'number',
  str: 'string',
  bool: 'boolean',
  dict: 'object',
  list: 'array',
  None: 'null',
};

function collectTypes(schema: { readonly [keyword: string]: unknown }, depth: number): Set<string> {
  const types = new Set<string>();
  if (depth > 8) return types;
  const type = schema.type;
  for (const entry of Array.isArray(type) ? type : [type]) {
    if (typeof entry === 'string') types.add(aliases[entry] ?? entry);
  }
  if (schema.nullable === true) types.add('null');
  if (type === undefined && typeof schema.properties === 'object') types.add('object');
  if (type === undefined && typeof schema.items === 'object') types.add('array');
  for (const keyword of ['anyOf', 'oneOf']) {
    const options = schema[keyword];
    if (!Array.isArray(options)) continue;
    for (const option of options) {
      if (typeof option === 'object' && option !== null) {
        for (const nested of collectTypes(option as { readonly [keyword: string]: unknown }, depth + 1)) {
          types.add(nested);
        }
      }
    }
  }
  return types;
}

const numberPattern = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function parseNumberText(text: string): number | undefined {
  if (!numberPattern.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
