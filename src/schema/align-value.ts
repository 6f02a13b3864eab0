import { setOwnProperty } from '../internal/set-own-property.js';
import { decodeLenient } from '../json/decode-lenient.js';
import type { JSONSchema } from '../types/json-schema.js';
import {
  type AlignFlag,
  type AlignFlagKind,
  type AlignIssue,
  type AlignIssueCode,
  type AlignOptions,
  type AlignResult,
  FLAG_SCORES,
} from './align-result.js';
import {
  type EnumChoice,
  looseForm,
  parseBooleanText,
  parseNumberText,
  roundHalfAwayFromZero,
} from './coerce-text.js';
import { EnumIndex } from './enum-index.js';
import { matchesLiteral } from './matches-literal.js';
import { type SchemaObject, type SchemaOption, SchemaRoot } from './schema-root.js';

/** Values nested deeper than this are kept as received, with a `too_deep` issue. */
export const MAX_VALUE_DEPTH = 256;

/** Options of `alignValue`: `AlignOptions` plus the root that `schema` is a node of. */
export interface AlignValueOptions extends AlignOptions {
  /**
   * The root schema `$ref`s resolve against when `schema` is a node inside it (for example one
   * property of a tool's parameters). Default: `schema` itself.
   */
  readonly root?: SchemaRoot;
}

/**
 * Aligns a parsed JSON value with a JSON Schema, BAML-style schema-aligned parsing (coercion.md
 * Table B; each rule's source is on `AlignFlagKind`):
 *
 * - numbers from numeric strings (`"1,000"` → 1000), a float for an integer rounded half away from
 *   zero (2.7 → 3), numbers and booleans to strings, JSON text to an object or array, a single value
 *   wrapped into an array, a one-item array unwrapped, booleans from `"true"` / prose, enum strings
 *   matched ignoring case, accents and punctuation (an ambiguous match is an issue), property keys
 *   matched loosely, `default` filled in for missing optional properties (not with
 *   `applyDefaults: false`), `additionalProperties`
 *   honoured (extra keys removed under `false`, typed under a schema);
 * - unions (`anyOf` / `oneOf` / `type` arrays / enums): an exact match wins, otherwise the variant
 *   with the fewest issues, then the lowest flag score, then the first in schema order;
 * - never `NaN` → 0, never `"1/5"` → 0 for an integer, and a bad value inside an optional property,
 *   an array or a map is an issue (the value is kept as received), never dropped;
 * - `minimum` / `maximum` / `multipleOf` / `minLength` / `maxLength` / `pattern` / `minItems` /
 *   `maxItems` / `uniqueItems` / `minProperties` / `maxProperties` are checked after alignment.
 *
 * `schema` may be a `SchemaRoot` (reuse one per tool: its expansion is cached). With `strict`, every
 * coercion is also an issue. Objects are built so that `__proto__` and `constructor` keys are plain
 * data. Never throws on model data; returns `{ value, flags, issues }`.
 */
export function alignValue(
  value: unknown,
  schema: JSONSchema | SchemaRoot,
  options?: AlignValueOptions,
): AlignResult {
  const root = options?.root ?? SchemaRoot.from(schema);
  const node = schema instanceof SchemaRoot ? schema.schema : schema;
  let aligned: unknown;
  let sink: Sink;
  try {
    const applyDefaults = options?.applyDefaults !== false;
    const aligner =
      options?.partial === true
        ? new Aligner(root, true, applyDefaults)
        : defaultAligner(root, applyDefaults);
    // Fast path: a value that already conforms comes back as is, with nothing allocated on the way.
    if (aligner.exact(value, node, 0)) return { value, flags: NO_FLAGS, issues: NO_ISSUES };
    sink = new Sink();
    aligned = aligner.node(value, node, '', sink, 0);
  } catch {
    // Only a stack overflow on pathological input can land here; keep the value, report it.
    return {
      value,
      flags: [],
      issues: [
        issue('', 'too_deep', 'a shallower value', 'a deeply nested value', 'value is nested too deeply'),
      ],
    };
  }
  return finish(aligned, sink, options?.strict === true);
}

const aligners = new WeakMap<SchemaRoot, Aligner>();
const alignersWithoutDefaults = new WeakMap<SchemaRoot, Aligner>();
const NO_FLAGS: readonly AlignFlag[] = Object.freeze([]);
const NO_ISSUES: readonly AlignIssue[] = Object.freeze([]);

/** The (stateless) non-partial aligner of a root, shared. */
function defaultAligner(root: SchemaRoot, applyDefaults: boolean): Aligner {
  const cache = applyDefaults ? aligners : alignersWithoutDefaults;
  let aligner = cache.get(root);
  if (!aligner) {
    aligner = new Aligner(root, false, applyDefaults);
    cache.set(root, aligner);
  }
  return aligner;
}

