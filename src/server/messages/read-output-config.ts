import type { JSONSchema } from '../../types/index.js';
import type { ResponseFormat } from '../core/turn-request.js';
import { badField } from '../http/gateway-error.js';

/** What `output_config` asks for: the answer's format, and the keys the gateway does not read. */
export interface OutputConfig {
  readonly responseFormat: ResponseFormat;
  /** Keys of `output_config` other than `format` (`effort`, ...), as `output_config.KEY`. */
  readonly ignored: readonly string[];
}

/**
 * Reads Anthropic's `output_config` (structured outputs): `format: {type: "json_schema", schema}` makes
 * the answer's text a JSON value of `schema`, as strict as Anthropic's (it constrains decoding): a
 * grammar on backends that take one, else the answer is checked whole (422 when it does not fit).
 * Absent or without `format`: plain text.
 *
 * @throws {GatewayError} 400 naming the field for an `output_config` that is not an object, a `format`
 *   of another type, or a `schema` that is not a JSON Schema object.
 */
export function readOutputConfig(value: unknown): OutputConfig {
  if (value === undefined || value === null) return { responseFormat: { type: 'text' }, ignored: [] };
  if (typeof value !== 'object' || Array.isArray(value))
    throw badField('output_config', '"output_config" must be an object');
  const config = value as Record<string, unknown>;
  const ignored = Object.keys(config)
    .filter((key) => key !== 'format' && config[key] !== undefined && config[key] !== null)
    .map((key) => `output_config.${key}`);
  const format = config.format;
  if (format === undefined || format === null) return { responseFormat: { type: 'text' }, ignored };
  if (
    typeof format !== 'object' ||
    Array.isArray(format) ||
    (format as { type?: unknown }).type !== 'json_schema'
  )
    throw badField(
      'output_config.format',
      '"output_config.format" must be {"type": "json_schema", "schema"}',
    );
  const schema = (format as { schema?: unknown }).schema;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    throw badField(
      'output_config.format.schema',
      '"output_config.format.schema" must be a JSON Schema object',
    );
  return {
    responseFormat: { type: 'json_schema', name: 'output', schema: schema as JSONSchema, strict: true },
    ignored,
  };
}
