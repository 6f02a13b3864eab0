// Aligns a value with an `object` option: JSON text decoded, keys matched loosely, null for "not
// given" dropped, defaults filled, `additionalProperties` honoured, then the property-count checks.
import { setOwnProperty } from '../internal/set-own-property.js';
import { decodeLenient } from '../json/decode-lenient.js';
import type { JSONSchema } from '../types/json-schema.js';
import { type AlignContext, isPlainObject, unwrapped } from './align-context.js';
import { issue, pointer, typeName } from './align-issue.js';
import { Sink } from './align-sink.js';
import { looseForm } from './coerce-text.js';
import {
  declaredProperties,
  isDefaultLike,
  type ObjectOption,
  propertyCountIssues,
  undeclaredRequired,
} from './object-properties.js';

/**
 * An object for an `object` option. The model's key order is kept; declared properties it left out
 * come after. Objects are built so that `__proto__` and `constructor` keys are plain data.
 */
export function alignObject(
  context: AlignContext,
  value: unknown,
  option: ObjectOption,
  path: string,
  sink: Sink,
  depth: number,
): unknown {
  if (!isPlainObject(value)) return fromOther(context, value, option, path, sink, depth);
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  const declared = declaredProperties(option);
  const renamed = renamedKeys(option, value, keys);
  let handled: Set<string> | undefined;
  const additional = option.additional;
  for (const key of keys) {
    const name = declared.has(key) ? key : renamed?.get(key);
    if (name !== undefined) {
      const schema = declared.get(name);
      const childPath = pointer(path, name);
      if (name !== key) sink.flag(childPath, 'key_renamed');
      const received = value[key];
      if (received === null && !option.required.has(name) && !context.allowsNull(schema)) {
        // Models write null for "not given": an optional property that does not allow null is left out.
        sink.flag(childPath, 'null_property_removed');
        handled ??= new Set();
        handled.add(name);
        continue;
      }
      setOwnProperty(out, name, context.node(received, schema, childPath, sink, depth + 1));
      continue;
    }
    if (additional === false) {
      sink.flag(pointer(path, key), 'extra_property_removed');
      continue;
    }
    const child =
      additional === undefined
        ? value[key]
        : context.node(value[key], additional, pointer(path, key), sink, depth + 1);
    setOwnProperty(out, key, child);
  }
  let named = false;
  for (const [name, schema] of option.properties) {
    if (Object.hasOwn(out, name)) {
      if (!isDefaultLike(out[name])) named = true;
      continue;
    }
    if (handled?.has(name)) continue;
    fillMissing(context, out, name, schema, option, pointer(path, name), sink);
  }
  for (const name of undeclaredRequired(option)) {
    // Required but not declared: whatever value is given is fine; none is still missing.
    if (Object.hasOwn(out, name)) continue;
    const childPath = pointer(path, name);
    if (context.partial) {
      sink.flag(childPath, 'missing_as_null');
      setOwnProperty(out, name, null);
    } else {
      sink.add(
        issue(childPath, 'missing_property', 'a value', 'nothing', `missing required property "${name}"`),
      );
    }
  }
  if (option.properties.length > 0 && !named) {
    // An object that names none of the declared properties is a poor match for this variant
    // (BAML ranks an all-default class last).
    sink.score += 5;
  }
  for (const entry of propertyCountIssues(option, Object.keys(out).length, path)) sink.add(entry);
  return out;
}

/** An object from a value that is not one: JSON text, a one-item array, a scalar for a one-property object. */
function fromOther(
  context: AlignContext,
  value: unknown,
  option: ObjectOption,
  path: string,
  sink: Sink,
  depth: number,
): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('{')) {
      const decoded = decodeLenient(trimmed);
      if (decoded && isPlainObject(decoded.value)) {
        sink.flag(path, 'json_text_decoded');
        return alignObject(context, decoded.value, option, path, sink, depth);
      }
    }
  }
  if (Array.isArray(value) && value.length > 0 && isPlainObject(value[0])) {
    return alignObject(context, unwrapped(value, path, sink), option, path, sink, depth + 1);
  }
  if ((typeof value === 'number' || typeof value === 'boolean') && option.properties.length === 1) {
    const [name, schema] = option.properties[0] as readonly [string, JSONSchema];
    const attempt = new Sink();
    const child = context.node(value, schema, pointer(path, name), attempt, depth + 1);
    if (attempt.issues.length === 0) {
      sink.flag(path, 'implied_property');
      sink.merge(attempt);
      const out: Record<string, unknown> = {};
      setOwnProperty(out, name, child);
      return out;
    }
  }
  sink.add(issue(path, 'invalid_type', 'object', typeName(value)));
  return value;
}