/** Turns a sink into a result; in strict mode each flag also becomes an issue. */
export function finish(value: unknown, sink: Sink, strict: boolean): AlignResult {
  const flags = sink.flags;
  let issues = sink.issues;
  if (strict && flags.length > 0) {
    issues = issues.concat(
      flags.map((flag) =>
        issue(
          flag.path,
          flag.kind,
          'a value of the declared type',
          'a value that needed coercion',
          `coercion not allowed in strict mode: ${flag.kind}`,
        ),
      ),
    );
  }
  return { value, flags, issues };
}

/** Collects flags, issues and the flag score of one alignment attempt. */
export class Sink {
  flags: AlignFlag[] = [];
  issues: AlignIssue[] = [];
  score = 0;

  flag(path: string, kind: AlignFlagKind, extra = 0): void {
    this.flags.push({ path, kind });
    this.score += FLAG_SCORES[kind] + extra;
  }

  add(entry: AlignIssue): void {
    this.issues.push(entry);
  }

  merge(other: Sink): void {
    for (const flag of other.flags) this.flags.push(flag);
    for (const entry of other.issues) this.issues.push(entry);
    this.score += other.score;
  }
}

/** Builds an issue with the standard message `expected X, received Y`. */
export function issue(
  path: string,
  code: AlignIssueCode,
  expected: string,
  received: string,
  message?: string,
): AlignIssue {
  return { path, code, expected, received, message: message ?? `expected ${expected}, received ${received}` };
}

/** The JSON type name of a value, for `received` (`integer` for whole numbers). */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Appends one reference token to a JSON Pointer (RFC 6901 escaping). */
export function pointer(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}/${key}`;
  if (key.indexOf('~') < 0 && key.indexOf('/') < 0) return `${path}/${key}`;
  return `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

function excerpt(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const declaredCache = new WeakMap<object, ReadonlyMap<string, JSONSchema>>();
const literalCache = new WeakMap<object, readonly StringLiteral[]>();
const propertyOptionsCache = new WeakMap<
  object,
  Map<string, { schema: JSONSchema; options: readonly SchemaOption[] | undefined }>
>();

/** The string literal options of an options list (cached per list). */
export function stringLiterals(options: readonly SchemaOption[]): readonly StringLiteral[] {
  let list = literalCache.get(options);
  if (!list) {
    list = options.filter(isStringLiteral);
    literalCache.set(options, list);
  }
  return list;
}

/**
 * An options list split for lookups that must not cost a pass over a large enum per value (issue 15:
 * 2,000 items against a 100,000-value enum took 98 s): `strings`, the string literal values (a string
 * is exactly one of them by a set lookup); `others`, the options that are not string literals;
 * `tried`, the options in order with the string literals folded into the first one (`union` matches
 * them together); `expected`, the union's description for issues. Cached per options list.
 */
interface OptionsIndex {
  readonly strings: ReadonlySet<string>;
  readonly others: readonly SchemaOption[];
  readonly tried: readonly SchemaOption[];
  expected: string | undefined;
}

const optionsIndexCache = new WeakMap<object, OptionsIndex>();

function optionsIndex(options: readonly SchemaOption[]): OptionsIndex {
  let index = optionsIndexCache.get(options);
  if (!index) {
    const strings = new Set<string>();
    const others: SchemaOption[] = [];
    const tried: SchemaOption[] = [];
    for (const option of options) {
      if (isStringLiteral(option)) {
        if (strings.size === 0) tried.push(option);
        strings.add(option.value);
      } else {
        others.push(option);
        tried.push(option);
      }
    }
    index = { strings, others, tried, expected: undefined };
    optionsIndexCache.set(options, index);
  }
  return index;
}

/**
 * A string enum (a list of string literal options) indexed once: its values, its BAML choices and
 * their `EnumIndex`, and the `expected` text of its issues. Cached per literals list.
 */
interface StringEnumIndex {
  readonly values: ReadonlySet<string>;
  readonly text: EnumIndex<string>;
  readonly expected: string;
}

const stringEnumCache = new WeakMap<object, StringEnumIndex>();

function stringEnumIndex(literals: readonly StringLiteral[]): StringEnumIndex {
  let index = stringEnumCache.get(literals);
  if (!index) {
    index = {
      values: new Set(literals.map((literal) => literal.value)),
      text: new EnumIndex(enumChoices(literals)),
      expected: literals.map((literal) => excerpt(literal.value)).join(' | '),
    };
    stringEnumCache.set(literals, index);
  }
  return index;
}

/** The declared properties of an object option by name (cached per option). */
const undeclaredRequiredCache = new WeakMap<object, readonly string[]>();

/**
 * The `required` names an object option does not declare in `properties` (JSON Schema still requires
 * them), cached per option.
 */
export function undeclaredRequired(option: Extract<SchemaOption, { kind: 'object' }>): readonly string[] {
  let names = undeclaredRequiredCache.get(option);
  if (!names) {
    const declared = declaredProperties(option);
    names = [...option.required].filter((name) => !declared.has(name));
    undeclaredRequiredCache.set(option, names);
  }
  return names;
}

function declaredProperties(
  option: Extract<SchemaOption, { kind: 'object' }>,
): ReadonlyMap<string, JSONSchema> {
  let map = declaredCache.get(option);
  if (!map) {
    map = new Map(option.properties);
    declaredCache.set(option, map);
  }
  return map;
}

function isDefaultLike(value: unknown): boolean {
  return value === null || (Array.isArray(value) && value.length === 0);
}

function cloneJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(cloneJson);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    setOwnProperty(out, key, cloneJson((value as Record<string, unknown>)[key]));
  return out;
}

