import { setOwnProperty } from '../internal/set-own-property.js';
import type { JSONSchema } from '../types/json-schema.js';
import { issue, pointer } from './align-issue.js';
import { renamedKeys } from './align-object.js';
import type { AlignFlag, AlignIssue, AlignOptions } from './align-result.js';
import { type AlignTextOptions, alignTextUnchecked } from './align-text.js';
import { alignValueUnchecked } from './align-value.js';
import { type ObjectOption, propertyCountIssues, undeclaredRequired } from './object-properties.js';
import { SchemaRoot } from './schema-root.js';

/** A tool call's arguments object aligned with the tool's parameters schema. */
export interface AlignedArguments {
  readonly value: Record<string, unknown>;
  readonly flags: readonly AlignFlag[];
  readonly issues: readonly AlignIssue[];
}

function prefixed<T extends { readonly path: string }>(entries: readonly T[], key: string): T[] {
  // Most values align with no flag and no issue: no pointer, no copy.
  if (entries.length === 0) return [];
  const base = pointer('', key);
  return entries.map((entry) => ({ ...entry, path: base + entry.path }));
}

/**
 * Builds the arguments object of an XML-style call from `[key, raw text]` pairs
 * (`<parameter=K>V</parameter>`), typing each value with `alignText` against the property's schema in the
 * tool's parameters schema (`$ref`s resolve against the whole parameters schema). A key that names a
 * declared property loosely (case, spaces, punctuation) or by its `x-baml-alias` is read as that property
 * (flag `key_renamed`), as `alignValue` reads a JSON object's keys. Keys the schema does not declare keep
 * their raw text (vLLM keeps undeclared parameters as strings), except under `additionalProperties: false`,
 * which leaves them out with an `extra_property_removed` flag, as `alignValue` does with a JSON object's
 * extra keys. A repeated key keeps the last value. Declared properties not given take their `default` (flag
 * `default_filled`; not with `applyDefaults: false`); a missing required one is a `missing_property` issue;
 * `minProperties` and `maxProperties` are checked. A schema that is a union of objects (`anyOf` at the
 * root) is read as the variant the pairs fit best: fewest issues, then fewest flags. Flags and issues carry
 * JSON Pointers into the arguments object. `__proto__` is a plain key. Never throws.
 */
export function alignParameters(
  parameters: ReadonlyArray<readonly [string, string]>,
  schema: JSONSchema | SchemaRoot,
  options?: AlignTextOptions,
): AlignedArguments {
  const root = SchemaRoot.from(schema);
  const objects = root
    .options(root.schema)
    .filter((option): option is ObjectOption => option.kind === 'object');
  let best = alignToOption(parameters, objects[0], root, options);
  // A union of objects (`anyOf` at the root): the variant the pairs fit best, as `alignValue` picks
  // one for a JSON object (fewest issues, then fewest flags; the first of equals).
  for (let index = 1; index < objects.length && best.issues.length + best.flags.length > 0; index++) {
    const next = alignToOption(parameters, objects[index], root, options);
    if (
      next.issues.length < best.issues.length ||
      (next.issues.length === best.issues.length && next.flags.length < best.flags.length)
    ) {
      best = next;
    }
  }
  return best;
}

/** `alignParameters` against one object variant of the schema (none: every value its raw text). */
function alignToOption(
  parameters: ReadonlyArray<readonly [string, string]>,
  option: ObjectOption | undefined,
  root: SchemaRoot,
  options: AlignTextOptions | undefined,
): AlignedArguments {
  const value: Record<string, unknown> = {};
  const results = new Map<string, { flags: AlignFlag[]; issues: AlignIssue[] }>();
  const renamed = option === undefined ? undefined : renamedParameters(parameters, option);
  // One options object for every value (not a spread per parameter: on Node 20 a copy with a property
  // added costs microseconds).
  const textOptions: AlignTextOptions = Object.assign({}, options, { root });
  for (const [given, text] of parameters) {
    const key = renamed?.get(given) ?? given;
    const declared = option?.properties.find(([name]) => name === key)?.[1];
    const propertySchema =
      declared ?? (option && typeof option.additional === 'object' ? option.additional : undefined);
    if (propertySchema === undefined && option?.additional === false) {
      results.set(key, { flags: [{ path: pointer('', key), kind: 'extra_property_removed' }], issues: [] });
      continue;
    }
    if (propertySchema === undefined) {
      setOwnProperty(value, key, text);
      results.delete(key);
      continue;
    }
    const aligned = alignTextUnchecked(text, propertySchema, textOptions);
    setOwnProperty(value, key, aligned.value);
    const flags = prefixed(aligned.flags, key);
    if (key !== given) flags.unshift({ path: pointer('', key), kind: 'key_renamed' });
    results.set(key, { flags, issues: prefixed(aligned.issues, key) });
  }
  const flags: AlignFlag[] = [];
  const issues: AlignIssue[] = [];
  for (const entry of results.values()) {
    flags.push(...entry.flags);
    issues.push(...entry.issues);
  }
  if (option) {
    for (const [name, propertySchema] of option.properties) {
      if (Object.hasOwn(value, name)) continue;
      if (
        options?.applyDefaults !== false &&
        typeof propertySchema === 'object' &&
        propertySchema !== null &&
        Object.hasOwn(propertySchema, 'default')
      ) {
        setOwnProperty(value, name, structuredClone(propertySchema.default));
        flags.push({ path: pointer('', name), kind: 'default_filled' });
      } else if (option.required.has(name)) {
        issues.push(missingArgument(name));
      }
    }
  }
  for (const name of option ? undeclaredRequired(option) : []) {
    // Required without a `properties` entry: any value will do, but one must be given.
    if (!Object.hasOwn(value, name)) issues.push(missingArgument(name));
  }
  if (option) issues.push(...propertyCountIssues(option, Object.keys(value).length, ''));
  if (options?.strict) {
    for (const flag of flags) {
      issues.push(
        issue(flag.path, flag.kind, 'a value of the declared type', 'a value that needed coercion'),
      );
    }
  }
  return { value, flags, issues };
}

/**
 * The parameter keys that name a declared property loosely or by alias (see `renamedKeys`), for an
 * option that declares properties the pairs do not name exactly.
 */
function renamedParameters(
  parameters: ReadonlyArray<readonly [string, string]>,
  option: ObjectOption,
): Map<string, string> | undefined {
  if (option.properties.length === 0) return undefined;
  const given: Record<string, unknown> = {};
  for (const [key] of parameters) setOwnProperty(given, key, true);
  return renamedKeys(option, given, Object.keys(given));
}

/** The issue of a required argument that was not given. */
function missingArgument(name: string): AlignIssue {
  return issue(
    pointer('', name),
    'missing_property',
    'a value',
    'nothing',
    `missing required property "${name}"`,
  );
}

/**
 * Aligns a decoded JSON arguments object with the tool's parameters schema (`alignValue`). The result
 * value is always an object: when alignment could not make one (a schema for an array or a string),
 * the input object is returned as received, with the issues and without flags. Never throws.
 */
export function alignArguments(
  argumentsObject: Record<string, unknown>,
  schema: JSONSchema | SchemaRoot,
  options?: AlignOptions,
): AlignedArguments {
  const result = alignValueUnchecked(argumentsObject, schema, options);
  const value = result.value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return { value: value as Record<string, unknown>, flags: result.flags, issues: result.issues };
  }
  // The schema wanted something other than an object: the object is returned as received, so no
  // coercion was applied and none is flagged.
  return { value: argumentsObject, flags: [], issues: result.issues };
}
