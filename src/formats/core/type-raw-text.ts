import type { AlignFlag } from '../../schema/align-result.js';
import type { SchemaAlignment } from '../../schema/schema-alignment.js';
import type { SchemaRoot } from '../../schema/schema-root.js';
import type { JSONSchema } from '../../types/json-schema.js';

/**
 * One parameter's raw text typed by its property `schema` through `align` (`FormatOptions.align`:
 * `typeParameterText` of `toolwire/schema`); without `align` or without a schema, the text as it is, as
 * a parse without tools reads it. `root`: the tool's parameters schema read by `align.root`, for `$ref`s.
 */
/** `typeRawText` with the coercions the typing applied (flag paths relative to the value). */
export function typeRawTextFlagged(
  text: string,
  schema: JSONSchema | undefined,
  align: SchemaAlignment | undefined,
  root?: SchemaRoot,
): { readonly value: unknown; readonly flags: readonly AlignFlag[] } {
  if (schema === undefined || align === undefined) return { value: text, flags: [] };
  if (align.typeParameterTextFlagged !== undefined) return align.typeParameterTextFlagged(text, schema, root);
  return { value: align.typeParameterText(text, schema, root), flags: [] };
}

export function typeRawText(
  text: string,
  schema: JSONSchema | undefined,
  align: SchemaAlignment | undefined,
  root?: SchemaRoot,
): unknown {
  if (schema === undefined || align === undefined) return text;
  return align.typeParameterText(text, schema, root);
}