function describeOption(option: SchemaOption): string {
  switch (option.kind) {
    case 'literal':
      return excerpt(option.value);
    case 'any':
      return 'any value';
    case 'never':
      return 'nothing (false schema)';
    case 'unknown':
      return option.typeName;
    default:
      return option.kind;
  }
}

/** String length in Unicode code points (JSON Schema `minLength` / `maxLength` count those). */
function codePointLength(value: string): number {
  let length = value.length;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < value.length) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        index++;
      }
    }
  }
  return length;
}

/** String enum choices of a set of literal options, with BAML alias / description spellings. */
function enumChoices(literals: ReadonlyArray<{ value: string; schema: SchemaObject }>): EnumChoice<string>[] {
  return literals.map(({ value, schema }) => {
    const extra = schema['x-baml-enum-values'];
    const meta =
      isPlainObject(extra) && isPlainObject(extra[value])
        ? (extra[value] as Record<string, unknown>)
        : undefined;
    if (!meta) return { result: value, names: [value] };
    const name = typeof meta.alias === 'string' ? meta.alias : value;
    const names = [name];
    if (typeof meta.description === 'string') names.push(`${name}: ${meta.description}`, meta.description);
    return { result: value, names };
  });
}

type StringLiteral = { kind: 'literal'; value: string; schema: SchemaObject };

function isStringLiteral(option: SchemaOption): option is StringLiteral {
  return option.kind === 'literal' && typeof option.value === 'string';
}

/** The alignment engine over one `SchemaRoot`. */
export class Aligner {
  /**
   * @param partial the value is a prefix of a streamed value (a preview): a missing required property
   *   is null (flagged `missing_as_null`) instead of an issue, as BAML's partial mode does.
   * @param applyDefaults a missing declared property takes its schema `default` (`AlignOptions`).
   */
  constructor(
    readonly root: SchemaRoot,
    readonly partial = false,
    readonly applyDefaults = true,
  ) {}

  /** Whether `schema` accepts null (a null option, a null literal, or any). */
  allowsNull(schema: JSONSchema | undefined): boolean {
    return this.root
      .options(schema)
      .some(
        (option) =>
          option.kind === 'null' ||
          option.kind === 'any' ||
          (option.kind === 'literal' && option.value === null),
      );
  }

  node(value: unknown, schema: JSONSchema | undefined, path: string, sink: Sink, depth: number): unknown {
    if (depth > MAX_VALUE_DEPTH) {
      sink.add(
        issue(path, 'too_deep', 'a shallower value', 'a deeply nested value', 'value is nested too deeply'),
      );
      return value;
    }
    const options = this.root.options(schema);
    if (options.length === 1) return this.option(value, options[0] as SchemaOption, path, sink, depth);
    return this.union(value, options, path, sink, depth);
  }

