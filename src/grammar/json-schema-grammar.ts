import {
  canonicalTypeName,
  type SchemaObject,
  type SchemaOption,
  SchemaRoot,
  type SchemaTypeName,
} from '../schema/schema-root.js';
import type { JSONSchema } from '../types/json-schema.js';
import type { Warning } from '../types/warning.js';
import { GrammarBuilder } from './grammar-builder.js';
import {
  alternatives,
  chars,
  complementRanges,
  EMPTY,
  type GrammarNode,
  isNever,
  literal,
  NEVER,
  optional,
  ref,
  repeat,
  sequence,
  subtractRanges,
} from './grammar-node.js';
import {
  ESCAPED_RANGES,
  encodeAsJsonText,
  JSON_ESCAPE,
  JSON_STRING_CHAR,
  jsonStringText,
} from './json-string-text.js';
import {
  ANY_INTEGER,
  ANY_NUMBER,
  type DecimalBound,
  decimalOf,
  decimalRange,
  integerRange,
} from './number-range.js';
import { patternGrammar } from './pattern-grammar.js';
import { formatGrammar } from './string-formats.js';

/** How JSON text may be spaced between tokens. */
export type JsonWhitespace = 'compact' | 'flexible';

/** Options of `JsonSchemaGrammar` (and `schemaGrammar`). */
export interface JsonGrammarOptions {
  /**
   * `flexible` (default): after every `{ [ , :` and every value, nothing, one space, or one or two
   * newlines then up to 20 spaces or tabs, as llama.cpp's own JSON-Schema grammars allow (`space` in
   * `common/json-schema-to-grammar.cpp`; bounded so a model cannot loop on whitespace).
   * `compact`: no whitespace at all (`JSON.stringify` output).
   */
  readonly whitespace?: JsonWhitespace;
  /**
   * `schema` (default): declared properties in the schema's order (optional ones may be left out),
   * then additional properties. `any`: properties in any order (as xgrammar's `any_order` and vLLM's
   * `arguments.rs`); `required` and "each key once" are then not enforced, and say so in `warnings`.
   */
  readonly propertyOrder?: 'schema' | 'any';
}

const UNESCAPED = complementRanges(ESCAPED_RANGES);

/** Deeper schema nesting than this is read as "any value" (with a warning). */
export const MAX_GRAMMAR_DEPTH = 64;
/** A grammar with more rules than this stops expanding sub-schemas (they become "any value"). */
export const MAX_GRAMMAR_RULES = 20_000;

/**
 * The largest `minLength` / `maxLength` / `minItems` / `maxItems` applied. Measured on this project's
 * VM: xgrammar 0.1.27 compiles `maxLength: 10000` in 0.7 s and `100000` in 68 s (llama.cpp builds one
 * rule per optional copy), and `1e9` would print a million chunks.
 */
export const MAX_COUNT_BOUND = 10_000;

/** Keywords that only annotate, or that `SchemaRoot` reads beside a `$ref` / `anyOf` anyway. */
const PASSIVE_KEYWORDS = new Set([
  'title',
  'description',
  'default',
  'examples',
  '$comment',
  '$schema',
  '$id',
  '$anchor',
  '$defs',
  'definitions',
  'deprecated',
  'readOnly',
  'writeOnly',
  'nullable',
  'strict',
]);