/** A declared property the model left out: its `default`, null / `[]` where allowed, else an issue. */
function fillMissing(
  context: AlignContext,
  out: Record<string, unknown>,
  name: string,
  schema: JSONSchema,
  option: ObjectOption,
  childPath: string,
  sink: Sink,
): void {
  if (
    context.applyDefaults &&
    typeof schema === 'object' &&
    schema !== null &&
    Object.hasOwn(schema, 'default')
  ) {
    sink.flag(childPath, 'default_filled');
    setOwnProperty(out, name, cloneJson(schema.default));
  } else if (option.required.has(name)) {
    if (
      context.partial &&
      !context.allowsNull(schema) &&
      context.root.options(schema).some((o) => o.kind === 'array')
    ) {
      // partial mode: an array not yet started is empty so far
      sink.flag(childPath, 'missing_as_null');
      setOwnProperty(out, name, []);
    } else if (
      context.partial ||
      (context.allowsNull(schema) && schema !== undefined && schema !== true && !isAny(context, schema))
    ) {
      sink.flag(childPath, 'missing_as_null');
      setOwnProperty(out, name, null);
    } else {
      sink.add(
        issue(childPath, 'missing_property', 'a value', 'nothing', `missing required property "${name}"`),
      );
    }
  }
}

function isAny(context: AlignContext, schema: JSONSchema): boolean {
  const options = context.root.options(schema);
  return options.length === 1 && options[0]?.kind === 'any';
}

/**
 * The keys of `value` (its own `keys`) that name a declared property of `option` loosely (case,
 * spaces, punctuation) or by its `x-baml-alias`, each mapped to that property's name; only for a
 * property `value` does not hold by its own name (the first key of a loose form wins). `undefined`
 * when there is none.
 */
export function renamedKeys(
  option: ObjectOption,
  value: Record<string, unknown>,
  keys: readonly string[],
): Map<string, string> | undefined {
  const declared = declaredProperties(option);
  let renamed: Map<string, string> | undefined;
  const names = looseNames(option);
  let undeclared: UndeclaredKeys | undefined;
  for (let index = 0; index < option.properties.length; index++) {
    if (Object.hasOwn(value, (option.properties[index] as readonly [string, JSONSchema])[0])) continue;
    const alias = names.aliases[index];
    let key: string | undefined;
    if (alias !== undefined && Object.hasOwn(value, alias)) key = alias;
    else if (names.wanted[index] !== '') {
      undeclared ??= undeclaredKeys(keys, declared);
      key = undeclared.keys[undeclared.forms.indexOf(names.wanted[index] as string)];
    }
    if (key !== undefined && !renamed?.has(key)) {
      renamed ??= new Map();
      renamed.set(key, name(option, index));
    }
  }
  return renamed;
}

/** The `x-baml-alias` and loose form of each declared property of an option, by index. */
interface LooseNames {
  readonly aliases: ReadonlyArray<string | undefined>;
  /** `looseForm` of the alias, else of the name: what a key must come to, to name the property. */
  readonly wanted: readonly string[];
}

const looseNamesCache = new WeakMap<object, LooseNames>();

/** The loose names of an option's properties, computed once per option. */
function looseNames(option: ObjectOption): LooseNames {
  let names = looseNamesCache.get(option);
  if (names === undefined) {
    const aliases = option.properties.map(([, schema]) => {
      const alias = typeof schema === 'object' && schema !== null ? schema['x-baml-alias'] : undefined;
      return typeof alias === 'string' ? alias : undefined;
    });
    const wanted = option.properties.map(([property], index) => looseForm(aliases[index] ?? property));
    names = { aliases, wanted };
    looseNamesCache.set(option, names);
  }
  return names;
}

/** The keys of a value that are not declared properties, in order, with their loose forms. */
interface UndeclaredKeys {
  readonly keys: readonly string[];
  readonly forms: readonly string[];
}

/**
 * The keys a missing property may be renamed from (`alignObject`): each undeclared key's loose form is
 * computed once per value, not once per missing property; the first key of a form wins.
 */
function undeclaredKeys(keys: readonly string[], declared: ReadonlyMap<string, JSONSchema>): UndeclaredKeys {
  const other = keys.filter((key) => !declared.has(key));
  return { keys: other, forms: other.map(looseForm) };
}

function name(option: ObjectOption, index: number): string {
  return (option.properties[index] as readonly [string, JSONSchema])[0];
}

/** A deep copy of a JSON value (a filled `default`, so no two results share it). */
export function cloneJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(cloneJson);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    setOwnProperty(out, key, cloneJson((value as Record<string, unknown>)[key]));
  return out;
}
