import { ToolwireError } from '../../errors/toolwire-error.js';
import { escapePointer } from '../../internal/escape-pointer.js';
import { setOwnProperty } from '../../internal/set-own-property.js';
import { SchemaRoot } from '../../schema/schema-root.js';
import type { JSONSchema } from '../../types/json-schema.js';
import type { Warning } from '../../types/warning.js';

/**
 * What to do with a keyword or construct OpenAI strict mode cannot take:
 * - `"warn"` — Default. Remove (or narrow) it and push an `unsupported` warning saying where.
 * - `"throw"` — Throw `ToolwireError` code `unsupported` at the first one.
 */
export type OnUnsupported = 'warn' | 'throw';

/** Options of `convertToOpenAIStrictSchema`. */
export interface OpenAIStrictSchemaOptions {
  readonly onUnsupported?: OnUnsupported;
  /** Named in warnings and errors (`tool get_weather, at /properties/a`). */
  readonly toolName?: string;
}

/** Keywords strict mode accepts (the Structured Outputs "supported schemas" list, providers.md §1(b)). */
const SUPPORTED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'definitions',
  'description',
  'title',
  'default',
  'examples',
  '$schema',
  '$id',
  '$comment',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

/** String `format`s strict mode accepts (providers.md §1(b)). */
const FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Deeper nesting than this is reported rather than walked (OpenAI's own limit is 10 levels). */
const MAX_DEPTH = 64;

type Schema = Record<string, unknown>;

/**
 * Rewrites a tool's parameters schema for OpenAI strict mode (`strict: true` on a Chat or Responses
 * function tool), after OpenAI's Structured Outputs guide ("Supported schemas": every property required,
 * `additionalProperties: false` on every object, optional fields expressed as nullable) and
 * openai-agents-js `strictToolSchema.ts` / openai-agents-python `ensure_strict_json_schema`
 * (providers.md §1(b), §10.2):
 *
 * - every object (root, nested, in `anyOf` branches, `items`, `$defs`) gets `additionalProperties:
 *   false` and `required` listing every property in declaration order; an object without
 *   `properties` gets `properties: {}` (strict mode has no free-form objects: reported when nested);
 * - a property that was not required and does not already accept `null` becomes
 *   `{ anyOf: [schema, { type: "null" }] }`, so the model sends `null` for "absent";
 * - `oneOf` becomes `anyOf` (a `compatibility` warning: exclusivity is not enforced); an `allOf` of
 *   one branch is merged into its schema (also `compatibility`);
 * - a `$ref` with sibling keywords is replaced by its target merged under the siblings (resolved
 *   through `SchemaRoot`; strict mode rejects such siblings);
 * - any other keyword outside the supported list (`allOf`, `not`, `if`/`then`/`else`,
 *   `patternProperties`, `prefixItems`, `minLength`, `minProperties`, ...), an unsupported `format`,
 *   an `additionalProperties` other than `false`, a root that is not an object: reported as
 *   `{ type: "unsupported", feature, details }` and removed (or thrown, `onUnsupported: "throw"`).
 *
 * Keys keep their given order (added keys come after them), so the output bytes are stable. The input
 * is never mutated. Example: `{type:"object", properties:{a:{type:"string"}, b:{type:"integer"}},
 * required:["a"]}` → `{type:"object", properties:{a:{type:"string"}, b:{anyOf:[{type:"integer"},
 * {type:"null"}]}}, required:["a","b"], additionalProperties:false}`.
 *
 * @throws {ToolwireError} code `unsupported` with `onUnsupported: "throw"`, naming the first keyword.
 */
export function convertToOpenAIStrictSchema(
  schema: JSONSchema,
  options: OpenAIStrictSchemaOptions = {},
): { readonly value: Schema; readonly warnings: readonly Warning[] } {
  const walker = new StrictWalker(schema, options);
  return { value: walker.root(), warnings: walker.warnings };
}

class StrictWalker {
  readonly warnings: Warning[] = [];
  private readonly schemaRoot: SchemaRoot;

  constructor(
    private readonly schema: JSONSchema,
    private readonly options: OpenAIStrictSchemaOptions,
  ) {
    this.schemaRoot = new SchemaRoot(schema);
  }

  root(): Schema {
    const schema = this.schema;
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      if (schema !== true)
        this.unsupported('root schema', '', 'the parameters schema must be an object schema');
      return { type: 'object', properties: {}, required: [], additionalProperties: false };
    }
    if (schema.anyOf !== undefined || schema.oneOf !== undefined) {
      this.unsupported('root anyOf', '', 'the root of a strict schema may not be anyOf');
    } else if (schema.type !== undefined && schema.type !== 'object') {
      this.unsupported('root type', '', `the root must be type "object", not ${JSON.stringify(schema.type)}`);
    }
    const out = this.walk(schema, '', 0, true);
    return typeof out === 'object'
      ? out
      : { type: 'object', properties: {}, required: [], additionalProperties: false };
  }

  private walk(node: JSONSchema, pointer: string, depth: number, isRoot = false): JSONSchema {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) {
      this.unsupported('boolean schema', pointer, 'strict mode needs a typed schema here');
      return node;
    }
    if (depth > MAX_DEPTH) {
      this.unsupported('nesting depth', pointer, `deeper than ${MAX_DEPTH} levels: left as given`);
      return node;
    }
    const source = node as Schema;
    if (typeof source.$ref === 'string' && Object.keys(source).length > 1) {
      return this.inlineRef(source, pointer, depth);
    }
    const all = source.allOf;
    if (Array.isArray(all) && all.length === 1 && typeof all[0] === 'object' && all[0] !== null) {
      this.warnings.push({
        type: 'compatibility',
        feature: 'keyword allOf',
        details: `${this.where(`${pointer}/allOf`)}: its one branch was merged into the schema`,
      });
      return this.walk(merge(all[0] as Schema, source, 'allOf'), pointer, depth + 1);
    }
    const isObject =
      source.type === 'object' ||
      (Array.isArray(source.type) && source.type.includes('object')) ||
      (source.type === undefined && (source.properties !== undefined || isRoot));
    const out: Schema = {};
    let wroteRequired = false;
    let wroteAdditional = false;
    for (const [key, value] of Object.entries(source)) {
      const at = `${pointer}/${escapePointer(key)}`;
      switch (key) {
        case 'properties':
          setOwnProperty(out, key, this.properties(source, at, depth));
          break;
        case 'required':
          if (isObject) {
            setOwnProperty(out, key, propertyNames(source));
            wroteRequired = true;
          }
          break;
        case 'additionalProperties':
          if (value !== false) {
            this.unsupported('additionalProperties', at, 'strict mode needs additionalProperties: false');
          }
          if (isObject) {
            setOwnProperty(out, key, false);
            wroteAdditional = true;
          }
          break;
        case 'items':
          if (Array.isArray(value)) {
            this.unsupported('keyword items (tuple form)', at, 'removed');
          } else setOwnProperty(out, key, this.walk(value as JSONSchema, at, depth + 1));
          break;
        case 'anyOf':
          setOwnProperty(out, key, this.branches(value, at, depth));
          break;
        case 'oneOf':
          if (source.anyOf !== undefined) {
            this.unsupported('keyword oneOf', at, 'removed (anyOf is already present)');
          } else {
            this.warnings.push({
              type: 'compatibility',
              feature: 'keyword oneOf',
              details: `${this.where(at)}: sent as anyOf (strict mode has no oneOf; exclusivity is not enforced)`,
            });
            setOwnProperty(out, 'anyOf', this.branches(value, at, depth));
          }
          break;
        case '$defs':
        case 'definitions':
          setOwnProperty(out, key, this.definitions(value, at, depth));
          break;
        case 'format':
          if (typeof value === 'string' && FORMATS.has(value)) setOwnProperty(out, key, value);
          else this.unsupported('format', at, `format ${JSON.stringify(value)} removed`);
          break;
        case '$ref':
          if (typeof value !== 'string' || !value.startsWith('#')) {
            this.unsupported('remote $ref', at, 'strict mode resolves local references only');
          }
          setOwnProperty(out, key, value);
          break;
        default:
          if (SUPPORTED.has(key)) setOwnProperty(out, key, value);
          else this.unsupported(`keyword ${key}`, at, 'removed');
      }
    }
    if (isObject) {
      if (source.type === undefined) setOwnProperty(out, 'type', 'object');
      if (source.properties === undefined) {
        if (!isRoot) {
          this.unsupported(
            'free-form object',
            pointer,
            'strict mode allows only the properties listed: {} only',
          );
        }
        setOwnProperty(out, 'properties', {});
      }
      if (!wroteRequired) setOwnProperty(out, 'required', propertyNames(source));
      if (!wroteAdditional) setOwnProperty(out, 'additionalProperties', false);
    }
    return out;
  }

  private properties(source: Schema, pointer: string, depth: number): Schema {
    const out: Schema = {};
    const properties = source.properties;
    if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return out;
    const required = new Set(Array.isArray(source.required) ? source.required : []);
    for (const [name, value] of Object.entries(properties as Schema)) {
      const walked = this.walk(value as JSONSchema, `${pointer}/${escapePointer(name)}`, depth + 1);
      setOwnProperty(out, name, required.has(name) || acceptsNull(walked) ? walked : nullable(walked));
    }
    return out;
  }

  private branches(value: unknown, pointer: string, depth: number): unknown {
    if (!Array.isArray(value)) return value;
    return value.map((branch, index) => this.walk(branch as JSONSchema, `${pointer}/${index}`, depth + 1));
  }

  private definitions(value: unknown, pointer: string, depth: number): unknown {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const out: Schema = {};
    for (const [name, definition] of Object.entries(value as Schema)) {
      setOwnProperty(
        out,
        name,
        this.walk(definition as JSONSchema, `${pointer}/${escapePointer(name)}`, depth + 1),
      );
    }
    return out;
  }

  /** `{ $ref, ...siblings }`: the target's keywords, then the siblings over them (openai-agents-python). */
  private inlineRef(source: Schema, pointer: string, depth: number): JSONSchema {
    const target = this.schemaRoot.resolveRef(source.$ref as string);
    if (typeof target !== 'object' || target === null) {
      this.unsupported(
        '$ref with sibling keywords',
        pointer,
        'its target does not resolve: siblings removed',
      );
      return { $ref: source.$ref };
    }
    return this.walk(merge(target as Schema, source, '$ref'), pointer, depth + 1);
  }

  private where(pointer: string): string {
    const tool = this.options.toolName === undefined ? '' : `tool ${this.options.toolName}, `;
    return `${tool}at ${pointer === '' ? '/' : pointer}`;
  }

  private unsupported(feature: string, pointer: string, details: string): void {
    const text = `${this.where(pointer)}: ${details}`;
    if (this.options.onUnsupported === 'throw') {
      throw new ToolwireError('unsupported', `OpenAI strict mode does not support ${feature} (${text})`);
    }
    this.warnings.push({ type: 'unsupported', feature, details: text });
  }
}

/** `base`'s keywords, then `over`'s (all but `skip`) over them. */
function merge(base: Schema, over: Schema, skip: string): Schema {
  const merged: Schema = {};
  for (const [key, value] of Object.entries(base)) setOwnProperty(merged, key, value);
  for (const [key, value] of Object.entries(over)) if (key !== skip) setOwnProperty(merged, key, value);
  return merged;
}

function propertyNames(source: Schema): string[] {
  const properties = source.properties;
  return typeof properties === 'object' && properties !== null && !Array.isArray(properties)
    ? Object.keys(properties)
    : [];
}

/** Whether a (converted) schema already lets `null` through: null type, null branch, null in enum. */
function acceptsNull(schema: JSONSchema): boolean {
  if (typeof schema !== 'object' || schema === null) return schema === true;
  const node = schema as Schema;
  if (node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'))) return true;
  if (node.const === null || (Array.isArray(node.enum) && node.enum.includes(null))) return true;
  return Array.isArray(node.anyOf) && node.anyOf.some((branch) => acceptsNull(branch as JSONSchema));
}

function nullable(schema: JSONSchema): Schema {
  return { anyOf: [schema, { type: 'null' }] };
}