/**
 * Builds grammar trees for JSON values of schemas, reading each schema through `SchemaRoot`, the
 * same interpretation alignment reads (`SchemaRoot.options`: const/enum literals, `anyOf`/`oneOf`
 * and type arrays split into typed options, single `allOf`, local `$ref` with cycles, `nullable`,
 * type aliases). The grammar therefore allows the values alignment would accept as exact; what it
 * cannot express is collected in `warnings` (never silently dropped).
 *
 * Use one instance per grammar, on a `GrammarBuilder` shared with any surrounding grammar (a
 * format's envelope): `value(schema)` returns a node (usually a rule reference) for one JSON value;
 * rules are named after `hint` (property names appended: `args-location`) and deduped; each schema
 * object becomes one rule, so `$ref` recursion is a rule that refers to itself. `warnings()` lists the
 * warnings once the grammar is built.
 *
 * Per keyword:
 * - `type` (with aliases), `enum`, `const` (any JSON value, spaced like the rest), `anyOf`, `oneOf`
 *   (as `anyOf`: exclusivity is not enforced, warned), `allOf` with one branch, `$ref`/`$defs`.
 * - `properties`, `required` (also names missing from `properties`), `additionalProperties` (JSON
 *   Schema's default: allowed; extra keys differ from the declared ones).
 * - `items`, `prefixItems` (and draft-07 array `items` / `additionalItems`), `minItems`, `maxItems`.
 * - `minLength` / `maxLength` (code points), `pattern` (see `patternGrammar`), `format` (see
 *   `formatGrammar`); of these only one applies to one string: `pattern`, else `format`, else the
 *   lengths (the others are warned).
 * - `minimum` / `maximum` / `exclusiveMinimum` / `exclusiveMaximum` (draft 4 boolean form too),
 *   exact at any size for integers (digit-range rules) and numbers (decimal bounds compared digit
 *   by digit, the bound read as written: `1.1` is 1.1). A bounded number is written without
 *   exponent (every value in range can be). Typeless keywords (`{"maxLength": 2}`) constrain only
 *   values of their own type.
 * - boolean schemas: `true` any value, `false` nothing.
 * - Not expressible, warned: `uniqueItems`, `multipleOf`, `minProperties` / `maxProperties`,
 *   `propertyNames`, keywords beside `anyOf` / `oneOf` / `$ref` (which `SchemaRoot` does not apply),
 *   `allOf` beside `type` / `properties`, every keyword `SchemaRoot` reports as unsupported.
 *
 * Spelling narrowings (no value is lost): integers never `-0` nor `1.0`, strings use
 * `JSON.stringify`'s escapes for literals, object literals keep their key order.
 *
 * Bounded: nesting deeper than `MAX_GRAMMAR_DEPTH` or more than `MAX_GRAMMAR_RULES` rules read as
 * any value (warned); `$ref` cycles become recursive rules; an enum costs one alternative per value.
 */
export class JsonSchemaGrammar {
  readonly builder: GrammarBuilder;
  readonly root: SchemaRoot;
  private readonly whitespace: JsonWhitespace;
  private readonly anyOrder: boolean;
  private readonly named = new Map<object, string>();
  private readonly referenced = new Set<string>();
  private readonly issues = new Map<string, Warning>();
  private readonly inspected = new WeakSet<object>();
  private wsNode: GrammarNode | undefined;
  private anyNode: GrammarNode | undefined;
  private anyContainers = { object: NEVER, array: NEVER };

  constructor(
    schema: JSONSchema | SchemaRoot,
    options: JsonGrammarOptions = {},
    builder = new GrammarBuilder(),
  ) {
    this.root = schema instanceof SchemaRoot ? schema : new SchemaRoot(schema);
    this.builder = builder;
    this.whitespace = options.whitespace ?? 'flexible';
    this.anyOrder = options.propertyOrder === 'any';
  }

  /** The optional whitespace between JSON tokens (`EMPTY` when compact). */
  get ws(): GrammarNode {
    if (this.wsNode === undefined) {
      this.wsNode =
        this.whitespace === 'compact'
          ? EMPTY
          : this.builder.rule(
              'ws',
              alternatives(
                EMPTY,
                literal(' '),
                sequence(
                  repeat(literal('\n'), 1, 2),
                  repeat(
                    chars([
                      [0x09, 0x09],
                      [0x20, 0x20],
                    ]),
                    0,
                    20,
                  ),
                ),
              ),
            );
    }
    return this.wsNode;
  }

  /**
   * One JSON value of `schema` (a node of this root; `undefined` = any value), as a node to embed.
   * `hint` names its rule; `path` is the JSON Pointer used in warnings.
   */
  value(schema: JSONSchema | undefined, hint = 'schema', path = '', depth = 0): GrammarNode {
    if (schema === undefined || schema === true) return this.any();
    if (schema === false) return NEVER;
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return this.any();
    const key = this.identity(schema);
    const existing = this.named.get(key);
    if (existing !== undefined) {
      this.referenced.add(existing);
      return ref(existing);
    }
    if (depth > MAX_GRAMMAR_DEPTH || this.builder.size > MAX_GRAMMAR_RULES) {
      this.warn(
        'depth',
        `${where(path)}: schema nested deeper than ${MAX_GRAMMAR_DEPTH} or grammar over ${MAX_GRAMMAR_RULES} rules; any value allowed`,
      );
      return this.any();
    }
    this.inspect(schema, path);
    const name = this.builder.reserve(hint);
    this.named.set(key, name);
    const body = alternatives(
      ...this.root.options(schema).map((option) => this.option(option, hint, path, depth)),
    );
    if (this.referenced.has(name)) {
      this.builder.define(name, body);
      return ref(name);
    }
    this.builder.release(name);
    const rule = isNever(body) ? body : this.builder.rule(hint, body);
    if (rule.kind === 'ref') this.named.set(key, rule.name);
    else this.named.delete(key);
    return rule;
  }

