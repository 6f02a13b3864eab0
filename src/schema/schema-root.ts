import { escapePointer } from '../internal/escape-pointer.js';
import type { JSONSchema } from '../types/json-schema.js';
import { badKeywordValues } from './keyword-values.js';
import { compileSchemaPattern, type SchemaPattern } from './schema-pattern.js';

/** A JSON Schema object (not a boolean schema). */
export type SchemaObject = { readonly [keyword: string]: unknown };

/**
 * The canonical value types a schema option can name. `integer` is distinct from `number`: an integer
 * option accepts only whole numbers (a float is coerced by rounding, with a flag).
 */
export type SchemaTypeName = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'object' | 'array';

/**
 * One typed alternative of a schema, as `SchemaRoot.options` splits it (the small IR of style guide
 * §8.7, after vLLM's `JsonParamType` options):
 *
 * - `any`: no constraint (`true`, `{}`, an unresolvable / remote / cyclic `$ref`, a multi-branch `allOf`).
 * - `never`: the `false` schema; nothing fits.
 * - `literal`: one `const` value or one `enum` entry (any JSON value).
 * - `string` / `integer` / `number` / `boolean` / `null`: a scalar type; `schema` carries its constraints.
 * - `object`: `properties` (declared order), `required`, `additional` (`undefined` = any extra key
 *   allowed, `false` = none, else the schema of extra values).
 * - `array`: `items` (schema of every item after `prefixItems`, `undefined` = any) and `prefixItems`.
 * - `unknown`: a `type` name we do not know (e.g. `"mystery"`); it leaves the value unconstrained, and a
 *   schema whose options are all unknown keeps raw text as a string.
 */
export type SchemaOption =
  | {
      readonly kind: 'any';
      /**
       * The typeless schema node it came from, when there is one with keywords (`{"minLength": 2}`):
       * its type-specific keywords still constrain values of their type (the grammar reads them;
       * alignment takes the value as is).
       */
      readonly schema?: SchemaObject;
    }
  | { readonly kind: 'never' }
  | { readonly kind: 'literal'; readonly value: unknown; readonly schema: SchemaObject }
  | {
      readonly kind: 'string' | 'integer' | 'number' | 'boolean' | 'null';
      readonly schema: SchemaObject;
      /** The schema has validation keywords for this type (`minLength`, `minimum`, ...) to check. */
      readonly constrained?: boolean;
    }
  | {
      readonly kind: 'object';
      readonly schema: SchemaObject;
      readonly properties: ReadonlyArray<readonly [string, JSONSchema]>;
      readonly required: ReadonlySet<string>;
      readonly additional: JSONSchema | undefined;
    }
  | {
      readonly kind: 'array';
      readonly schema: SchemaObject;
      readonly items: JSONSchema | undefined;
      readonly prefixItems: readonly JSONSchema[];
    }
  | { readonly kind: 'unknown'; readonly typeName: string; readonly schema: SchemaObject };

/**
 * A keyword the schema uses that toolwire does not interpret, or does not apply as written, with the
 * JSON Pointer of its schema.
 */
export interface UnsupportedKeyword {
  /**
   * JSON Pointer (RFC 6901) of the schema object inside the root, e.g. `/properties/a`; for a bad
   * entry of a keyword's value, of that entry (`/required/1`).
   */
  readonly pointer: string;
  readonly keyword: string;
  /**
   * Why a recognised keyword is not applied as written, and what is done instead: a `pattern` RE2
   * cannot run (see `pattern`), a value the JSON Schema meta-schema does not allow (`required: "a"`),
   * a `$ref` that is remote, does not resolve or cycles back to itself, a `$ref` / `anyOf` / `oneOf` /
   * `allOf` chain deeper than `MAX_SCHEMA_DEPTH`, several `allOf` branches. Absent for a keyword
   * toolwire does not interpret at all.
   */
  readonly reason?: string;
}

