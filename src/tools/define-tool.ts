import type { StandardJSONSchemaV1, StandardSchemaV1, StandardTypedV1 } from '@standard-schema/spec';
import { ToolwireError } from '../errors/toolwire-error.js';
import { describe } from '../internal/describe-value.js';
import { SchemaRoot } from '../schema/schema-root.js';
import type { JSONSchema } from '../types/json-schema.js';
import type { ToolResultOutput } from '../types/message.js';
import type { InferParameters } from './infer-json-schema.js';

/** A JSON Schema object (what a tool's `parameters` is once defined). */
export type JSONSchemaObject = { readonly [keyword: string]: unknown };

/**
 * What `execute` gets besides its input, named as the AI SDK's `ToolExecutionOptions`: the id of the call
 * it answers and the signal of the run (`dispatch`'s `signal`), to stop work the caller no longer waits for.
 */
export interface ToolExecuteOptions {
  readonly toolCallId: string;
  readonly abortSignal?: AbortSignal;
}

/**
 * A defined tool: `parameters` is the JSON Schema the model is shown and arguments are aligned with
 * (normalized by `defineTool`, see there); `standardSchema` the Standard Schema it was defined with, whose
 * `validate` `dispatch` runs; `execute` the handler, typed from the schema; `toModelOutput` turns what
 * `execute` returned into the `tool-result` output (default: a string is `text`, anything else `json`).
 * `execute` and `toModelOutput` are methods so that any tool fits `Tool` (a toolset of mixed tools).
 */
export interface Tool<Input = unknown, Output = unknown> {
  readonly name: string;
  readonly description?: string;
  readonly parameters: JSONSchemaObject;
  readonly standardSchema?: StandardTypedV1<unknown, Input>;
  execute(input: Input, options: ToolExecuteOptions): Output | PromiseLike<Output>;
  toModelOutput?(output: Output): ToolResultOutput;
}

interface ToolDefinitionBase<Input, Output> {
  /** The name the model calls the tool by. */
  readonly name: string;
  readonly description?: string;
  readonly execute: (input: Input, options: ToolExecuteOptions) => Output | PromiseLike<Output>;
  readonly toModelOutput?: (output: Output) => ToolResultOutput;
}

/** `defineTool` with a Standard Schema (zod 4, valibot, arktype, ...): `execute` gets its output type. */
export interface StandardToolDefinition<S extends StandardTypedV1, Output>
  extends ToolDefinitionBase<StandardTypedV1.InferOutput<S>, Output> {
  readonly parameters: S;
  /**
   * The JSON Schema of the parameters, for a Standard Schema that does not export one itself
   * (`~standard.jsonSchema`, the Standard JSON Schema interface that zod 4.2+ implements).
   */
  readonly jsonSchema?: JSONSchema;
}

/** `defineTool` with a JSON Schema: `execute` gets the type the schema literal describes. */
export interface JSONSchemaToolDefinition<S extends JSONSchemaObject, Output>
  extends ToolDefinitionBase<InferParameters<S>, Output> {
  readonly parameters: S;
}

/**
 * Defines a tool. `parameters` is a JSON Schema object, or any Standard Schema (`@standard-schema/spec`:
 * zod 4 and others), and `execute`'s input is typed from it: from the Standard Schema's output type, or
 * from the JSON Schema literal (`InferJSONSchema`).
 *
 * The JSON Schema of a Standard Schema is its own export: `~standard.jsonSchema.input({ target:
 * 'draft-2020-12' })` (Standard JSON Schema; zod 4's is `z.toJSONSchema` in input mode, so a parameter with a
 * default is optional), else `definition.jsonSchema`. The tool's `parameters` keep the properties in the
 * schema's (the handler's) order, and `required` is rewritten in that same order: declared properties
 * first, in `properties` order, then required names `properties` does not declare, as given. A property
 * whose schema allows `null` explicitly and has no `default` is required (every call passes it: a model
 * that leaves it out gets null, flag `missing_as_null`), as OpenAI's strict mode and BAML's optional fields
 * have it. Nothing else of the schema changes; the given schema object is never mutated.
 *
 * @throws {ToolwireError} code `invalid_tools` when `name` is not a non-empty string, `description` not a
 *   string, `execute` or `toModelOutput` not a function, `parameters` neither a JSON Schema object nor a
 *   Standard Schema, or a Standard Schema has no JSON Schema (none exported, no `jsonSchema` given) or its
 *   export throws (zod: a type JSON Schema cannot express, such as `z.date()`), or reading the schema
 *   throws (a getter).
 */
