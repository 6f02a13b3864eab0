import { ToolwireError } from '../errors/toolwire-error.js';
import { describe } from '../internal/describe-value.js';
import { SchemaRoot } from './schema-root.js';

/**
 * The misuse `alignValue` and `alignText` refuse, as `schemaGrammar` refuses it: a schema that is not
 * an object, a boolean or a `SchemaRoot` (aligned against, it would read as "anything goes" and hand
 * the value back unchecked), options that are not an object, a boolean option that is not a boolean
 * (`{strict: "yes"}` would mean not strict), a `root` that is not a `SchemaRoot`. A few type checks:
 * no walk of the schema.
 *
 * @throws {ToolwireError} (code `invalid_argument`) naming the function and the argument.
 */
export function checkAlignArguments(
  caller: 'alignValue' | 'alignText',
  schema: unknown,
  options: unknown,
  booleans: readonly string[],
): void {
  if (
    typeof schema !== 'boolean' &&
    !(schema instanceof SchemaRoot) &&
    (typeof schema !== 'object' || schema === null || Array.isArray(schema))
  )
    throw new ToolwireError(
      'invalid_argument',
      `${caller}: a JSON Schema is an object or a boolean, got ${describe(schema)}`,
    );
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new ToolwireError(
      'invalid_argument',
      `${caller}: options must be an object, got ${describe(options)}`,
    );
  const record = options as Record<string, unknown>;
  for (const key of booleans) {
    const value = record[key];
    if (value !== undefined && typeof value !== 'boolean')
      throw new ToolwireError(
        'invalid_argument',
        `${caller}: options.${key} must be true or false, got ${describe(value)}`,
      );
  }
  if (record.root !== undefined && !(record.root instanceof SchemaRoot))
    throw new ToolwireError(
      'invalid_argument',
      `${caller}: options.root must be a SchemaRoot, got ${describe(record.root)}`,
    );
}