/**
 * Every keyword `SchemaRoot` and the aligners understand (validation keywords are checked, annotations
 * are read or ignored on purpose). Any other keyword is reported in `SchemaRoot.unsupportedKeywords`
 * (style guide §8.7, after zod's `from-json-schema.ts`). Keys starting with `x-` are vendor
 * extensions and are never reported.
 */
export const RECOGNIZED_KEYWORDS: ReadonlySet<string> = new Set([
  // structure
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'additionalItems',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  '$defs',
  'definitions',
  'nullable',
  // validation, checked after alignment
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  // annotations
  'default',
  'title',
  'description',
  'examples',
  'format',
  '$schema',
  '$id',
  '$comment',
  '$anchor',
  'readOnly',
  'writeOnly',
  'deprecated',
  'contentMediaType',
  'contentEncoding',
  'strict',
]);

/**
 * Type names models and frameworks write in `type`, mapped to the canonical names (lowercased and
 * trimmed first). Prefix rules (`int*`, `uint*`, `long*`, `short*`, `unsigned*` → integer;
 * `num*`, `float*`, `double*`, `decimal*` → number; `dict*`, `map*` → object; `list*`, `array*`,
 * `tuple*`, `set*` → array; `str*`, `text*`, `char*`, `varchar*` → string; `bool*` → boolean) follow
 * vLLM's `JsonType::parse` and qwen3coder's Python parser (coercion.md Table B row 41).
 */
export function canonicalTypeName(name: string): SchemaTypeName | undefined {
  const lower = name.trim().toLowerCase();
  switch (lower) {
    case 'string':
    case 'integer':
    case 'number':
    case 'boolean':
    case 'null':
    case 'object':
    case 'array':
      return lower;
    case 'none':
    case 'nil':
    case 'nonetype':
      return 'null';
    case 'binary':
    case 'bytes':
    case 'uuid':
    case 'date':
    case 'datetime':
      return 'string';
  }
  if (/^(u?int|long|short|unsigned|bigint)/.test(lower)) return 'integer';
  if (/^(num|float|double|decimal|real)/.test(lower)) return 'number';
  if (/^(dict|map|record|obj)/.test(lower)) return 'object';
  if (/^(list|array|tuple|set|seq)/.test(lower)) return 'array';
  if (/^(str|text|char|varchar)/.test(lower)) return 'string';
  if (/^bool/.test(lower)) return 'boolean';
  return undefined;
}

/**
 * How deep schemas are followed: `$ref` / `anyOf` / `oneOf` / `allOf` chains within one schema node
 * here, and the nesting of values in a grammar (`MAX_GRAMMAR_DEPTH`). Deeper parts allow any value,
 * reported. 32, as vLLM's `SchemaView` (`MAX_SCHEMA_DEPTH`, `rust/src/parser/src/schema.rs`), whose
 * grammars and coercion read a tool's schema the same way: tool arguments nest a few levels, so 32
 * levels of chains or of values are far past any real tool schema, and bound the recursion.
 */
export const MAX_SCHEMA_DEPTH = 32;

/**
 * How many levels of values `SchemaRoot.expandAll` follows (objects' properties, arrays' items):
 * twice `MAX_SCHEMA_DEPTH`, past any real tool schema, and bounded so a schema nested 100,000 deep
 * cannot overflow the stack.
 */
export const MAX_EXPAND_DEPTH = 64;

/** What `SchemaRoot.expandAll` reached. */
export interface ExpandedSchema {
  /** The schema objects reached, each once, in walk order (the root first). */
  readonly nodes: readonly SchemaObject[];
  /** The first schema object met below `MAX_EXPAND_DEPTH`, left unexpanded; absent when none was. */
  readonly tooDeep?: SchemaObject;
}

const ANY: SchemaOption = { kind: 'any' };
const NEVER: SchemaOption = { kind: 'never' };
const EMPTY_SET: ReadonlySet<string> = new Set();
const sharedRoots = new WeakMap<object, SchemaRoot>();

