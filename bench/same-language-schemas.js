// Schemas rewritten so that toolwire and node-llama-cpp's converter (getGbnfGrammarForGbnfJsonSchema)
// read them as the same language, for the grammar benchmark's "same language" text row.
//
// Why: node-llama-cpp's converter reads a subset of JSON Schema, and reads some of it differently, so
// comparing grammar text on the raw corpus compares two languages. Where its reading differs from
// JSON Schema's (read from node-llama-cpp 3.21.1, dist/utils/gbnfJson/):
// - an object: every declared property is required, in the declared order, and no other key is
//   allowed unless `additionalProperties` is true or a schema (then any key, even a declared one
//   again); `required` is not read;
// - a schema without `type` (nor `const`, `enum`, `oneOf`, `$ref`) is `null` only, and so is a boolean
//   schema (`true`, `false`) anywhere but `additionalProperties`;
// - `type: "integer"` is digits with an optional exponent, a negative one too (`1e-1` is accepted);
// - a number has at most 16 digits before the point, 16 after it and 16 in the exponent: every
//   IEEE double still has such a spelling, so as JavaScript reads numbers the values are the same;
// - `minimum`, `maximum`, `exclusive*`, `multipleOf`, `pattern`, `uniqueItems`, `contains`, `not`,
//   `allOf`, `anyOf`, `if`, `patternProperties`, `propertyNames`, `dependent*`, `unevaluated*` are
//   not read; `format` is read for date, time and date-time only (other formats: `""` only);
// - `oneOf` is a plain union (JSON Schema's needs exactly one alternative to match);
// - `const` and `enum` win over every other keyword, `$ref` over everything (only `#/$defs/name`);
// - `prefixItems` are all required (`minItems` is raised to their count);
// - a `type` array reads only string / number / integer / boolean / null, and no other keyword;
// - a string literal (`const`, `enum`, a property name) is spelled with `\\ \" \t \r \n` escaped and
//   every other character raw, so one holding another control character is not valid JSON.
// The rewrite makes node-llama-cpp's defaults explicit in JSON Schema (objects: `required` = every
// declared property and `additionalProperties: false`; `prefixItems`: `minItems` at least their
// count; a lone `anyOf` of alternatives of different types: `oneOf`, the same language then) and
// leaves out every schema where one of the other differences would change what is accepted. Layout
// (whitespace, node-llama-cpp's four closing newlines) and spelling (an escaped or raw DEL, `1` or
// `1.0` for a `const` 1) are not language differences: the JSON values accepted are the same. Both
// write an object's properties in the declared order. test/grammar/same-language.test.ts checks the
// kept schemas with llama.cpp's grammar engine.

/** Keywords that describe a schema without constraining its values. */
const ANNOTATIONS = new Set([
  '$schema',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** The types node-llama-cpp reads from a `type` array. */
const BASIC_TYPES = new Set(['string', 'number', 'boolean', 'null']);

class Dropped extends Error {}

function drop(reason) {
  throw new Dropped(reason);
}

/** The keys of `schema` that are not annotations (`$defs` counts as one at the root). */
function constraints(schema, root) {
  return Object.keys(schema).filter((key) => !ANNOTATIONS.has(key) && !(root && key === '$defs'));
}

function onlyKeys(schema, root, allowed, what) {
  for (const key of constraints(schema, root)) {
    if (!allowed.includes(key)) drop(`${key} beside ${what}`);
  }
}

/** A string node-llama-cpp spells as valid JSON: no control character but tab, CR and LF. */
function checkLiteralString(text) {
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) drop('string literal with a control character');
}

function literalType(value) {
  if (value === null) return 'null';
  if (typeof value === 'string') {
    checkLiteralString(value);
    return 'string';
  }
  if (typeof value === 'number' || typeof value === 'boolean') return typeof value;
  return drop('const or enum of an object or array');
}

function fitsType(value, type) {
  const kind = literalType(value);
  if (type === undefined) return true;
  const types = Array.isArray(type) ? type : [type];
  return types.includes(kind) || (kind === 'number' && types.includes('integer') && Number.isInteger(value));
}

/** The JSON types a rewritten schema can take (for `oneOf` disjointness), or undefined. */
function typesOf(schema) {
  if ('const' in schema) return [literalType(schema.const)];
  if ('enum' in schema) return [...new Set(schema.enum.map(literalType))];
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type;
  return undefined;
}

function nonNegativeInteger(value, key) {
  if (!Number.isInteger(value) || value < 0) drop(`${key} not a non-negative integer`);
}

function rewriteNode(schema, context, root = false) {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return drop('boolean sub-schema (node-llama-cpp reads it as null)');
  }
  if ('$ref' in schema) {
    onlyKeys(schema, root, ['$ref'], '$ref');
    const match = /^#\/\$defs\/([A-Za-z0-9_-]+)$/.exec(schema.$ref);
    if (match === null || context.defs?.[match[1]] === undefined) drop('$ref other than #/$defs/name');
    context.used.add(match[1]);
    return { $ref: schema.$ref };
  }
  for (const key of ['oneOf', 'anyOf']) {
    if (!(key in schema)) continue;
    onlyKeys(schema, root, [key], key);
    const options = schema[key].map((option) => rewriteNode(option, context));
    const seen = new Set();
    for (const option of options) {
      const types = typesOf(option);
      if (types === undefined) drop(`${key} alternative of unknown type`);
      for (const type of types) {
        if (seen.has(type)) drop(`${key} alternatives that overlap`);
        seen.add(type);
      }
    }
    return { oneOf: options };
  }
  if ('const' in schema) {
    onlyKeys(schema, root, ['const', 'type'], 'const');
    literalType(schema.const);
    if (!fitsType(schema.const, schema.type)) drop('const of another type');
    return { const: schema.const };
  }
  if ('enum' in schema) {
    onlyKeys(schema, root, ['enum', 'type'], 'enum');
    if (schema.enum.length === 0) drop('empty enum');
    for (const value of schema.enum) literalType(value);
    if (!schema.enum.every((value) => fitsType(value, schema.type))) drop('enum value of another type');
    return { enum: schema.enum };
  }
  const type = schema.type;
  if (type === undefined) return drop('no type (any value; node-llama-cpp reads null only)');
  if (Array.isArray(type)) {
    onlyKeys(schema, root, ['type'], 'a type array');
    if (!type.every((name) => BASIC_TYPES.has(name))) {
      drop(type.includes('integer') ? 'integer' : 'object or array in a type array');
    }
    return { type };
  }
  switch (type) {
    case 'null':
    case 'boolean':
    case 'number':
      onlyKeys(schema, root, ['type'], `type ${type}`);
      return { type };
    case 'integer':
      return drop('integer (node-llama-cpp also accepts a negative exponent: 1e-1)');
    case 'string': {
      onlyKeys(schema, root, ['type', 'minLength', 'maxLength'], 'type string');
      const out = { type };
      for (const key of ['minLength', 'maxLength']) {
        if (key in schema) {
          nonNegativeInteger(schema[key], key);
          out[key] = schema[key];
        }
      }
      if ((out.maxLength ?? Number.POSITIVE_INFINITY) < (out.minLength ?? 0))
        drop('maxLength below minLength');
      return out;
    }
    case 'object':
      return rewriteObject(schema, context, root);
    case 'array':
      return rewriteArray(schema, context, root);
    default:
      return drop(`type ${type}`);
  }
}