  union(value: unknown, options: readonly SchemaOption[], path: string, sink: Sink, depth: number): unknown {
    // String literals (enum entries) are matched together, so ambiguity is seen across all of them.
    if (this.exactList(value, options, depth)) return value;
    const strings = stringLiterals(options);
    const index = optionsIndex(options);
    let best: { value: unknown; sink: Sink } | undefined;
    for (const option of index.tried) {
      let attempt: Sink;
      let result: unknown;
      if (isStringLiteral(option)) {
        attempt = new Sink();
        result = this.stringEnum(value, strings, path, attempt, depth);
      } else {
        attempt = new Sink();
        result = this.option(value, option, path, attempt, depth);
      }
      if (attempt.issues.length === 0 && attempt.score === 0) {
        sink.merge(attempt);
        return result;
      }
      if (
        best === undefined ||
        attempt.issues.length < best.sink.issues.length ||
        (attempt.issues.length === best.sink.issues.length && attempt.score < best.sink.score)
      ) {
        best = { value: result, sink: attempt };
      }
    }
    if (best === undefined) {
      sink.add(issue(path, 'no_match', 'a value allowed by the schema', typeName(value)));
      return value;
    }
    if (best.sink.issues.length > 0 && options.length > 1) {
      // Report against the union as a whole when no variant fits, keeping the closest variant's details.
      index.expected ??= [...new Set(options.map(describeOption))].join(' | ');
      const expected = index.expected;
      const first = best.sink.issues[0] as AlignIssue;
      if (first.path === path && best.sink.issues.length === 1) {
        sink.merge({ ...best.sink, issues: [issue(path, first.code, expected, first.received)] } as Sink);
        return best.value;
      }
    }
    sink.merge(best.sink);
    return best.value;
  }

  /**
   * Whether `value` conforms to `schema` exactly: aligning it would apply no coercion, raise no issue
   * and return an equal value. A pure check that allocates nothing; it mirrors the rules of `node`
   * and answers `false` whenever unsure (the full alignment then runs).
   */
  exact(value: unknown, schema: JSONSchema | undefined, depth: number): boolean {
    return this.exactList(value, this.root.options(schema), depth);
  }

  /**
   * `exact` over already split options. A string literal is exact only for that very string, so the
   * enum's strings are one set lookup and only the other options are tried one by one.
   */
  exactList(value: unknown, options: readonly SchemaOption[], depth: number): boolean {
    if (depth > MAX_VALUE_DEPTH) return false;
    if (options.length === 1) return this.exactOption(value, options[0] as SchemaOption, depth);
    const { strings, others } = optionsIndex(options);
    if (typeof value === 'string' && strings.has(value)) return true;
    for (let index = 0; index < others.length; index++) {
      if (this.exactOption(value, others[index] as SchemaOption, depth)) return true;
    }
    return false;
  }

  /** Declared properties of an object option with their split options, filled in lazily (cached). */
  private propertyOptions(
    option: Extract<SchemaOption, { kind: 'object' }>,
  ): Map<string, { schema: JSONSchema; options: readonly SchemaOption[] | undefined }> {
    let entries = propertyOptionsCache.get(option);
    if (!entries) {
      entries = new Map(option.properties.map(([name, schema]) => [name, { schema, options: undefined }]));
      propertyOptionsCache.set(option, entries);
    }
    return entries;
  }

