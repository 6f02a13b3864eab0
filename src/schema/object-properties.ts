// The property tables of an object option, built once per option (declared properties by name, with
// their split options; the required names it does not declare), and which property values name nothing.
import type { JSONSchema } from '../types/json-schema.js';
import { issue } from './align-issue.js';
import type { AlignIssue } from './align-result.js';
import type { SchemaOption } from './schema-root.js';

/** An object option of a `SchemaRoot`. */
export type ObjectOption = Extract<SchemaOption, { kind: 'object' }>;

/** A declared property's schema and its options (split by the root on first use). */
export interface PropertyEntry {
  readonly schema: JSONSchema;
  options: readonly SchemaOption[] | undefined;
}

const declaredCache = new WeakMap<object, ReadonlyMap<string, JSONSchema>>();
const propertyOptionsCache = new WeakMap<object, Map<string, PropertyEntry>>();
const undeclaredRequiredCache = new WeakMap<object, readonly string[]>();

/** The declared properties of an object option by name (cached per option). */
export function declaredProperties(option: ObjectOption): ReadonlyMap<string, JSONSchema> {
  let map = declaredCache.get(option);
  if (!map) {
    map = new Map(option.properties);
    declaredCache.set(option, map);
  }
  return map;
}

/** Declared properties of an object option with their split options, filled in lazily (cached). */
export function propertyOptions(option: ObjectOption): Map<string, PropertyEntry> {
  let entries = propertyOptionsCache.get(option);
  if (!entries) {
    entries = new Map(option.properties.map(([name, schema]) => [name, { schema, options: undefined }]));
    propertyOptionsCache.set(option, entries);
  }
  return entries;
}

/**
 * The `required` names an object option does not declare in `properties` (JSON Schema still requires
 * them), cached per option.
 */
export function undeclaredRequired(option: ObjectOption): readonly string[] {
  let names = undeclaredRequiredCache.get(option);
  if (!names) {
    const declared = declaredProperties(option);
    names = [...option.required].filter((name) => !declared.has(name));
    undeclaredRequiredCache.set(option, names);
  }
  return names;
}

/** Whether a property value names nothing (null or `[]`): an object of only such is a poor match. */
export function isDefaultLike(value: unknown): boolean {
  return value === null || (Array.isArray(value) && value.length === 0);
}

/**
 * The issues of an object of `count` properties at `path` outside its option's `minProperties` /
 * `maxProperties` (none when it is inside).
 */
export function propertyCountIssues(option: ObjectOption, count: number, path: string): AlignIssue[] {
  const { minProperties, maxProperties } = option.schema;
  const issues: AlignIssue[] = [];
  if (typeof minProperties === 'number' && count < minProperties) {
    issues.push(issue(path, 'too_small', `at least ${minProperties} properties`, `${count} properties`));
  }
  if (typeof maxProperties === 'number' && count > maxProperties) {
    issues.push(issue(path, 'too_big', `at most ${maxProperties} properties`, `${count} properties`));
  }
  return issues;
}