  /** Any JSON value (the recursive `value` rule). */
  any(): GrammarNode {
    if (this.anyNode !== undefined) return this.anyNode;
    const value = this.builder.reserve('value');
    this.anyNode = ref(value);
    const ws = this.ws;
    const member = sequence(this.plainString(), ws, literal(':'), ws, ref(value), ws);
    const object = this.builder.rule('object', this.list('{', member, '}'));
    const array = this.builder.rule('array', this.list('[', sequence(ref(value), ws), ']'));
    this.anyContainers = { object, array };
    this.builder.define(
      value,
      alternatives(
        object,
        array,
        this.plainString(),
        this.builder.rule('number', ANY_NUMBER),
        literal('true'),
        literal('false'),
        literal('null'),
      ),
    );
    return this.anyNode;
  }

  /** `open`, then `item`s separated by commas (each comma followed by whitespace), then `close`. */
  private list(open: string, item: GrammarNode, close: string): GrammarNode {
    const ws = this.ws;
    return sequence(
      literal(open),
      ws,
      optional(sequence(item, repeat(sequence(literal(','), ws, item), 0))),
      literal(close),
    );
  }

  /** Everything not expressed so far, including the keywords `SchemaRoot` does not interpret. */
  warnings(): Warning[] {
    const out = [...this.issues.values()];
    for (const { pointer, keyword } of this.root.unsupportedKeywords) {
      out.push({
        type: 'unsupported',
        feature: keyword,
        details: `${where(pointer)}: keyword not interpreted; not applied`,
      });
    }
    return out;
  }

  private identity(schema: SchemaObject): object {
    // A bare reference is its target, so `$ref`s to one definition share one rule; a chain that
    // cycles back (SchemaRoot reads it as any value) keeps the node it started from.
    const seen = new Set<object>();
    let node = schema;
    while (!seen.has(node)) {
      seen.add(node);
      const keys = Object.keys(node);
      if (typeof node.$ref !== 'string' || node.nullable === true) return node;
      if (!keys.every((k) => k === '$ref' || PASSIVE_KEYWORDS.has(k))) return node;
      const target = this.root.resolveRef(node.$ref);
      if (typeof target !== 'object' || target === null) return node;
      node = target;
    }
    return schema;
  }

  private option(option: SchemaOption, hint: string, path: string, depth: number): GrammarNode {
    switch (option.kind) {
      case 'any':
        return option.schema === undefined ? this.any() : this.typedAny(option.schema, hint, path, depth);
      case 'never':
        return NEVER;
      case 'unknown':
        this.warn('type', `${where(path)}: unknown type "${option.typeName}"; any value allowed`);
        return this.any();
      case 'literal':
        return this.literalValue(option.value);
      case 'null':
        return literal('null');
      case 'boolean':
        return alternatives(literal('true'), literal('false'));
      case 'string':
        this.inspect(option.schema, path);
        return this.string(option.schema, hint, path);
      case 'integer':
      case 'number':
        this.inspect(option.schema, path);
        return this.number(option.kind, option.schema, path);
      case 'object':
        this.inspect(option.schema, path);
        return this.object(option, hint, path, depth);
      case 'array':
        this.inspect(option.schema, path);
        return this.array(option, hint, path, depth);
    }
  }