  exactOption(value: unknown, option: SchemaOption, depth: number): boolean {
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
          typeof value === 'string' && (option.constrained !== true || this.stringFits(value, option.schema))
        );
      case 'integer':
        return (
          typeof value === 'number' &&
          Number.isSafeInteger(value) &&
          (option.constrained !== true || this.numberFits(value, option.schema))
        );
      case 'number':
        return (
          typeof value === 'number' &&
          Number.isFinite(value) &&
          (option.constrained !== true || this.numberFits(value, option.schema))
        );
      case 'boolean':
        return typeof value === 'boolean';
      case 'null':
        return value === null;
      case 'object':
        return isPlainObject(value) && this.objectFits(value, option, depth);
      case 'array': {
        if (!Array.isArray(value)) return false;
        const prefix = option.prefixItems;
        const items = value.length > prefix.length ? this.root.options(option.items) : undefined;
        for (let index = 0; index < value.length; index++) {
          const fits =
            index < prefix.length
              ? this.exact(value[index], prefix[index], depth + 1)
              : this.exactList(value[index], items as readonly SchemaOption[], depth + 1);
          if (!fits) return false;
        }
        const { minItems, maxItems, uniqueItems } = option.schema;
        if (typeof minItems === 'number' && value.length < minItems) return false;
        if (typeof maxItems === 'number' && value.length > maxItems) return false;
        return uniqueItems !== true || value.length < 2;
      }
    }
  }

  private objectFits(
    value: Record<string, unknown>,
    option: Extract<SchemaOption, { kind: 'object' }>,
    depth: number,
  ): boolean {
    const declared = declaredProperties(option);
    const entries = this.propertyOptions(option);
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
        entry.options ??= this.root.options(entry.schema);
        if (!this.exactList(child, entry.options, depth + 1)) return false;
        if (!isDefaultLike(child)) named = true;
      } else {
        undeclared = true;
        const additional = option.additional;
        if (additional === false) return false;
        if (additional !== undefined && !this.exact(child, additional, depth + 1)) return false;
      }
    }
    if (present < declared.size) {
      // an undeclared key may name a missing declared property loosely (renamed by `object`)
      if (undeclared) return false;
      for (const [name, schema] of option.properties) {
        if (Object.hasOwn(value, name)) continue;
        if (option.required.has(name)) return false;
        if (
          this.applyDefaults &&
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

  private stringFits(value: string, schema: SchemaObject): boolean {
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
      // An unchecked pattern is flagged by `checkString`: not exact.
      const compiled = this.root.pattern(schema);
      if (!compiled?.ok || !compiled.test(value)) return false;
    }
    return true;
  }

  private numberFits(value: number, schema: SchemaObject): boolean {
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

  option(value: unknown, option: SchemaOption, path: string, sink: Sink, depth: number): unknown {
    switch (option.kind) {
      case 'any':
      case 'unknown':
        return value;
      case 'never':
        sink.add(issue(path, 'no_match', 'nothing (false schema)', typeName(value)));
        return value;
      case 'literal':
        if (typeof option.value === 'string')
          return this.stringEnum(value, [option as StringLiteral], path, sink, depth);
        return this.literal(value, option.value, path, sink, depth);
      case 'string':
        return this.string(value, option.schema, path, sink, depth);
      case 'integer':
      case 'number':
        return this.number(value, option.kind, option.schema, path, sink, depth);
      case 'boolean':
        return this.boolean(value, path, sink, depth);
      case 'null':
        return this.null(value, path, sink, depth);
      case 'object':
        return this.object(value, option, path, sink, depth);
      case 'array':
        return this.array(value, option, path, sink, depth);
    }
  }

  /** Unwraps a one-item array for a scalar target (BAML `FirstMatch`, Table B row 22). */
  /** A value nested past `MAX_VALUE_DEPTH` (arrays unwrapped one in another): kept, with `too_deep`. */
  private tooDeep(value: unknown, path: string, sink: Sink): unknown {
    sink.add(
      issue(path, 'too_deep', 'a shallower value', 'a deeply nested value', 'value is nested too deeply'),
    );
    return value;
  }

  private unwrapped(value: unknown[], path: string, sink: Sink): unknown {
    sink.flag(path, 'array_to_single', value.length > 1 ? 2 : 0);
    return value[0];
  }

  string(value: unknown, schema: SchemaObject, path: string, sink: Sink, depth: number): unknown {
    let result: string;
    if (typeof value === 'string') result = value;
    else if (typeof value === 'number' || typeof value === 'boolean') {
      sink.flag(path, 'number_to_string');
      result = String(value);
    } else if (typeof value === 'object' && value !== null) {
      if (Array.isArray(value) && value.length === 1 && typeof value[0] === 'string') {
        return this.string(this.unwrapped(value, path, sink), schema, path, sink, depth + 1);
      }
      sink.flag(path, 'json_to_string');
      result = JSON.stringify(value);
    } else {
      sink.add(issue(path, 'invalid_type', 'string', typeName(value)));
      return value;
    }
    this.checkString(result, schema, path, sink);
    return result;
  }

  private checkString(value: string, schema: SchemaObject, path: string, sink: Sink): void {
    const { minLength, maxLength, pattern } = schema;
    if (typeof minLength === 'number' || typeof maxLength === 'number') {
      const length = codePointLength(value);
      if (typeof minLength === 'number' && length < minLength) {
        sink.add(issue(path, 'too_small', `at least ${minLength} characters`, `${length} characters`));
      }
      if (typeof maxLength === 'number' && length > maxLength) {
        sink.add(issue(path, 'too_big', `at most ${maxLength} characters`, `${length} characters`));
      }
    }
    if (typeof pattern === 'string') {
      const compiled = this.root.pattern(schema);
      if (!compiled?.ok) sink.flag(path, 'pattern_unchecked');
      else if (!compiled.test(value)) {
        sink.add(issue(path, 'invalid_string', `a string matching /${pattern}/`, excerpt(value)));
      }
    }
  }

  number(
    value: unknown,
    kind: 'integer' | 'number',
    schema: SchemaObject,
    path: string,
    sink: Sink,
    depth: number,
  ): unknown {
    let result: number;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) {
        sink.add(issue(path, 'invalid_number', kind, String(value)));
        return value;
      }
      result = value;
    } else if (typeof value === 'string') {
      const parsed = parseNumberText(value);
      if (parsed === undefined) {
        sink.add(
          issue(
            path,
            typeName(value) === 'string' && /nan|inf/i.test(value) ? 'invalid_number' : 'invalid_type',
            kind,
            excerpt(value),
          ),
        );
        return value;
      }
      if (kind === 'integer' && parsed.kind === 'derived' && !Number.isInteger(parsed.value)) {
        // "1/5" for an integer is a fraction, not 0 (BAML pitfall, coercion.md Table B row 6).
        sink.add(
          issue(
            path,
            'invalid_number',
            'integer',
            excerpt(value),
            `expected integer, received ${excerpt(value)} (not a whole number)`,
          ),
        );
        return value;
      }
      sink.flag(path, parsed.kind === 'derived' ? 'number_from_text' : 'string_to_number');
      result = parsed.value;
    } else if (Array.isArray(value) && value.length > 0) {
      return depth >= MAX_VALUE_DEPTH
        ? this.tooDeep(value, path, sink)
        : this.number(this.unwrapped(value, path, sink), kind, schema, path, sink, depth + 1);
    } else {
      sink.add(issue(path, 'invalid_type', kind, typeName(value)));
      return value;
    }
    if (kind === 'integer' && !Number.isInteger(result)) {
      sink.flag(path, 'float_to_integer');
      result = roundHalfAwayFromZero(result);
    }
    if (kind === 'integer' && !Number.isSafeInteger(result)) {
      sink.add(issue(path, 'invalid_number', 'integer within ±2^53', String(result)));
    }
    this.checkNumber(result, schema, path, sink);
    return result;
  }

  private checkNumber(value: number, schema: SchemaObject, path: string, sink: Sink): void {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
    if (typeof minimum === 'number') {
      if (exclusiveMinimum === true ? value <= minimum : value < minimum) {
        sink.add(
          issue(path, 'too_small', `${exclusiveMinimum === true ? '>' : '>='} ${minimum}`, String(value)),
        );
      }
    }
    if (typeof maximum === 'number') {
      if (exclusiveMaximum === true ? value >= maximum : value > maximum) {
        sink.add(
          issue(path, 'too_big', `${exclusiveMaximum === true ? '<' : '<='} ${maximum}`, String(value)),
        );
      }
    }
    if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) {
      sink.add(issue(path, 'too_small', `> ${exclusiveMinimum}`, String(value)));
    }
    if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) {
      sink.add(issue(path, 'too_big', `< ${exclusiveMaximum}`, String(value)));
    }
    if (typeof multipleOf === 'number' && multipleOf > 0) {
      const quotient = value / multipleOf;
      if (Math.abs(quotient - Math.round(quotient)) > 1e-9) {
        sink.add(issue(path, 'not_multiple_of', `a multiple of ${multipleOf}`, String(value)));
      }
    }
  }

  boolean(value: unknown, path: string, sink: Sink, depth: number): unknown {
    if (typeof value === 'boolean') return value;
    if (typeof value === 'string') {
      const parsed = parseBooleanText(value);
      if (parsed === 'ambiguous') {
        sink.add(
          issue(path, 'ambiguous_boolean', 'boolean', excerpt(value), 'text names both true and false'),
        );
        return value;
      }
      if (parsed !== undefined) {
        sink.flag(path, parsed.kind === 'exact' ? 'string_to_boolean' : 'boolean_from_text');
        return parsed.value;
      }
    } else if (Array.isArray(value) && value.length > 0) {
      return depth >= MAX_VALUE_DEPTH
        ? this.tooDeep(value, path, sink)
        : this.boolean(this.unwrapped(value, path, sink), path, sink, depth + 1);
    }
    sink.add(
      issue(path, 'invalid_type', 'boolean', typeof value === 'string' ? excerpt(value) : typeName(value)),
    );
    return value;
  }

  null(value: unknown, path: string, sink: Sink, _depth: number): unknown {
    if (value === null) return null;
    if (value === undefined) return null;
    if (typeof value === 'string' && /^\s*(?:null|none|nil)\s*$/i.test(value)) {
      sink.flag(path, 'string_to_null');
      return null;
    }
    sink.add(issue(path, 'invalid_type', 'null', typeName(value)));
    return value;
  }

  literal(value: unknown, literal: unknown, path: string, sink: Sink, depth: number): unknown {
    if (matchesLiteral(value, literal)) return literal;
    const attempt = new Sink();
    let coerced: unknown = value;
    if (typeof literal === 'number') coerced = this.number(value, 'number', {}, path, attempt, depth);
    else if (typeof literal === 'boolean') coerced = this.boolean(value, path, attempt, depth);
    else if (literal === null) coerced = this.null(value, path, attempt, depth);
    if (attempt.issues.length === 0 && matchesLiteral(coerced, literal)) {
      sink.merge(attempt);
      return literal;
    }
    sink.add(issue(path, 'invalid_enum', excerpt(literal), excerpt(value)));
    return value;
  }

  /**
   * A string enum value: the matching entry, with the flags of what made it match; when nothing
   * matches, the value as received with the issue only (no flag for a conversion that was tried).
   */
  stringEnum(
    value: unknown,
    literals: readonly StringLiteral[],
    path: string,
    sink: Sink,
    depth: number,
  ): unknown {
    if (typeof value === 'string' && stringEnumIndex(literals).values.has(value)) return value;
    const attempt = new Sink();
    const result = this.matchStringEnum(value, literals, path, attempt, depth);
    if (attempt.issues.length === 0) {
      sink.merge(attempt);
      return result;
    }
    for (const entry of attempt.issues) sink.add(entry);
    return value;
  }

  private matchStringEnum(
    value: unknown,
    literals: readonly StringLiteral[],
    path: string,
    sink: Sink,
    depth: number,
  ): unknown {
    const index = stringEnumIndex(literals);
    if (typeof value === 'string' && index.values.has(value)) return value;
    const expected = index.expected;
    let text: string;
    if (typeof value === 'string') text = value;
    else if (typeof value === 'number' || typeof value === 'boolean') {
      text = String(value);
      sink.flag(path, 'number_to_string');
    } else if (Array.isArray(value) && value.length > 0) {
      return depth >= MAX_VALUE_DEPTH
        ? this.tooDeep(value, path, sink)
        : this.matchStringEnum(this.unwrapped(value, path, sink), literals, path, sink, depth + 1);
    } else {
      sink.add(issue(path, 'invalid_enum', expected, typeName(value)));
      return value;
    }
    if (index.values.has(text)) return text;
    const match = index.text.match(text);
    if (match === undefined) {
      sink.add(issue(path, 'invalid_enum', expected, excerpt(value)));
      return value;
    }
    if (match.kind === 'ambiguous') {
      sink.add(
        issue(
          path,
          'ambiguous_enum',
          expected,
          excerpt(value),
          `text matches several values: ${match.candidates.map((c) => excerpt(c)).join(', ')}`,
        ),
      );
      return value;
    }
    if (match.kind === 'case') sink.flag(path, 'enum_case_insensitive');
    else if (match.kind === 'punctuation') sink.flag(path, 'enum_punctuation_insensitive');
    else if (match.kind === 'prose') sink.flag(path, 'enum_from_text');
    return match.result;
  }

  object(
    value: unknown,
    option: Extract<SchemaOption, { kind: 'object' }>,
    path: string,
    sink: Sink,
    depth: number,
  ): unknown {
    if (!isPlainObject(value)) {
      if (typeof value === 'string') {
        const trimmed = value.trim();
        if (trimmed.startsWith('{')) {
          const decoded = decodeLenient(trimmed);
          if (decoded && isPlainObject(decoded.value)) {
            sink.flag(path, 'json_text_decoded');
            return this.object(decoded.value, option, path, sink, depth);
          }
        }
      }
      if (Array.isArray(value) && value.length > 0 && isPlainObject(value[0])) {
        return this.object(this.unwrapped(value, path, sink), option, path, sink, depth + 1);
      }
      if ((typeof value === 'number' || typeof value === 'boolean') && option.properties.length === 1) {
        const [name, schema] = option.properties[0] as readonly [string, JSONSchema];
        const attempt = new Sink();
        const child = this.node(value, schema, pointer(path, name), attempt, depth + 1);
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
    const out: Record<string, unknown> = {};
    const keys = Object.keys(value);
    const declared = declaredProperties(option);
    // Keys that name a declared property loosely (case, spaces, punctuation) or by alias.
    let renamed: Map<string, string> | undefined;
    for (const [name, schema] of option.properties) {
      if (Object.hasOwn(value, name)) continue;
      const key = this.findKey(value, keys, name, schema, option);
      if (key !== undefined && !renamed?.has(key)) {
        renamed ??= new Map();
        renamed.set(key, name);
      }
    }
    let handled: Set<string> | undefined;
    const additional = option.additional;
    // The model's key order is kept; declared properties it left out come after.
    for (const key of keys) {
      const name = declared.has(key) ? key : renamed?.get(key);
      if (name !== undefined) {
        const schema = declared.get(name);
        const childPath = pointer(path, name);
        if (name !== key) sink.flag(childPath, 'key_renamed');
        const received = value[key];
        if (received === null && !option.required.has(name) && !this.allowsNull(schema)) {
          // Models write null for "not given": an optional property that does not allow null is left out.
          sink.flag(childPath, 'null_property_removed');
          handled ??= new Set();
          handled.add(name);
          continue;
        }
        setOwnProperty(out, name, this.node(received, schema, childPath, sink, depth + 1));
        continue;
      }
      if (additional === false) {
        sink.flag(pointer(path, key), 'extra_property_removed');
        continue;
      }
      const child =
        additional === undefined
          ? value[key]
          : this.node(value[key], additional, pointer(path, key), sink, depth + 1);
      setOwnProperty(out, key, child);
    }
    let named = false;
    for (const [name, schema] of option.properties) {
      if (Object.hasOwn(out, name)) {
        if (!isDefaultLike(out[name])) named = true;
        continue;
      }
      if (handled?.has(name)) continue;
      const childPath = pointer(path, name);
      if (
        this.applyDefaults &&
        typeof schema === 'object' &&
        schema !== null &&
        Object.hasOwn(schema, 'default')
      ) {
        sink.flag(childPath, 'default_filled');
        setOwnProperty(out, name, cloneJson(schema.default));
      } else if (option.required.has(name)) {
        if (
          this.partial &&
          !this.allowsNull(schema) &&
          this.root.options(schema).some((o) => o.kind === 'array')
        ) {
          // partial mode: an array not yet started is empty so far
          sink.flag(childPath, 'missing_as_null');
          setOwnProperty(out, name, []);
        } else if (
          this.partial ||
          (this.allowsNull(schema) && schema !== undefined && schema !== true && !this.isAny(schema))
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
    for (const name of undeclaredRequired(option)) {
      // Required but not declared: whatever value is given is fine; none is still missing.
      if (Object.hasOwn(out, name)) continue;
      const childPath = pointer(path, name);
      if (this.partial) {
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
    const { minProperties, maxProperties } = option.schema;
    const count = Object.keys(out).length;
    if (typeof minProperties === 'number' && count < minProperties) {
      sink.add(issue(path, 'too_small', `at least ${minProperties} properties`, `${count} properties`));
    }
    if (typeof maxProperties === 'number' && count > maxProperties) {
      sink.add(issue(path, 'too_big', `at most ${maxProperties} properties`, `${count} properties`));
    }
    return out;
  }

  private isAny(schema: JSONSchema): boolean {
    const options = this.root.options(schema);
    return options.length === 1 && options[0]?.kind === 'any';
  }

  /** A key of `value` naming property `name` loosely (case, spaces, punctuation) or by `x-baml-alias`. */
  private findKey(
    value: Record<string, unknown>,
    keys: readonly string[],
    name: string,
    schema: JSONSchema,
    option: Extract<SchemaOption, { kind: 'object' }>,
  ): string | undefined {
    const alias = typeof schema === 'object' && schema !== null ? schema['x-baml-alias'] : undefined;
    if (typeof alias === 'string' && Object.hasOwn(value, alias)) return alias;
    const wanted = looseForm(typeof alias === 'string' ? alias : name);
    if (wanted === '') return undefined;
    for (const key of keys) {
      if (looseForm(key) !== wanted) continue;
      if (option.properties.some(([declared]) => declared === key)) continue;
      return key;
    }
    return undefined;
  }

  array(
    value: unknown,
    option: Extract<SchemaOption, { kind: 'array' }>,
    path: string,
    sink: Sink,
    depth: number,
  ): unknown {
    if (!Array.isArray(value)) {
      if (value === null || value === undefined) {
        sink.add(issue(path, 'invalid_type', 'array', typeName(value)));
        return value;
      }
      if (typeof value === 'string') {
        const trimmed = value.trim();
        if (trimmed.startsWith('[')) {
          const decoded = decodeLenient(trimmed);
          if (decoded && Array.isArray(decoded.value)) {
            sink.flag(path, 'json_text_decoded');
            return this.array(decoded.value, option, path, sink, depth);
          }
        }
      }
      sink.flag(path, 'single_to_array');
      return this.array([value], option, path, sink, depth);
    }
    const out: unknown[] = new Array(value.length);
    const prefix = option.prefixItems;
    for (let index = 0; index < value.length; index++) {
      const schema = index < prefix.length ? prefix[index] : option.items;
      out[index] = this.node(value[index], schema, pointer(path, index), sink, depth + 1);
    }
    const { minItems, maxItems, uniqueItems } = option.schema;
    if (typeof minItems === 'number' && out.length < minItems) {
      sink.add(issue(path, 'too_small', `at least ${minItems} items`, `${out.length} items`));
    }
    if (typeof maxItems === 'number' && out.length > maxItems) {
      sink.add(issue(path, 'too_big', `at most ${maxItems} items`, `${out.length} items`));
    }
    if (uniqueItems === true) {
      for (let i = 1; i < out.length; i++) {
        if (out.slice(0, i).some((earlier) => matchesLiteral(earlier, out[i]))) {
          sink.add(issue(pointer(path, i), 'not_unique', 'unique items', 'a repeated item'));
          break;
        }
      }
    }
    return out;
  }
}
