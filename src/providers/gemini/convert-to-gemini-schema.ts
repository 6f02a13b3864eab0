import { ToolwireError } from '../../errors/toolwire-error.js';
import { escapePointer } from '../../internal/escape-pointer.js';
import { setOwnProperty } from '../../internal/set-own-property.js';
import { SchemaRoot } from '../../schema/schema-root.js';
import type { JSONSchema } from '../../types/json-schema.js';
import type { Warning } from '../../types/warning.js';
import type { GeminiSchema } from './gemini-api.js';

/** Options of `convertToGeminiSchema`. */
export interface GeminiSchemaOptions {
  /**
   * What a lossy step does: `'warn'` (default) — convert and list it in `warnings`; `'throw'` — throw
   * `ToolwireError` code `unsupported` at the first one.
   */
  readonly onUnsupported?: 'warn' | 'throw';
  /** The tool the schema belongs to, named in warnings and errors. */
  readonly toolName?: string;
}

/** The Gemini `parameters` schema (`undefined`: no parameters) and what it could not carry exactly. */
export interface GeminiSchemaResult {
  readonly schema: GeminiSchema | undefined;
  readonly warnings: readonly Warning[];
}

/** Keywords of Gemini's OpenAPI subset copied as they are (providers.md §4b; googleapis `types.Schema`). */
const COPIED = new Set([
  'title',
  'description',
  'nullable',
  'required',
  'propertyOrdering',
  'pattern',
  'minimum',
  'maximum',
  'default',
  'example',
]);

/** Counts that are int64 in the proto, written as strings as proto JSON spells them (`5` → `"5"`). */
export const GEMINI_COUNT_KEYWORDS: ReadonlySet<string> = new Set([
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
]);

/** Dropped without a note: `$defs` are inlined where referenced; the rest are annotations for tools. */
const DROPPED = new Set(['$defs', 'definitions', '$schema', '$id', '$comment', '$anchor']);

/** The most schema nodes one conversion writes (after `$ref` inlining), so its output stays linear-bounded. */
export const MAX_GEMINI_SCHEMA_NODES = 10_000;

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/** On the Gemini Developer API `format` must be one of these or the request fails (firebase ai.schemashared). */
const FORMATS = new Set(['enum', 'date-time']);

/**
 * Converts a tool's JSON Schema into the OpenAPI 3.0 subset of Gemini's `FunctionDeclaration.parameters`
 * (providers.md §4b; the subset is googleapis js-genai `types.Schema`). Key order is kept as given.
 *
 * - `$ref` (local) is inlined through `SchemaRoot.resolveRef`, its sibling keywords laid over the
 *   target; a recursive reference cannot be inlined: it becomes `{}` with a note in the description
 *   (`unsupported` warning). Remote references likewise.
 * - `type: [T, "null"]` and `anyOf` / `oneOf` with a `{type: "null"}` branch become `nullable: true`
 *   (exact, no warning); several non-null types become `anyOf`; `oneOf` is written as `anyOf`
 *   (`compatibility`: exclusivity is lost); `allOf` branches are merged (`compatibility`).
 * - `const` becomes a one-value `enum`. Enum values must be strings: others are written as strings
 *   with `type: "string", format: "enum"` (`compatibility`), `null` as `nullable`, `""` is dropped
 *   (Gemini rejects it; `unsupported`).
 * - Every other keyword (`additionalProperties`, `exclusiveMinimum`, `multipleOf`, `examples`, a
 *   `format` other than `enum` / `date-time`, tuple `items`, ...) is moved into the description as
 *   `keyword: <JSON>` (`compatibility`), so the model still reads it.
 * - `minLength` / `maxItems` / ... counts are written as strings (`5` → `"5"`): they are int64 in the
 *   proto, which proto JSON spells as strings; the reader turns them back into numbers.
 * - `$defs`, `definitions`, `$schema`, `$id`, `$comment`, `$anchor` and `x-` keys are dropped without a
 *   warning: definitions are inlined where used, the rest say nothing about the arguments.
 * - At most `MAX_GEMINI_SCHEMA_NODES` nodes are written (inlining repeats shared targets); past that,
 *   any value (`unsupported`, once).
 * - A root `true`, `{}` or `{type: "object", properties: {}}` is "no parameters" (`undefined`).
 *
 * Example: `{type: "object", properties: {unit: {type: ["string", "null"], enum: ["c", "f", null]}},
 * additionalProperties: false}` → `{type: "object", properties: {unit: {type: "string", nullable: true,
 * enum: ["c", "f"]}}, description: "additionalProperties: false"}` with one warning.
 *
 * @throws {ToolwireError} code `unsupported` at the first lossy step when `onUnsupported: 'throw'`.
 */