  /**
   * Any value of a typeless schema node, where the node's type-specific keywords still constrain the
   * values of their type (`{"maxLength": 2}`: any number, object, ...; strings of at most 2).
   */
  private typedAny(schema: SchemaObject, hint: string, path: string, depth: number): GrammarNode {
    const has = (keywords: readonly string[]) => keywords.some((k) => schema[k] !== undefined);
    const forString = has(['minLength', 'maxLength', 'pattern', 'format']);
    const forNumber = has(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']);
    const forArray = has(['minItems', 'maxItems', 'uniqueItems']);
    if (!forString && !forNumber && !forArray) {
      for (const keyword of ['minProperties', 'maxProperties'] as const) {
        if (schema[keyword] !== undefined) this.warn(keyword, `${where(path)}: ${keyword} not enforced`);
      }
      return this.any();
    }
    this.any();
    const { object, array } = this.anyContainers;
    return alternatives(
      object,
      forArray
        ? this.array({ kind: 'array', schema, items: undefined, prefixItems: [] }, hint, path, depth)
        : array,
      forString ? this.string(schema, hint, path) : this.plainString(),
      forNumber ? this.number('number', schema, path) : this.builder.rule('number', ANY_NUMBER),
      literal('true'),
      literal('false'),
      literal('null'),
    );
  }

  private plainString(): GrammarNode {
    const char = this.builder.rule('char', JSON_STRING_CHAR);
    return this.builder.rule('string', sequence(literal('"'), repeat(char, 0), literal('"')));
  }

  private literalValue(value: unknown): GrammarNode {
    const ws = this.ws;
    if (Array.isArray(value)) {
      const items = value.map((item) => sequence(this.literalValue(item), ws));
      return sequence(
        literal('['),
        ws,
        ...items.flatMap((item, index) => (index === 0 ? [item] : [literal(','), ws, item])),
        literal(']'),
      );
    }
    if (typeof value === 'object' && value !== null) {
      const members = Object.keys(value).map((key) =>
        sequence(
          literal(JSON.stringify(key)),
          ws,
          literal(':'),
          ws,
          this.literalValue((value as Record<string, unknown>)[key]),
          ws,
        ),
      );
      return sequence(
        literal('{'),
        ws,
        ...members.flatMap((m, index) => (index === 0 ? [m] : [literal(','), ws, m])),
        literal('}'),
      );
    }
    if (typeof value === 'string') return literal(JSON.stringify(value));
    if (typeof value === 'number') return Number.isFinite(value) ? literal(JSON.stringify(value)) : NEVER;
    if (typeof value === 'boolean' || value === null) return literal(String(value));
    return NEVER;
  }

  private string(schema: SchemaObject, hint: string, path: string): GrammarNode {
    const { minLength, maxLength, pattern, format } = schema;
    const lengths = typeof minLength === 'number' || typeof maxLength === 'number';
    let content: GrammarNode | undefined;
    let applied: string | undefined;
    if (typeof pattern === 'string') {
      const result = patternGrammar(pattern);
      if (result.ok) {
        content = this.builder.rule(`${hint}-pattern`, encodeAsJsonText(result.node));
        applied = 'pattern';
      } else this.warn('pattern', `${where(path)}: /${pattern}/: ${result.reason}; not applied`);
    }
    if (typeof format === 'string') {
      const grammar = formatGrammar(format);
      if (grammar === undefined) this.warn('format', `${where(path)}: format "${format}" is not constrained`);
      else if (applied !== undefined)
        this.warn('format', `${where(path)}: format "${format}" not applied beside ${applied}`);
      else {
        content = this.builder.rule(`format-${format}`, grammar);
        applied = `format "${format}"`;
      }
    }
    if (content === undefined) {
      if (!lengths) return this.plainString();
      const char = this.builder.rule('char', JSON_STRING_CHAR);
      const low = Math.max(0, this.count(minLength, 'minLength', path, Math.ceil) ?? 0);
      const high = this.count(maxLength, 'maxLength', path, Math.floor);
      content = repeat(char, low, high);
    } else if (lengths) {
      this.warn('minLength', `${where(path)}: minLength / maxLength not applied beside ${applied}`);
    }
    return sequence(literal('"'), content, literal('"'));
  }

  private number(kind: 'integer' | 'number', schema: SchemaObject, path: string): GrammarNode {
    if (typeof schema.multipleOf === 'number')
      this.warn('multipleOf', `${where(path)}: multipleOf not enforced`);
    const lower = tighterBound(
      bound(schema.minimum, schema.exclusiveMinimum === true),
      typeof schema.exclusiveMinimum === 'number' ? bound(schema.exclusiveMinimum, true) : undefined,
      'lower',
    );
    const upper = tighterBound(
      bound(schema.maximum, schema.exclusiveMaximum === true),
      typeof schema.exclusiveMaximum === 'number' ? bound(schema.exclusiveMaximum, true) : undefined,
      'upper',
    );
    if (kind === 'integer') {
      if (lower === undefined && upper === undefined) return this.builder.rule('integer', ANY_INTEGER);
      const low =
        lower === undefined
          ? undefined
          : lower.exclusive
            ? wholeOf(Math.floor(lower.value)) + 1n
            : wholeOf(Math.ceil(lower.value));
      const high =
        upper === undefined
          ? undefined
          : upper.exclusive
            ? wholeOf(Math.ceil(upper.value)) - 1n
            : wholeOf(Math.floor(upper.value));
      return integerRange(low, high);
    }
    if (lower === undefined && upper === undefined) return this.builder.rule('number', ANY_NUMBER);
    const decimal = (value: NumberBound | undefined): DecimalBound | undefined =>
      value === undefined ? undefined : { ...decimalOf(value.value), inclusive: !value.exclusive };
    return decimalRange(decimal(lower), decimal(upper));
  }

  private object(
    option: Extract<SchemaOption, { kind: 'object' }>,
    hint: string,
    path: string,
    depth: number,
  ): GrammarNode {
    const ws = this.ws;
    const { required, additional } = option;
    const members: Array<{ name: string; node: GrammarNode; required: boolean }> = [];
    const declared = new Set<string>();
    for (const [name, schema] of option.properties) {
      declared.add(name);
      const childPath = `${path}/properties/${escapePointer(name)}`;
      const value = this.value(schema, `${hint}-${name}`, childPath, depth + 1);
      if (isNever(value)) {
        if (required.has(name)) return NEVER;
        continue;
      }
      members.push({ name, node: this.member(jsonStringText(name), value), required: required.has(name) });
    }
    const extraPath = `${path}/additionalProperties`;
    for (const name of required) {
      if (declared.has(name)) continue;
      if (additional === false) return NEVER;
      declared.add(name);
      const value = this.value(additional, `${hint}-additional`, extraPath, depth + 1);
      if (isNever(value)) return NEVER;
      members.push({ name, node: this.member(jsonStringText(name), value), required: true });
    }
    let extra: GrammarNode = NEVER;
    if (additional !== false) {
      const value = this.value(additional, `${hint}-additional`, extraPath, depth + 1);
      if (!isNever(value)) {
        const key = this.builder.rule(
          `${hint}-additional-key`,
          stringExcluding([...declared], this.builder.rule('char', JSON_STRING_CHAR)),
        );
        extra = sequence(key, ws, literal(':'), ws, value, ws);
      }
    }
    for (const keyword of ['minProperties', 'maxProperties', 'propertyNames'] as const) {
      if (option.schema[keyword] !== undefined) this.warn(keyword, `${where(path)}: ${keyword} not enforced`);
    }
    const open = sequence(literal('{'), ws);
    const close = literal('}');
    if (this.anyOrder) {
      if (members.some((m) => m.required)) {
        this.warn('required', `${where(path)}: required properties not enforced with propertyOrder "any"`);
      }
      const member = this.builder.rule(`${hint}-member`, alternatives(...members.map((m) => m.node), extra));
      return isNever(member) ? sequence(open, close) : this.list('{', member, '}');
    }
    const tail = repeat(sequence(literal(','), ws, extra), 0);
    // rest[i]: members from i on when one member is already written (each after a comma).
    // first[i]: members from i on when none is written yet: the first one written takes no comma.
    const firstRequired = members.findIndex((m) => m.required);
    const lastShared = firstRequired === -1 ? members.length : firstRequired;
    let rest: GrammarNode = tail;
    let first: GrammarNode = optional(sequence(extra, tail));
    for (let index = members.length - 1; index >= 0; index--) {
      const member = members[index] as (typeof members)[number];
      const needsFirst = index <= lastShared;
      const shared =
        needsFirst && !member.required && rest !== tail ? this.builder.rule(`${hint}-rest`, rest) : rest;
      if (needsFirst) {
        first = member.required
          ? sequence(member.node, shared)
          : alternatives(sequence(member.node, shared), first);
      }
      const step = sequence(literal(','), ws, member.node);
      rest = sequence(member.required ? step : optional(step), shared);
    }
    return sequence(open, first, close);
  }

  private member(key: GrammarNode, value: GrammarNode): GrammarNode {
    const ws = this.ws;
    return sequence(literal('"'), key, literal('"'), ws, literal(':'), ws, value, ws);
  }

  private array(
    option: Extract<SchemaOption, { kind: 'array' }>,
    hint: string,
    path: string,
    depth: number,
  ): GrammarNode {
    const ws = this.ws;
    const { minItems, maxItems, uniqueItems } = option.schema;
    if (uniqueItems === true) this.warn('uniqueItems', `${where(path)}: uniqueItems not enforced`);
    const prefix = option.prefixItems;
    const min = Math.max(0, this.count(minItems, 'minItems', path, Math.ceil) ?? 0);
    let max = this.count(maxItems, 'maxItems', path, Math.floor);
    if (option.items === false) max = Math.min(max ?? prefix.length, prefix.length);
    if (max !== undefined && max < min) return NEVER;
    const itemNode =
      max === undefined || max > prefix.length
        ? this.value(option.items, `${hint}-item`, `${path}/items`, depth + 1)
        : NEVER;
    const element = (index: number): GrammarNode =>
      index < prefix.length
        ? sequence(
            this.value(prefix[index], `${hint}-${index}`, `${path}/prefixItems/${index}`, depth + 1),
            ws,
          )
        : sequence(itemNode, ws);
    const comma = sequence(literal(','), ws);
    const from = (index: number): GrammarNode => {
      if (max !== undefined && index >= max) return EMPTY;
      if (index >= prefix.length) {
        if (index === 0) {
          const all = sequence(
            element(0),
            repeat(
              sequence(comma, element(0)),
              Math.max(0, min - 1),
              max === undefined ? undefined : max - 1,
            ),
          );
          return min > 0 ? all : optional(all);
        }
        return repeat(
          sequence(comma, element(index)),
          Math.max(0, min - index),
          max === undefined ? undefined : max - index,
        );
      }
      const node = sequence(index > 0 ? comma : EMPTY, element(index), from(index + 1));
      return index < min ? node : optional(node);
    };
    return sequence(literal('['), ws, from(0), literal(']'));
  }

  /** Warns about keywords `SchemaRoot` does not apply where they stand (siblings of anyOf / $ref). */
  private inspect(node: SchemaObject, path: string): void {
    if (this.inspected.has(node)) return;
    this.inspected.add(node);
    const keys = Object.keys(node).filter((k) => !PASSIVE_KEYWORDS.has(k) && !k.startsWith('x-'));
    const ignoredBeside = (keyword: string, literals?: readonly unknown[]): void => {
      // A `type` every literal already has changes nothing (zod writes {"type":"string","enum":[...]}).
      const others = keys.filter(
        (k) => k !== keyword && !(k === 'type' && literals && literalsFitType(literals, node.type)),
      );
      if (others.length > 0) {
        this.warn(keyword, `${where(path)}: ${others.join(', ')} beside ${keyword} not applied`);
      }
    };
    if (typeof node.$ref === 'string') ignoredBeside('$ref');
    else if (Object.hasOwn(node, 'const')) ignoredBeside('const', [node.const]);
    else if (Array.isArray(node.enum)) ignoredBeside('enum', node.enum);
    else if (Array.isArray(node.anyOf) || Array.isArray(node.oneOf)) {
      const keyword = Array.isArray(node.anyOf) ? 'anyOf' : 'oneOf';
      ignoredBeside(keyword);
      if (keyword === 'anyOf' && Array.isArray(node.oneOf))
        this.warn('oneOf', `${where(path)}: oneOf beside anyOf not applied`);
      if (keyword === 'oneOf' && (node.oneOf as unknown[]).length > 1) {
        this.warn('oneOf', `${where(path)}: oneOf read as anyOf (one branch only is not enforced)`);
      }
      const branches = node[keyword] as unknown[];
      branches.forEach((branch, index) => {
        if (typeof branch === 'object' && branch !== null)
          this.inspect(branch as SchemaObject, `${path}/${keyword}/${index}`);
      });
    } else if (Array.isArray(node.allOf) && (node.type !== undefined || node.properties !== undefined)) {
      this.warn('allOf', `${where(path)}: allOf beside type / properties not applied`);
    } else if (
      Array.isArray(node.allOf) &&
      node.allOf.length === 1 &&
      typeof node.allOf[0] === 'object' &&
      node.allOf[0] !== null
    ) {
      ignoredBeside('allOf');
      this.inspect(node.allOf[0] as SchemaObject, `${path}/allOf/0`);
    }
  }

  /**
   * A length or item-count bound, rounded; `undefined` when absent, not a number, or above
   * `MAX_COUNT_BOUND` (warned: `maxLength: 1e9` would print a million chunks, `1e400` is Infinity).
   */
  private count(
    value: unknown,
    keyword: string,
    path: string,
    round: (value: number) => number,
  ): number | undefined {
    if (typeof value !== 'number' || Number.isNaN(value)) return undefined;
    if (Math.abs(value) <= MAX_COUNT_BOUND) return round(value);
    this.warn(keyword, `${where(path)}: ${keyword} above ${MAX_COUNT_BOUND} not applied`);
    return undefined;
  }

  private warn(feature: string, details: string): void {
    const key = `${feature}\u0000${details}`;
    if (!this.issues.has(key)) this.issues.set(key, { type: 'unsupported', feature, details });
  }
}

/**
 * A whole JavaScript number as the integer its JSON text says: `1e300` is 10^300, not the binary
 * double's 1000000000000000052504760255204420248704468581108159154915854115111802457988908195786371375...
 * (`BigInt(1e300)`), whose 300 distinct digits nest one group per digit and abort xgrammar.
 */
function wholeOf(value: number): bigint {
  const { negative, magnitude } = decimalOf(value);
  return negative ? -magnitude.whole : magnitude.whole;
}

interface NumberBound {
  readonly value: number;
  readonly exclusive: boolean;
}

function bound(value: unknown, exclusive: boolean): NumberBound | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? { value, exclusive } : undefined;
}