/**
 * A tool's parameters schema: the root that local `$ref`s resolve against.
 *
 * - References: `#`, `#/$defs/...`, `#/definitions/...` and any other local JSON Pointer are resolved
 *   lazily, when alignment reaches them. Remote references (`https://...`, `other.json#...`),
 *   unresolvable pointers and reference cycles (`$ref` chains that come back to themselves) give the
 *   `any` option, listed in `unsupportedKeywords` with the reason; nothing is ever fetched (vLLM
 *   `schema.rs`, coercion.md Table B row 38).
 * - `options(schema)` splits one schema node into typed alternatives (see `SchemaOption`) and caches
 *   the result per schema object, so a recursive schema costs only as deep as the value aligned
 *   against it and each reference target is expanded at most once.
 * - Unknown keywords are collected in `unsupportedKeywords` as nodes are expanded (never silently
 *   dropped; style guide §8.7), and so are keyword values the meta-schema does not allow
 *   (`badKeywordValues`) and chains cut at `MAX_SCHEMA_DEPTH`, each with what is done instead.
 *
 * Never throws on any schema value: a non-object, non-boolean schema is treated as `any`.
 */
export class SchemaRoot {
  /** The root schema, as given. */
  readonly schema: JSONSchema;
  private readonly cache = new WeakMap<object, readonly SchemaOption[]>();
  private readonly pointers = new WeakMap<object, string>();
  private readonly unsupported: UnsupportedKeyword[] = [];
  /** Entries of `unsupported` with a reason, by pointer, keyword and reason: each listed once. */
  private readonly reasons = new Set<string>();
  private readonly reported = new WeakSet<object>();
  private readonly patterns = new WeakMap<object, SchemaPattern>();

  constructor(schema: JSONSchema) {
    this.schema = schema;
    if (typeof schema === 'object' && schema !== null) this.pointers.set(schema, '');
  }

  /**
   * `schema` itself when it is already a `SchemaRoot`, otherwise the root shared for that schema object
   * (see `cached`).
   */
  static from(schema: JSONSchema | SchemaRoot): SchemaRoot {
    return schema instanceof SchemaRoot ? schema : SchemaRoot.cached(schema);
  }

  /**
   * A root shared per schema object (weakly cached), so repeated alignments against the same tool
   * schema reuse its expansion. Schemas must not be mutated after first use.
   */
  static cached(schema: JSONSchema): SchemaRoot {
    if (typeof schema !== 'object' || schema === null) return new SchemaRoot(schema);
    let root = sharedRoots.get(schema);
    if (!root) {
      root = new SchemaRoot(schema);
      sharedRoots.set(schema, root);
    }
    return root;
  }

  /**
   * Keywords met so far that toolwire does not interpret (only for the nodes expanded until now:
   * expansion is lazy). Call `expandAll()` first to list them for the whole schema.
   */
  get unsupportedKeywords(): readonly UnsupportedKeyword[] {
    return this.unsupported;
  }

  /**
   * Expands every reachable node once (bounded by `MAX_EXPAND_DEPTH` levels of values) and compiles
   * every string `pattern` in it, so `unsupportedKeywords` is complete (a `pattern` RE2 cannot run is
   * listed only once compiled) for every node it reaches.
   *
   * @returns the schema objects reached, in walk order, and the first one met below
   *   `MAX_EXPAND_DEPTH` (not expanded: whatever it says is not listed), if any.
   */
  expandAll(): ExpandedSchema {
    const seen = new Set<object>();
    const nodes: SchemaObject[] = [];
    let tooDeep: SchemaObject | undefined;
    const walk = (node: JSONSchema | undefined, depth: number): void => {
      if (typeof node !== 'object' || node === null || seen.has(node)) return;
      if (depth > MAX_EXPAND_DEPTH) {
        tooDeep ??= node;
        return;
      }
      seen.add(node);
      nodes.push(node);
      for (const option of this.options(node)) {
        if (option.kind === 'object') {
          for (const [, child] of option.properties) walk(child, depth + 1);
          walk(option.additional, depth + 1);
        } else if (option.kind === 'array') {
          for (const child of option.prefixItems) walk(child, depth + 1);
          walk(option.items, depth + 1);
        } else if (option.kind === 'string') {
          this.pattern(option.schema);
        }
      }
    };
    walk(this.schema, 0);
    return tooDeep === undefined ? { nodes } : { nodes, tooDeep };
  }