function rewriteObject(schema, context, root) {
  onlyKeys(schema, root, ['type', 'properties', 'required', 'additionalProperties'], 'type object');
  const names = Object.keys(schema.properties ?? {});
  for (const name of names) checkLiteralString(name);
  for (const name of schema.required ?? []) {
    if (!names.includes(name)) drop('required name not among the properties');
  }
  const extra = schema.additionalProperties;
  if (names.length === 0 && extra !== undefined && extra !== false) {
    // A map: any key, each value of one schema (`true`: any value), in both readings.
    return { type: 'object', additionalProperties: extra === true ? true : rewriteNode(extra, context) };
  }
  if (extra !== undefined && extra !== false) drop('additional properties beside declared ones');
  const properties = {};
  for (const name of names) properties[name] = rewriteNode(schema.properties[name], context);
  return names.length === 0
    ? { type: 'object', additionalProperties: false }
    : { type: 'object', properties, required: names, additionalProperties: false };
}

function rewriteArray(schema, context, root) {
  onlyKeys(schema, root, ['type', 'items', 'prefixItems', 'minItems', 'maxItems'], 'type array');
  const out = { type: 'array' };
  if ('prefixItems' in schema) out.prefixItems = schema.prefixItems.map((item) => rewriteNode(item, context));
  if ('items' in schema) {
    if (Array.isArray(schema.items)) drop('items as an array');
    out.items = rewriteNode(schema.items, context);
  }
  for (const key of ['minItems', 'maxItems']) {
    if (key in schema) {
      nonNegativeInteger(schema[key], key);
      out[key] = schema[key];
    }
  }
  const prefix = out.prefixItems?.length ?? 0;
  if (prefix > 0 && (out.minItems ?? 0) < prefix) out.minItems = prefix;
  if ((out.maxItems ?? Number.POSITIVE_INFINITY) < (out.minItems ?? 0)) drop('maxItems below minItems');
  return out;
}

/**
 * `schema` rewritten into the form both converters read as the same language: `{ schema }`, or
 * `{ reason }` when some part of it is read differently and cannot be rewritten.
 */
export function sameLanguageSchema(schema) {
  try {
    const defs = typeof schema === 'object' && schema !== null ? schema.$defs : undefined;
    const context = { defs, used: new Set() };
    const out = rewriteNode(schema, context, true);
    if (defs !== undefined) {
      // Definitions are rewritten once each, including those only other definitions use.
      const rewritten = {};
      const pending = [...context.used];
      while (pending.length > 0) {
        const name = pending.pop();
        if (name in rewritten) continue;
        rewritten[name] = rewriteNode(defs[name], context);
        for (const used of context.used) if (!(used in rewritten)) pending.push(used);
      }
      if (Object.keys(rewritten).length > 0) out.$defs = rewritten;
    }
    return { schema: out };
  } catch (error) {
    if (error instanceof Dropped) return { reason: error.message };
    throw error;
  }
}