function tighterBound(
  a: NumberBound | undefined,
  b: NumberBound | undefined,
  side: 'lower' | 'upper',
): NumberBound | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  if (a.value === b.value) return a.exclusive ? a : b;
  return (side === 'lower' ? a.value > b.value : a.value < b.value) ? a : b;
}

/** Every literal is a value of (one of) the named JSON types. */
function literalsFitType(literals: readonly unknown[], type: unknown): boolean {
  const names = new Set(
    (Array.isArray(type) ? type : [type])
      .filter((t): t is string => typeof t === 'string')
      .map(canonicalTypeName),
  );
  return literals.every((value) => {
    if (value === null) return names.has('null');
    if (Array.isArray(value)) return names.has('array');
    if (typeof value === 'number')
      return names.has('number') || (names.has('integer') && Number.isInteger(value));
    return names.has(typeof value as SchemaTypeName);
  });
}

function where(pointer: string): string {
  return pointer === '' ? '/' : pointer;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * A JSON string (with its quotes) whose text is none of `names` (their `JSON.stringify` text): a trie
 * over the names (`char`: the node of one string character), where each step either follows a name, leaves all of them (then anything), or ends
 * where no name ends (llama.cpp builds the same "not these strings" rule for additional keys).
 */
export function stringExcluding(names: readonly string[], char: GrammarNode = JSON_STRING_CHAR): GrammarNode {
  const anyRest = repeat(char, 0);
  if (names.length === 0) return sequence(literal('"'), anyRest, literal('"'));
  interface Trie {
    readonly children: Map<string, Trie>;
    end: boolean;
  }
  const top: Trie = { children: new Map(), end: false };
  for (const name of names) {
    let node = top;
    for (const character of JSON.stringify(name).slice(1, -1)) {
      let next = node.children.get(character);
      if (!next) {
        next = { children: new Map(), end: false };
        node.children.set(character, next);
      }
      node = next;
    }
    node.end = true;
  }
  const walk = (node: Trie): GrammarNode => {
    const taken = [...node.children.keys()].map(
      (c) => [c.codePointAt(0), c.codePointAt(0)] as [number, number],
    );
    const others = chars(subtractRanges(UNESCAPED, taken));
    // Leaving the names: another character, or an escape unless a name continues with one here.
    const leave = node.children.has('\\') ? others : alternatives(others, JSON_ESCAPE);
    return alternatives(
      ...[...node.children].map(([character, child]) => sequence(literal(character), walk(child))),
      sequence(leave, anyRest),
      node.end ? NEVER : EMPTY,
    );
  };
  return sequence(literal('"'), walk(top), literal('"'));
}
