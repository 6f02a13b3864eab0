import type { JSONSchema } from '../types/json-schema.js';
import { type AlignedArguments, alignArguments, alignParameters } from './align-arguments.js';
import type { AlignFlag, AlignOptions } from './align-result.js';
import type { AlignTextOptions } from './align-text.js';
import { SchemaRoot } from './schema-root.js';
import { typeParameterText, typeParameterTextFlagged } from './type-parameter-text.js';

/**
 * What a format parser needs from schema alignment, handed to it as `FormatOptions.align` so that a
 * bundle that parses one format without alignment does not carry it. `schemaAlignment` is toolwire's;
 * every member is the `toolwire/schema` function of the same name (or `SchemaRoot.cached`), and none
 * throws on model data.
 *
 * - `root(schema)`: the tool's parameters schema read once (`SchemaRoot.cached`), for `$ref`s and for
 *   the options of a node (what types a value may take).
 * - `alignArguments(value, schema, options)`: a decoded JSON arguments object aligned with the tool's
 *   parameters schema: `{ value, flags, issues }`.
 * - `alignParameters(parameters, schema, options)`: the `[key, raw text]` pairs of an XML-style call
 *   typed and aligned: `{ value, flags, issues }`.
 * - `typeParameterText(text, schema, root)`: one raw parameter text typed by its property schema (the
 *   value only).
 */
export interface SchemaAlignment {
  readonly root: (schema: JSONSchema) => SchemaRoot;
  readonly alignArguments: (
    value: Record<string, unknown>,
    schema: JSONSchema | SchemaRoot,
    options?: AlignOptions,
  ) => AlignedArguments;
  readonly alignParameters: (
    parameters: ReadonlyArray<readonly [string, string]>,
    schema: JSONSchema | SchemaRoot,
    options?: AlignTextOptions,
  ) => AlignedArguments;
  readonly typeParameterText: (text: string, schema: JSONSchema | undefined, root?: SchemaRoot) => unknown;
  /**
   * `typeParameterText` with the coercions it applied (`{ value, flags }`), so that a format typing
   * each raw value as it arrives still flags every coercion. Optional for alignments made elsewhere:
   * without it, values are typed with `typeParameterText` and unflagged.
   */
  readonly typeParameterTextFlagged?: (
    text: string,
    schema: JSONSchema | undefined,
    root?: SchemaRoot,
  ) => { readonly value: unknown; readonly flags: readonly AlignFlag[] };
}

/**
 * Schema alignment for the format parsers: `parseWith(hermes, text, { tools, align: schemaAlignment })`
 * types and checks each call's arguments by its tool's JSON Schema, exactly as `parseToolCalls` does
 * (which, like `getFormat(id).create` and `createToolCallStream`, uses it without being asked). A frozen
 * object; see `SchemaAlignment` for its members.
 */
export const schemaAlignment: SchemaAlignment = Object.freeze({
  root: (schema: JSONSchema) => SchemaRoot.cached(schema),
  alignArguments,
  alignParameters,
  typeParameterText,
  typeParameterTextFlagged,
});
