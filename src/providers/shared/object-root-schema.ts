import { setOwnProperty } from '../../internal/set-own-property.js';
import type { JSONSchema } from '../../types/json-schema.js';
import type { ConversionContext } from './conversion-context.js';

/** A JSON Schema with `type: "object"` at its root, as Anthropic `input_schema` and Bedrock `inputSchema.json` need. */
export type ObjectRootSchema = { type: 'object'; [keyword: string]: unknown };

/**
 * The tool schema as a provider that demands an object schema at the root takes it (Anthropic
 * `input_schema`: "JSON Schema … with type object"; Bedrock `inputSchema.json` for Claude models):
 *
 * - `type: "object"` at the root: the schema itself, unchanged (same keys, same order).
 * - no `type`: `{ type: "object", ...schema }` (`true` and `{}` give `{ type: "object" }`), a
 *   `compatibility` warning: the root only ever receives an arguments object.
 * - `type: ["object", ...]` (say `["object", "null"]`): narrowed to `"object"`, an `unsupported` warning.
 * - any other root (`type: "array"`, `"string"`, the `false` schema, not an object at all): the provider
 *   cannot call such a tool; `{ type: "object" }` is sent in its place with an `unsupported` warning
 *   (`onUnsupported: 'throw'` throws instead).
 *
 * Nothing below the root is changed (non-strict tool use passes the schema to the model as written).
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolInputSchema.html
 */
export function toObjectRootSchema(
  schema: JSONSchema,
  toolName: string,
  context: ConversionContext,
): ObjectRootSchema {
  const feature = `tool "${toolName}" input schema`;
  if (schema === true) {
    context.compatibility(feature, 'the schema `true` is sent as { type: "object" }');
    return { type: 'object' };
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    context.unsupported(
      feature,
      `a root schema ${JSON.stringify(schema)} is not an object schema; sent as { type: "object" }`,
    );
    return { type: 'object' };
  }
  const type = schema.type;
  if (type === 'object') return schema as ObjectRootSchema;
  if (type === undefined) {
    context.compatibility(feature, 'the root has no "type"; "type": "object" is added');
    return { type: 'object', ...schema };
  }
  if (Array.isArray(type) && type.includes('object')) {
    context.unsupported(feature, `root "type" ${JSON.stringify(type)} is narrowed to "object"`);
    const narrowed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema))
      setOwnProperty(narrowed, key, key === 'type' ? 'object' : value);
    return narrowed as ObjectRootSchema;
  }
  context.unsupported(
    feature,
    `root "type" ${JSON.stringify(type)} is not "object"; sent as { type: "object" }`,
  );
  return { type: 'object' };
}