export function convertToGeminiSchema(
  schema: JSONSchema,
  options: GeminiSchemaOptions = {},
): GeminiSchemaResult {
  if (isNoParameters(schema)) return { schema: undefined, warnings: [] };
  const writer = new GeminiSchemaWriter(schema, options);
  return { schema: writer.node(schema, ''), warnings: writer.warnings };
}

function isNoParameters(schema: JSONSchema): boolean {
  if (schema === true) return true;
  if (typeof schema !== 'object' || schema === null) return false;
  const keys = Object.keys(schema);
  if (keys.length === 0) return true;
  const properties = schema.properties;
  return (
    keys.length === 2 &&
    schema.type === 'object' &&
    typeof properties === 'object' &&
    properties !== null &&
    Object.keys(properties).length === 0
  );
}

type Output = Record<string, unknown>;

class GeminiSchemaWriter {
  readonly warnings: Warning[] = [];
  private readonly root: SchemaRoot;
  private readonly expanding: string[] = ['#'];
  private readonly throws: boolean;
  private readonly toolName: string | undefined;
  private nodes = 0;

  constructor(schema: JSONSchema, options: GeminiSchemaOptions) {
    this.root = new SchemaRoot(schema);
    this.throws = options.onUnsupported === 'throw';
    this.toolName = options.toolName;
  }

  private loss(
    type: 'unsupported' | 'compatibility',
    feature: string,
    pointer: string,
    details: string,
    action?: string,
  ): void {
    const where = `${this.toolName === undefined ? '' : `tool ${this.toolName}, `}at ${pointer === '' ? '/' : pointer}`;
    if (this.throws) {
      throw new ToolwireError('unsupported', `Gemini schema: ${feature} (${where}): ${details}`);
    }
    const done = action === undefined ? '' : `; ${action}`;
    this.warnings.push({ type, feature, details: `gemini ${where}: ${details}${done}` });
  }

