// JSON Schema to grammar: the walk over a schema's typed options, one rule per schema object.

import { escapePointer } from '../internal/escape-pointer.js';
import { nestedDeeperThan } from '../internal/value-depth.js';
import { MAX_VALUE_DEPTH } from '../schema/align-context.js';
import {
  type IgnoredKeywordsContext,
  PASSIVE_KEYWORDS,
  reportIgnoredKeywords,
} from '../schema/ignored-keywords.js';
import { MAX_SCHEMA_DEPTH, type SchemaObject, type SchemaOption, SchemaRoot } from '../schema/schema-root.js';
import type { JSONSchema } from '../types/json-schema.js';
import type { Warning } from '../types/warning.js';
import { GrammarBuilder } from './grammar-builder.js';
import {
  alternatives,
  alternativesOf,
  chars,
  EMPTY,
  type GrammarNode,
  isNever,
  literal,
  NEVER,
  optional,
  ref,
  repeat,
  sequence,
  sequenceOf,
} from './grammar-node.js';
import { countBound } from './json-schema/count-bound.js';
import { type WarnUnexpressed, where } from './json-schema/grammar-warnings.js';
import { numberGrammar } from './json-schema/number-grammar.js';
import { type ObjectMember, schemaOrderMembers } from './json-schema/object-members.js';
import { stringExcluding } from './json-schema/string-excluding.js';
import { plainStringGrammar, stringGrammar } from './json-schema/string-grammar.js';
import { JSON_STRING_CHAR, jsonStringText } from './json-string-text.js';
import { ANY_NUMBER } from './number-range.js';
import { markStable, stableNode } from './stable-nodes.js';

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

/**
 * Values nested deeper than this (objects and arrays in each other) are "any value" in a grammar,
 * with a warning: `MAX_SCHEMA_DEPTH`, the bound `SchemaRoot` follows `$ref` / `anyOf` chains to, so
 * one number bounds how deep a schema is read (32, as vLLM).
 */
export const MAX_GRAMMAR_DEPTH = MAX_SCHEMA_DEPTH;
/** A grammar with more rules than this stops expanding sub-schemas (they become "any value"). */
export const MAX_GRAMMAR_RULES = 20_000;

/** How many `prefixItems` elements nest in one rule before the rest becomes a rule of its own. */
const PREFIX_RULE_SPAN = 64;

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
 * any value (warned, as every part of the schema read as any value: a `$ref` that is remote, does not
 * resolve or cycles back to itself, a chain deeper than `MAX_SCHEMA_DEPTH`, a keyword value the
 * meta-schema does not allow; see `SchemaRoot.unsupportedKeywords`); `$ref` cycles become recursive rules; an enum costs one alternative per value.
 */
