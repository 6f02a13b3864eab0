import type { JSONSchema } from './json-schema.js';

/**
 * A tool the model may call, in the provider-neutral shape
 * `{ name, description?, parameters }` where `parameters` is the JSON Schema of the arguments object.
 * OpenAI-style `{ type: "function", function: {...} }` entries are accepted by `normalizeTools`.
 */
export interface ToolDefinition {
  readonly name: string;
  readonly description?: string;
  readonly parameters: JSONSchema;
}