  node(schema: JSONSchema | undefined, pointer: string): GeminiSchema {
    if (schema === true || schema === undefined) return {};
    // Inlining copies a shared $ref target at every use: a schema that refers to one target from many
    // places, nested, grows exponentially. Past the budget the rest allows any value, reported once.
    if (++this.nodes > MAX_GEMINI_SCHEMA_NODES) {
      if (this.nodes === MAX_GEMINI_SCHEMA_NODES + 1) {
        this.loss(
          'unsupported',
          'schema size',
          pointer,
          `inlining $ref targets gives more than ${MAX_GEMINI_SCHEMA_NODES} schema nodes`,
          'the rest allows any value',
        );
      }
      return {};
    }
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      this.loss(
        'unsupported',
        'schema',
        pointer,
        `${JSON.stringify(schema)} has no Gemini form`,
        'any value is allowed',
      );
      return {};
    }
    if (typeof schema.$ref === 'string') return this.reference(schema, schema.$ref, pointer);
    const out: Output = {};
    const notes: string[] = [];
    const note = (keyword: string, value: unknown, why: string): void => {
      notes.push(`${keyword}: ${JSON.stringify(value)}`);
      this.loss('compatibility', `schema keyword ${keyword}`, pointer, why, 'moved into the description');
    };
    for (const keyword of Object.keys(schema)) {
      const value = schema[keyword];
      if (DROPPED.has(keyword) || keyword.startsWith('x-')) continue;
      if (COPIED.has(keyword)) {
        setOwnProperty(out, keyword, value);
        continue;
      }
      if (GEMINI_COUNT_KEYWORDS.has(keyword)) {
        setOwnProperty(out, keyword, typeof value === 'number' ? String(value) : value);
        continue;
      }
      switch (keyword) {
        case 'type':
          this.type(value, out, pointer, note);
          break;
        case 'const':
          this.enumeration([value], out, pointer, 'const');
          break;
        case 'enum':
          if (Array.isArray(value)) this.enumeration(value, out, pointer, 'enum');
          else note(keyword, value, 'not an array');
          break;
        case 'format':
          if (typeof value === 'string' && FORMATS.has(value)) out.format = value;
          else note(keyword, value, 'the Gemini API accepts only "enum" and "date-time"');
          break;
        case 'properties':
          out.properties = this.properties(value, pointer);
          break;
        case 'items':
          if (Array.isArray(value)) note(keyword, value, 'tuple items have no Gemini form');
          else out.items = this.node(value as JSONSchema, `${pointer}/items`);
          break;
        case 'anyOf':
        case 'oneOf':
          if (Array.isArray(value)) this.alternatives(keyword, value, out, pointer);
          else note(keyword, value, 'not an array');
          break;
        case 'allOf':
          if (Array.isArray(value)) this.merge(value, out, pointer);
          else note(keyword, value, 'not an array');
          break;
        default:
          note(keyword, value, 'not in the Gemini schema subset');
      }
    }
    if (notes.length > 0) {
      const given =
        typeof out.description === 'string' && out.description !== '' ? `${out.description}\n\n` : '';
      out.description = `${given}${notes.join('\n')}`;
    }
    return out as GeminiSchema;
  }

  private reference(
    schema: { readonly [keyword: string]: unknown },
    ref: string,
    pointer: string,
  ): GeminiSchema {
    const siblings: Output = {};
    for (const keyword of Object.keys(schema)) {
      if (keyword !== '$ref') setOwnProperty(siblings, keyword, schema[keyword]);
    }
    if (this.expanding.includes(ref)) {
      this.loss(
        'unsupported',
        'recursive $ref',
        pointer,
        `${ref} refers to itself and cannot be inlined`,
        'any value is allowed there',
      );
      return this.node(
        { ...siblings, description: joinText(siblings.description, `(recursive: ${ref})`) },
        pointer,
      );
    }
    const target = this.root.resolveRef(ref);
    if (target === undefined || typeof target !== 'object') {
      if (target !== true) {
        this.loss(
          'unsupported',
          '$ref',
          pointer,
          `${ref} does not resolve to a local schema`,
          'any value is allowed there',
        );
      }
      return this.node(siblings, pointer);
    }
    this.expanding.push(ref);
    const merged: Output = {};
    for (const keyword of Object.keys(target)) setOwnProperty(merged, keyword, target[keyword]);
    for (const keyword of Object.keys(siblings)) setOwnProperty(merged, keyword, siblings[keyword]);
    const result = this.node(merged, pointer);
    this.expanding.pop();
    return result;
  }

  private type(
    value: unknown,
    out: Output,
    pointer: string,
    note: (keyword: string, value: unknown, why: string) => void,
  ): void {
    const names = Array.isArray(value) ? value : [value];
    const types: string[] = [];
    let nullable = false;
    for (const name of names) {
      const lower = typeof name === 'string' ? name.toLowerCase() : undefined;
      if (lower === 'null') nullable = true;
      else if (lower !== undefined && TYPES.has(lower)) types.push(lower);
      else note('type', name, 'not a Gemini type');
    }
    if (types.length === 1) out.type = types[0];
    else if (types.length > 1) {
      out.anyOf = types.map((type) => ({ type }));
      this.loss('compatibility', 'type array', pointer, `${JSON.stringify(types)} is written as anyOf`);
    }
    if (nullable) out.nullable = true;
  }

  private enumeration(values: readonly unknown[], out: Output, pointer: string, keyword: string): void {
    const strings: string[] = [];
    let converted = false;
    let nullable = false;
    for (const value of values) {
      if (value === null) nullable = true;
      else if (value === '') {
        this.loss(
          'unsupported',
          `${keyword} value ""`,
          pointer,
          'Gemini rejects an empty enum string',
          'it was left out',
        );
      } else if (typeof value === 'string') strings.push(value);
      else {
        converted = true;
        strings.push(typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
    }
    if (converted) {
      this.loss(
        'compatibility',
        `${keyword} values`,
        pointer,
        'non-string values are written as strings with format "enum"',
      );
      out.type = 'string';
      out.format = 'enum';
    } else if (out.type === undefined && strings.length > 0) out.type = 'string';
    if (nullable) out.nullable = true;
    if (strings.length > 0) out.enum = strings;
  }

  private properties(value: unknown, pointer: string): Record<string, GeminiSchema> {
    const out: Record<string, GeminiSchema> = {};
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, JSONSchema>)[key];
      setOwnProperty(out, key, this.node(child, `${pointer}/properties/${escapePointer(key)}`));
    }
    return out;
  }

  private alternatives(
    keyword: 'anyOf' | 'oneOf',
    branches: readonly unknown[],
    out: Output,
    pointer: string,
  ): void {
    const kept: GeminiSchema[] = [];
    let nullable = false;
    branches.forEach((branch, index) => {
      if (isNullSchema(branch)) nullable = true;
      else kept.push(this.node(branch as JSONSchema, `${pointer}/${keyword}/${index}`));
    });
    if (kept.length === 1) fillFrom(out, kept[0] as Output);
    if (nullable) out.nullable = true;
    if (kept.length <= 1) return;
    if (keyword === 'oneOf') {
      this.loss(
        'compatibility',
        'oneOf',
        pointer,
        'written as anyOf (a value matching several branches is no longer refused)',
      );
    }
    out.anyOf = kept;
  }

  private merge(branches: readonly unknown[], out: Output, pointer: string): void {
    if (branches.length > 1) {
      this.loss(
        'compatibility',
        'allOf',
        pointer,
        'branches are merged into one schema (conflicting keywords: the later branch wins)',
      );
    }
    branches.forEach((branch, index) => {
      const converted = this.node(branch as JSONSchema, `${pointer}/allOf/${index}`) as Output;
      for (const key of Object.keys(converted)) {
        const value = converted[key];
        if (key === 'properties' && typeof out.properties === 'object' && out.properties !== null) {
          out.properties = { ...(out.properties as Output), ...(value as Output) };
        } else if (key === 'required' && Array.isArray(out.required)) {
          out.required = [...new Set([...(out.required as string[]), ...(value as string[])])];
        } else setOwnProperty(out, key, value);
      }
    });
  }
}

/** Copies the keys of `source` that `out` does not have yet (the enclosing schema's own keywords win). */
function fillFrom(out: Output, source: Output): void {
  for (const key of Object.keys(source)) {
    if (!Object.hasOwn(out, key)) setOwnProperty(out, key, source[key]);
  }
}

function isNullSchema(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const record = schema as Record<string, unknown>;
  return (
    record.type === 'null' &&
    Object.keys(record).every((key) => key === 'type' || key === 'description' || key === 'title')
  );
}

function joinText(first: unknown, second: string): string {
  return typeof first === 'string' && first !== '' ? `${first} ${second}` : second;
}