export function defineTool<S extends StandardTypedV1, Output>(
  definition: StandardToolDefinition<S, Output>,
): Tool<StandardTypedV1.InferOutput<S>, Awaited<Output>>;
export function defineTool<const S extends JSONSchemaObject, Output>(
  definition: JSONSchemaToolDefinition<S, Output>,
): Tool<InferParameters<S>, Awaited<Output>>;
export function defineTool(definition: unknown): Tool {
  if (typeof definition !== 'object' || definition === null)
    throw invalid(`defineTool() takes { name, parameters, execute }, got ${describe(definition)}`);
  const { name, description, parameters, execute, toModelOutput, jsonSchema } = definition as Record<
    string,
    unknown
  >;
  if (typeof name !== 'string' || name === '')
    throw invalid(`tool name must be a non-empty string, got ${describe(name)}`);
  if (description !== undefined && typeof description !== 'string')
    throw invalid(`tool "${name}": description must be a string, got ${describe(description)}`);
  if (typeof execute !== 'function')
    throw invalid(`tool "${name}": execute must be a function, got ${describe(execute)}`);
  if (toModelOutput !== undefined && typeof toModelOutput !== 'function')
    throw invalid(`tool "${name}": toModelOutput must be a function, got ${describe(toModelOutput)}`);
  const standard = isStandardSchema(parameters) ? parameters : undefined;
  const schema = standard ? standardJsonSchema(name, standard, jsonSchema) : parameters;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    throw invalid(`tool "${name}": parameters must be a JSON Schema object, got ${describe(schema)}`);
  let normalized: JSONSchemaObject;
  try {
    normalized = normalizeParameters(schema as JSONSchemaObject);
  } catch (error) {
    throw invalid(
      `tool "${name}": parameters cannot be read: ${(error as Error)?.message ?? String(error)}`,
      error,
    );
  }
  const tool: Tool = {
    name,
    ...(description === undefined ? {} : { description }),
    parameters: normalized,
    ...(standard ? { standardSchema: standard } : {}),
    execute: execute as Tool['execute'],
    ...(toModelOutput === undefined ? {} : { toModelOutput: toModelOutput as Tool['toModelOutput'] }),
  };
  return Object.freeze(tool);
}

function invalid(message: string, cause?: unknown): ToolwireError {
  return new ToolwireError('invalid_tools', message, cause === undefined ? undefined : { cause });
}

/** Whether `value` carries the Standard Schema properties (`~standard` with `version: 1`). */
export function isStandardSchema(value: unknown): value is StandardTypedV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const props = (value as Partial<StandardTypedV1>)['~standard'];
  return typeof props === 'object' && props !== null && props.version === 1;
}

/** The Standard Schema's `validate`, when it is a Standard Schema (not only Standard JSON Schema). */
export function standardValidate(
  schema: StandardTypedV1 | undefined,
): StandardSchemaV1['~standard']['validate'] | undefined {
  const validate = (schema?.['~standard'] as Partial<StandardSchemaV1.Props> | undefined)?.validate;
  return typeof validate === 'function' ? validate : undefined;
}

function standardJsonSchema(name: string, schema: StandardTypedV1, given: unknown): unknown {
  const converter = (schema['~standard'] as Partial<StandardJSONSchemaV1.Props>).jsonSchema;
  if (typeof converter?.input === 'function') {
    try {
      return converter.input({ target: 'draft-2020-12' });
    } catch (error) {
      throw invalid(
        `tool "${name}": the ${schema['~standard'].vendor} schema has no JSON Schema: ${(error as Error)?.message ?? String(error)}`,
        error,
      );
    }
  }
  if (given !== undefined) return given;
  throw invalid(
    `tool "${name}": the ${schema['~standard'].vendor} schema exports no JSON Schema (~standard.jsonSchema); pass jsonSchema`,
  );
}

/**
 * `schema` with `required` in `properties` order, plus the properties that allow null explicitly and
 * have no default (see `defineTool`); the same object when nothing changes.
 */
function normalizeParameters(schema: JSONSchemaObject): JSONSchemaObject {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return schema;
  const given = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  const listed = new Set(given);
  const root = new SchemaRoot(schema);
  const required: unknown[] = [];
  for (const key of Object.keys(properties)) {
    const property = (properties as Record<string, JSONSchema>)[key] as JSONSchema;
    if (listed.has(key) || nullableWithoutDefault(root, property)) required.push(key);
  }
  for (const key of given)
    if (!Object.hasOwn(properties, key as string) && !required.includes(key)) required.push(key);
  const same = required.length === given.length && required.every((key, index) => key === given[index]);
  if (same) return schema;
  return { ...schema, required };
}

/** A property schema naming null among its options (not `{}` / `true`, which allow anything) and no default. */
function nullableWithoutDefault(root: SchemaRoot, schema: JSONSchema): boolean {
  if (typeof schema !== 'object' || schema === null || Object.hasOwn(schema, 'default')) return false;
  const options = root.options(schema);
  if (options.some((option) => option.kind === 'any' || option.kind === 'unknown')) return false;
  return options.some(
    (option) => option.kind === 'null' || (option.kind === 'literal' && option.value === null),
  );
}
