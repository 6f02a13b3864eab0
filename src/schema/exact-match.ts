// Whether a value already conforms to a schema exactly: the allocation-free check behind
// `alignValue`'s fast path and each union's first pass.
import type { JSONSchema } from '../types/json-schema.js';
import { type AlignContext, isPlainObject, MAX_VALUE_DEPTH } from './align-context.js';
import { codePointLength } from './align-string.js';
import { matchesLiteral } from './matches-literal.js';
import {
  declaredProperties,
  isDefaultLike,
  type ObjectOption,
  propertyOptions,
  undeclaredRequired,
} from './object-properties.js';
import { optionsIndex } from './options-index.js';
import type { SchemaObject, SchemaOption } from './schema-root.js';

/**
 * Whether `value` conforms to `schema` exactly: aligning it would apply no coercion, raise no issue
 * and return an equal value. A pure check that allocates nothing; it mirrors the rules of the
 * per-type aligners and answers `false` whenever unsure (the full alignment then runs).
 */
export function exactMatch(
  context: AlignContext,
  value: unknown,
  schema: JSONSchema | undefined,
  depth: number,
): boolean {
  return exactMatchList(context, value, context.root.options(schema), depth);
}

/**
 * `exactMatch` over already split options. A string literal is exact only for that very string, so
 * a long enum's strings are one set lookup and only the other options are tried one by one; a short
 * list is tried in order (cheaper than looking its index up).
 */
export function exactMatchList(
  context: AlignContext,
  value: unknown,
  options: readonly SchemaOption[],
  depth: number,
): boolean {
  if (depth > MAX_VALUE_DEPTH) return false;
  if (options.length <= SHORT_LIST) {
    for (let index = 0; index < options.length; index++) {
      if (exactOption(context, value, options[index] as SchemaOption, depth)) return true;
    }
    return false;
  }
  const { strings, others } = optionsIndex(options);
  if (typeof value === 'string' && strings.has(value)) return true;
  for (let index = 0; index < others.length; index++) {
    if (exactOption(context, value, others[index] as SchemaOption, depth)) return true;
  }
  return false;
}

/** Options lists up to this long are tried in order rather than through their `OptionsIndex`. */
const SHORT_LIST = 8;

function exactOption(context: AlignContext, value: unknown, option: SchemaOption, depth: number): boolean {
  switch (option.kind) {
    case 'any':
    case 'unknown':
      return value !== undefined;
    case 'never':
      return false;
    case 'literal':
      return matchesLiteral(value, option.value);
    case 'string':
      return (
        typeof value === 'string' &&
        (option.constrained !== true || stringFits(context, value, option.schema))
      );
    case 'integer':
      return (
        typeof value === 'number' &&
        Number.isSafeInteger(value) &&
        (option.constrained !== true || numberFits(value, option.schema))
      );
    case 'number':
      return (
        typeof value === 'number' &&
        Number.isFinite(value) &&
        (option.constrained !== true || numberFits(value, option.schema))
      );
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'object':
      return isPlainObject(value) && objectFits(context, value, option, depth);
    case 'array': {
      if (!Array.isArray(value)) return false;
      const prefix = option.prefixItems;
      const items = value.length > prefix.length ? context.root.options(option.items) : undefined;
      for (let index = 0; index < value.length; index++) {
        const fits =
          index < prefix.length
            ? exactMatch(context, value[index], prefix[index], depth + 1)
            : exactMatchList(context, value[index], items as readonly SchemaOption[], depth + 1);
        if (!fits) return false;
      }
      const { minItems, maxItems, uniqueItems } = option.schema;
      if (typeof minItems === 'number' && value.length < minItems) return false;
      if (typeof maxItems === 'number' && value.length > maxItems) return false;
      return uniqueItems !== true || value.length < 2;
    }
  }
}

function objectFits(
  context: AlignContext,
  value: Record<string, unknown>,
  option: ObjectOption,
  depth: number,
): boolean {
  const declared = declaredProperties(option);
  const entries = propertyOptions(option);
  let present = 0;
  let named = false;
  let undeclared = false;
  const keys = Object.keys(value);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const entry = entries.get(key);
    const child = value[key];
    if (entry !== undefined) {
      present++;
      entry.options ??= context.root.options(entry.schema);
      if (!exactMatchList(context, child, entry.options, depth + 1)) return false;
      if (!isDefaultLike(child)) named = true;
    } else {
      undeclared = true;
      const additional = option.additional;
      if (additional === false) return false;
      if (additional !== undefined && !exactMatch(context, child, additional, depth + 1)) return false;
    }
  }
  if (present < declared.size) {
    // an undeclared key may name a missing declared property loosely (renamed by `alignObject`)
    if (undeclared) return false;
    for (const [name, schema] of option.properties) {
      if (Object.hasOwn(value, name)) continue;
      if (option.required.has(name)) return false;
      if (
        context.applyDefaults &&
        typeof schema === 'object' &&
        schema !== null &&
        Object.hasOwn(schema, 'default')
      )
        return false;
    }
  }
  if (option.properties.length > 0 && !named) return false;
  for (const name of undeclaredRequired(option)) if (!Object.hasOwn(value, name)) return false;
  const { minProperties, maxProperties } = option.schema;
  if (typeof minProperties === 'number' || typeof maxProperties === 'number') {
    const count = Object.keys(value).length;
    if (typeof minProperties === 'number' && count < minProperties) return false;
    if (typeof maxProperties === 'number' && count > maxProperties) return false;
  }
  return true;
}

function stringFits(context: AlignContext, value: string, schema: SchemaObject): boolean {
  const minLength = schema.minLength;
  const maxLength = schema.maxLength;
  const pattern = schema.pattern;
  // UTF-16 length bounds the code point count: length / 2 <= code points <= length.
  if (typeof minLength === 'number' && value.length < minLength * 2 && codePointLength(value) < minLength) {
    return false;
  }
  if (typeof maxLength === 'number' && value.length > maxLength && codePointLength(value) > maxLength) {
    return false;
  }
  if (typeof pattern === 'string') {
    // An unchecked pattern is flagged by `alignString`: not exact.
    const compiled = context.root.pattern(schema);
    if (!compiled?.ok || !compiled.test(value)) return false;
  }
  return true;
}

function numberFits(value: number, schema: SchemaObject): boolean {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
  if (typeof minimum === 'number' && (exclusiveMinimum === true ? value <= minimum : value < minimum))
    return false;
  if (typeof maximum === 'number' && (exclusiveMaximum === true ? value >= maximum : value > maximum))
    return false;
  if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) return false;
  if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) return false;
  if (typeof multipleOf === 'number' && multipleOf > 0) {
    const quotient = value / multipleOf;
    if (Math.abs(quotient - Math.round(quotient)) > 1e-9) return false;
  }
  return true;
}