  /** The JSON Pointer of a schema object of this root that expansion has reached (`''` for the root). */
  pointerOf(node: object): string {
    return this.pointers.get(node) ?? '';
  }

  /**
   * The typed alternatives of `schema` (a node of this root, or `undefined` for "no schema" = any),
   * in schema order: `const` / `enum` literals first, then one option per `anyOf` / `oneOf` / `type`
   * array alternative, `nullable: true` adding `null` last.
   */
  options(schema: JSONSchema | undefined): readonly SchemaOption[] {
    if (schema === undefined || schema === true) return [ANY];
    if (schema === false) return [NEVER];
    if (typeof schema !== 'object' || schema === null) return [ANY];
    const cached = this.cache.get(schema);
    if (cached) return cached;
    const options: SchemaOption[] = [];
    this.split(schema, options, new Set(), 0);
    const result = options.length === 0 ? [NEVER] : options;
    this.cache.set(schema, result);
    return result;
  }

  /**
   * The node's `pattern`, compiled once per schema node (see `compileSchemaPattern`): `undefined`
   * when the node has no string `pattern`. A pattern that cannot run (not valid ECMAScript, or beyond
   * RE2: lookaround, backreferences) is listed in `unsupportedKeywords` as `pattern` with its reason,
   * the first time it is asked for, and is never run; aligners then flag each string it would have
   * checked `pattern_unchecked`.
   */
  pattern(node: SchemaObject): SchemaPattern | undefined {
    const source = node.pattern;
    if (typeof source !== 'string') return undefined;
    let compiled = this.patterns.get(node);
    if (compiled === undefined) {
      compiled = compileSchemaPattern(source);
      this.patterns.set(node, compiled);
      if (!compiled.ok)
        this.unsupported.push({ pointer: this.pointerOf(node), keyword: 'pattern', reason: compiled.reason });
    }
    return compiled;
  }

  /** Resolves a local `$ref` (`#`, `#/a/b`); `undefined` when it is remote or does not resolve. */
  resolveRef(ref: string): JSONSchema | undefined {
    if (ref === '#' || ref === '') return this.schema;
    if (!ref.startsWith('#/')) return undefined;
    let node: unknown = this.schema;
    for (const raw of ref.slice(2).split('/')) {
      let segment: string;
      try {
        segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        return undefined;
      }
      if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return undefined;
      node = (node as Record<string, unknown>)[segment];
    }
    if (typeof node === 'boolean') return node;
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    if (!this.pointers.has(node)) this.pointers.set(node, ref.slice(1));
    return node as SchemaObject;
  }

  /** Gives `value` (`parent[keyword]`, or `parent[keyword][index]`) its JSON Pointer, if it has none. */
  private child(parent: object, keyword: string, value: unknown, index?: number): void {
    if (typeof value === 'object' && value !== null && !this.pointers.has(value)) {
      const entry = index === undefined ? '' : `/${index}`;
      this.pointers.set(value, `${this.pointerOf(parent)}/${escapePointer(keyword)}${entry}`);
    }
  }

  /**
   * Lists `node`'s own unknown keywords and keyword values the meta-schema does not allow in
   * `unsupportedKeywords` (once per node) without expanding it: for a node whose values are read
   * through another (a bare `$ref` whose target a grammar already wrote).
   */
  inspect(node: SchemaObject): void {
    this.report(node);
  }