export class JsonSchemaGrammar {
  readonly builder: GrammarBuilder;
  readonly root: SchemaRoot;
  private readonly whitespace: JsonWhitespace;
  private readonly anyOrder: boolean;
  private readonly named = new Map<object, string>();
  private readonly excludingRules = new Map<string, GrammarNode>();
  /** The rules of schemas referred to again once built (`$ref`, recursion). */
  readonly referenced = new Set<string>();
  private readonly issues = new Map<string, Warning>();
  /** Records a warning once (same feature and details: one entry). */
  private readonly warn: WarnUnexpressed = (feature, details) => {
    const key = `${feature}\u0000${details}`;
    if (!this.issues.has(key)) this.issues.set(key, { type: 'unsupported', feature, details });
  };
  private readonly keywordContext: IgnoredKeywordsContext = {
    inspected: new WeakSet<object>(),
    report: (keyword, pointer, reason) => this.warn(keyword, `${where(pointer)}: ${reason}`),
    resolve: (ref) => this.root.resolveRef(ref),
  };
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
    if (this.wsNode === undefined)
      this.wsNode = this.whitespace === 'compact' ? EMPTY : this.builder.rule('ws', FLEXIBLE_WS);
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
    if (depth > MAX_GRAMMAR_DEPTH) {
      this.warn('depth', `${where(path)}: values nested deeper than ${MAX_GRAMMAR_DEPTH}; any value allowed`);
      return this.any();
    }
    if (this.builder.size > MAX_GRAMMAR_RULES) {
      this.warn('rules', `${where(path)}: grammar over ${MAX_GRAMMAR_RULES} rules; any value allowed`);
      return this.any();
    }
    reportIgnoredKeywords(schema, path, this.keywordContext);
    const name = this.builder.reserve(hint);
    this.named.set(key, name);
    // One option per enum value: an array, not spread arguments (200,000 values overflow the stack).
    const body = alternativesOf(
      this.root.options(schema).map((option) => this.option(option, hint, path, depth)),
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
    const string = plainStringGrammar(this.builder);
    // The bodies depend only on the rule names they refer to: shared between grammars (stableNode).
    const names = `${value} ${nameOf(ws)} ${nameOf(string)}`;
    const object = this.builder.rule(
      'object',
      stableNode(`object ${names}`, () =>
        this.list('{', sequence(string, ws, literal(':'), ws, ref(value), ws), '}'),
      ),
    );
    const array = this.builder.rule(
      'array',
      stableNode(`array ${names}`, () => this.list('[', sequence(ref(value), ws), ']')),
    );
    this.anyContainers = { object, array };
    const number = this.builder.rule('number', ANY_NUMBER);
    this.builder.define(
      value,
      stableNode(`value ${nameOf(object)} ${nameOf(array)} ${nameOf(string)} ${nameOf(number)}`, () =>
        alternatives(object, array, string, number, literal('true'), literal('false'), literal('null')),
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
    for (const { pointer, keyword, reason } of this.root.unsupportedKeywords) {
      out.push({
        type: 'unsupported',
        feature: keyword,
        details: `${where(pointer)}: ${reason ?? 'keyword not interpreted; not applied'}`,
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
      // Its passive keywords are never read where the target's rule is reused: their values are
      // checked here (`nullable: "yes"` beside a `$ref` is warned wherever it stands).
      this.root.inspect(node);
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
        // Read by recursion: a value nested 10,000 deep would overflow the stack.
        if (nestedDeeperThan(option.value, MAX_VALUE_DEPTH)) {
          const keyword = Object.hasOwn(option.schema, 'const') ? 'const' : 'enum';
          this.warn(
            keyword,
            `${where(path)}: ${keyword} value nested more than ${MAX_VALUE_DEPTH} levels deep; any value allowed`,
          );
          return this.any();
        }
        return this.literalValue(option.value);
      case 'null':
        return literal('null');
      case 'boolean':
        return alternatives(literal('true'), literal('false'));
      case 'string':
        reportIgnoredKeywords(option.schema, path, this.keywordContext);
        return stringGrammar(option.schema, hint, path, this.builder, this.warn);
      case 'integer':
      case 'number':
        reportIgnoredKeywords(option.schema, path, this.keywordContext);
        return numberGrammar(option.kind, option.schema, this.builder, path, this.warn);
      case 'object':
        reportIgnoredKeywords(option.schema, path, this.keywordContext);
        return this.object(option, hint, path, depth);
      case 'array':
        reportIgnoredKeywords(option.schema, path, this.keywordContext);
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
    this.warnObjectKeywords(schema, path);
    if (!forString && !forNumber && !forArray) return this.any();
    this.any();
    const { object, array } = this.anyContainers;
    return alternatives(
      object,
      forArray
        ? this.array({ kind: 'array', schema, items: undefined, prefixItems: [] }, hint, path, depth)
        : array,
      forString
        ? stringGrammar(schema, hint, path, this.builder, this.warn)
        : plainStringGrammar(this.builder),
      forNumber
        ? numberGrammar('number', schema, this.builder, path, this.warn)
        : this.builder.rule('number', ANY_NUMBER),
      literal('true'),
      literal('false'),
      literal('null'),
    );
  }

  private literalValue(value: unknown): GrammarNode {
    const ws = this.ws;
    if (Array.isArray(value)) {
      const items = value.map((item) => sequence(this.literalValue(item), ws));
      return sequenceOf([
        literal('['),
        ws,
        ...items.flatMap((item, index) => (index === 0 ? [item] : [literal(','), ws, item])),
        literal(']'),
      ]);
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
      return sequenceOf([
        literal('{'),
        ws,
        ...members.flatMap((m, index) => (index === 0 ? [m] : [literal(','), ws, m])),
        literal('}'),
      ]);
    }
    if (typeof value === 'string') return literal(JSON.stringify(value));
    if (typeof value === 'number') return Number.isFinite(value) ? literal(JSON.stringify(value)) : NEVER;
    if (typeof value === 'boolean' || value === null) return literal(String(value));
    return NEVER;
  }

  private object(
    option: Extract<SchemaOption, { kind: 'object' }>,
    hint: string,
    path: string,
    depth: number,
  ): GrammarNode {
    const ws = this.ws;
    const { required, additional } = option;
    const members: ObjectMember[] = [];
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
        extra = sequence(this.additionalKey([...declared], hint), ws, literal(':'), ws, value, ws);
      }
    }
    this.warnObjectKeywords(option.schema, path);
    const open = sequence(literal('{'), ws);
    const close = literal('}');
    if (this.anyOrder) {
      if (members.some((m) => m.required)) {
        this.warn('required', `${where(path)}: required properties not enforced with propertyOrder "any"`);
      }
      const member = this.builder.rule(
        `${hint}-member`,
        alternativesOf([...members.map((m) => m.node), extra]),
      );
      return isNever(member) ? sequence(open, close) : this.list('{', member, '}');
    }
    return sequence(open, schemaOrderMembers(members, extra, ws, this.builder, hint), close);
  }

  /**
   * `minProperties` / `maxProperties` / `propertyNames` are not expressed; a value that is not a
   * number (a schema) is reported by `SchemaRoot` instead, as not applied anywhere.
   */
  private warnObjectKeywords(schema: SchemaObject, path: string): void {
    const { minProperties, maxProperties, propertyNames } = schema;
    const given = [
      ['minProperties', typeof minProperties === 'number'],
      ['maxProperties', typeof maxProperties === 'number'],
      ['propertyNames', typeof propertyNames === 'boolean' || isSchemaObject(propertyNames)],
    ] as const;
    for (const [keyword, present] of given)
      if (present) this.warn(keyword, `${where(path)}: ${keyword} not enforced`);
  }

  /**
   * The rule of an additional property's key: a string none of `declared`, one rule per list of
   * names. Found by the names rather than by the rule's body (`GrammarBuilder.rule`), whose key
   * would spell out each level of the names' trie again: 10,000 names, tens of megabytes.
   */
  private additionalKey(declared: readonly string[], hint: string): GrammarNode {
    const char = this.builder.rule('char', JSON_STRING_CHAR);
    if (declared.length === 0) return this.builder.rule(`${hint}-additional-key`, stringExcluding([], char));
    const names = JSON.stringify(declared);
    let rule = this.excludingRules.get(names);
    if (rule === undefined) {
      const body = stringExcluding(declared, char, this.builder, `${hint}-key-rest`);
      const name = this.builder.reserve(`${hint}-additional-key`);
      this.builder.define(name, body);
      rule = ref(name);
      this.excludingRules.set(names, rule);
    }
    return rule;
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
    const min = Math.max(0, countBound(minItems, 'minItems', path, Math.ceil, this.warn) ?? 0);
    let max = countBound(maxItems, 'maxItems', path, Math.floor, this.warn);
    if (option.items === false) max = Math.min(max ?? prefix.length, prefix.length);
    if (max !== undefined && max < min) return NEVER;
    const itemNode =
      max === undefined || max > prefix.length
        ? this.value(option.items, `${hint}-item`, `${path}/items`, depth + 1)
        : NEVER;
    const comma = sequence(literal(','), ws);
    // Past the prefix: the `items` elements, or nothing once `max` is reached.
    const rest = (index: number): GrammarNode => {
      if (max !== undefined && index >= max) return EMPTY;
      const element = sequence(itemNode, ws);
      if (index > 0)
        return repeat(
          sequence(comma, element),
          Math.max(0, min - index),
          max === undefined ? undefined : max - index,
        );
      const all = sequence(
        element,
        repeat(sequence(comma, element), Math.max(0, min - 1), max === undefined ? undefined : max - 1),
      );
      return min > 0 ? all : optional(all);
    };
    // The prefix, built from its end (each element holds the optional rest after it) without
    // recursion, since prefixItems is as long as its input; every PREFIX_RULE_SPAN elements the rest
    // is a rule of its own, so the tree the printer walks stays shallow.
    const end = max === undefined ? prefix.length : Math.min(max, prefix.length);
    const elements = prefix
      .slice(0, end)
      .map((schema, index) =>
        sequence(this.value(schema, `${hint}-${index}`, `${path}/prefixItems/${index}`, depth + 1), ws),
      );
    let tail = rest(end);
    for (let index = end - 1, nested = 0; index >= 0; index--, nested++) {
      if (nested === PREFIX_RULE_SPAN) {
        tail = this.builder.rule(`${hint}-from`, tail);
        nested = 0;
      }
      const node = sequence(index > 0 ? comma : EMPTY, elements[index] as GrammarNode, tail);
      tail = index < min ? node : optional(node);
    }
    return sequence(literal('['), ws, tail, literal(']'));
  }
}

/** Whitespace between JSON tokens with `whitespace: 'flexible'` (see `JsonGrammarOptions`). */
const FLEXIBLE_WS = markStable(
  alternatives(
    optional(literal(' ')),
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

/** The rule a node refers to (`-` for a node that is not a reference: compact whitespace). */
function nameOf(node: GrammarNode): string {
  return node.kind === 'ref' ? node.name : '-';
}

function isSchemaObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