  private report(node: SchemaObject): void {
    if (this.reported.has(node)) return;
    this.reported.add(node);
    for (const keyword of Object.keys(node)) {
      if (!RECOGNIZED_KEYWORDS.has(keyword) && !keyword.startsWith('x-')) {
        this.unsupported.push({ pointer: this.pointerOf(node), keyword });
      }
    }
    for (const { keyword, at, reason } of badKeywordValues(node)) {
      this.degraded(node, keyword, reason, at === '' ? '' : `/${escapePointer(keyword)}${at}`);
    }
  }

  /** Lists (once) that `keyword` of `node` is not applied as written (`at`: below `node`). */
  private degraded(node: object, keyword: string, reason: string, at = ''): void {
    const pointer = `${this.pointerOf(node)}${at}`;
    const key = `${pointer}\u0000${keyword}\u0000${reason}`;
    if (this.reasons.has(key)) return;
    this.reasons.add(key);
    this.unsupported.push({ pointer, keyword, reason });
  }

  private split(node: SchemaObject, out: SchemaOption[], refs: Set<string>, depth: number): void {
    if (depth > MAX_SCHEMA_DEPTH) {
      this.degraded(
        node,
        'depth',
        `$ref / anyOf / oneOf / allOf chain deeper than ${MAX_SCHEMA_DEPTH}; any value allowed`,
      );
      out.push(ANY);
      return;
    }
    if (Array.isArray(node)) {
      out.push(ANY);
      return;
    }
    this.report(node);
    const ref = node.$ref;
    if (typeof ref === 'string') {
      const cycle = refs.has(ref);
      const target = cycle ? undefined : this.resolveRef(ref);
      if (target === undefined) {
        const what = cycle
          ? 'cycles back to itself before any object or array'
          : ref.startsWith('#') || ref === ''
            ? 'does not resolve to a schema of this document'
            : 'is remote and never fetched';
        this.degraded(node, '$ref', `${quoted(ref)} ${what}; any value allowed`);
      }
      if (target === undefined || target === true) out.push(ANY);
      else if (target === false) out.push(NEVER);
      else {
        refs.add(ref);
        this.split(target, out, refs, depth + 1);
        refs.delete(ref);
      }
      if (node.nullable === true) out.push({ kind: 'null', schema: node });
      return;
    }
    // Literals first: const, then enum entries (vLLM tries literals before types).
    if (Object.hasOwn(node, 'const')) {
      out.push({ kind: 'literal', value: node.const, schema: node });
      if (node.nullable === true && node.const !== null)
        out.push({ kind: 'literal', value: null, schema: node });
      return;
    }
    if (Array.isArray(node.enum)) {
      for (const value of node.enum) out.push({ kind: 'literal', value, schema: node });
      if (node.nullable === true && !node.enum.includes(null))
        out.push({ kind: 'literal', value: null, schema: node });
      return;
    }
    const start = out.length;
    const alternatives = Array.isArray(node.anyOf)
      ? node.anyOf
      : Array.isArray(node.oneOf)
        ? node.oneOf
        : undefined;
    if (alternatives) {
      for (let index = 0; index < alternatives.length; index++) {
        const alternative = alternatives[index] as JSONSchema;
        this.child(node, Array.isArray(node.anyOf) ? 'anyOf' : 'oneOf', alternative, index);
        if (alternative === true) out.push(ANY);
        else if (typeof alternative === 'object' && alternative !== null) {
          this.split(alternative as SchemaObject, out, refs, depth + 1);
        } else if (alternative !== false) out.push(ANY);
      }
    } else if (Array.isArray(node.allOf) && node.type === undefined && node.properties === undefined) {
      const branches = node.allOf as JSONSchema[];
      if (branches.length === 1 && typeof branches[0] === 'object' && branches[0] !== null) {
        this.child(node, 'allOf', branches[0], 0);
        this.split(branches[0] as SchemaObject, out, refs, depth + 1);
      } else if (branches.length === 1 && branches[0] === false) {
        out.push(NEVER);
      } else {
        // Several allOf branches are not merged (vLLM: "any"); reported so it is not silent.
        if (branches.length > 1)
          this.degraded(node, 'allOf', 'several branches are not merged; any value allowed');
        out.push(ANY);
      }
    } else {
      // Entries that are not names are left out (reported): `type: [5]` constrains nothing.
      const type = node.type;
      const names = (Array.isArray(type) ? type : [type]).filter((name) => typeof name === 'string');
      for (const name of names) {
        const canonical = canonicalTypeName(name);
        if (canonical === undefined) out.push({ kind: 'unknown', typeName: name, schema: node });
        else out.push(this.typed(canonical, node));
      }
      if (names.length === 0) {
        if (
          node.properties !== undefined ||
          node.additionalProperties !== undefined ||
          node.required !== undefined ||
          node.propertyNames !== undefined
        ) {
          out.push(this.typed('object', node));
        } else if (node.items !== undefined || node.prefixItems !== undefined) {
          out.push(this.typed('array', node));
        } else out.push(Object.keys(node).length === 0 ? ANY : { kind: 'any', schema: node });
      }
    }
    if (node.nullable === true && !out.slice(start).some((option) => option.kind === 'null')) {
      out.push({ kind: 'null', schema: node });
    }
  }

  private typed(kind: SchemaTypeName, node: SchemaObject): SchemaOption {
    if (kind === 'object') {
      const properties: Array<readonly [string, JSONSchema]> = [];
      const declared = node.properties;
      if (typeof declared === 'object' && declared !== null && !Array.isArray(declared)) {
        this.child(node, 'properties', declared);
        for (const key of Object.keys(declared)) {
          const value = (declared as Record<string, JSONSchema>)[key] as JSONSchema;
          this.child(declared, key, value);
          properties.push([key, value]);
        }
      }
      const required = Array.isArray(node.required)
        ? new Set(node.required.filter((key): key is string => typeof key === 'string'))
        : EMPTY_SET;
      const raw = node.additionalProperties;
      let additional: JSONSchema | undefined;
      if (raw === false) additional = false;
      else if (typeof raw === 'object' && raw !== null) {
        this.child(node, 'additionalProperties', raw);
        additional = raw as JSONSchema;
      }
      return { kind, schema: node, properties, required, additional };
    }
    if (kind === 'array') {
      let items: JSONSchema | undefined;
      let prefixItems: JSONSchema[] = [];
      if (Array.isArray(node.prefixItems)) {
        prefixItems = node.prefixItems as JSONSchema[];
        for (let index = 0; index < prefixItems.length; index++) {
          this.child(node, 'prefixItems', prefixItems[index], index);
        }
      }
      if (Array.isArray(node.items)) {
        // Draft 4-7 tuple form `items: [A, B]`, with additionalItems for the rest.
        prefixItems = node.items as JSONSchema[];
        for (let index = 0; index < prefixItems.length; index++) {
          this.child(node, 'items', prefixItems[index], index);
        }
        const rest = node.additionalItems;
        items = typeof rest === 'object' || typeof rest === 'boolean' ? (rest as JSONSchema) : undefined;
        this.child(node, 'additionalItems', rest);
      } else if (typeof node.items === 'object' || typeof node.items === 'boolean') {
        items = node.items as JSONSchema;
        this.child(node, 'items', items);
      }
      return { kind, schema: node, items, prefixItems };
    }
    const constrained =
      kind === 'string'
        ? node.minLength !== undefined || node.maxLength !== undefined || node.pattern !== undefined
        : kind === 'integer' || kind === 'number'
          ? node.minimum !== undefined ||
            node.maximum !== undefined ||
            node.exclusiveMinimum !== undefined ||
            node.exclusiveMaximum !== undefined ||
            node.multipleOf !== undefined
          : false;
    return { kind, schema: node, constrained };
  }
}

/** A reference as a warning quotes it: whole up to 100 code units. */
function quoted(ref: string): string {
  return JSON.stringify(ref.length <= 100 ? ref : `${ref.slice(0, 100)}...`);
}
