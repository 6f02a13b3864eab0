import type { AlignFlag } from '../../../schema/align-result.js';
import type { SchemaAlignment } from '../../../schema/schema-alignment.js';
import type { JSONSchema } from '../../../types/json-schema.js';
import { isTextSchema } from '../../core/streamed-values.js';
import { typeRawTextFlagged } from '../../core/type-raw-text.js';

// Types a parameter's raw text: DSML's `string` attribute first, then the tool's JSON Schema, else the
// raw string.

/**
 * The value of one parameter as written (`text`: its raw value, a wrapping newline already dropped).
 * With `stringAttribute` (DeepSeek DSML), `string="true"` keeps the raw string and `string="false"`
 * decodes it as JSON (falling back to the schema when it is not JSON); otherwise it is typed by
 * `schema` through `align` (`FormatOptions.align`; no schema or no `align`: the raw string), with the
 * coercions that applied as `flags` (paths relative to the value).
 */
export function typeParameterValue(
  text: string,
  attributes: Readonly<Record<string, string>>,
  schema: JSONSchema | undefined,
  stringAttribute: boolean,
  align: SchemaAlignment | undefined,
): { readonly value: unknown; readonly flags: readonly AlignFlag[] } {
  if (stringAttribute && Object.hasOwn(attributes, 'string')) {
    const flag = attributes.string;
    if (flag === 'true') return { value: text, flags: [] };
    if (flag === 'false') {
      try {
        return { value: JSON.parse(text) as unknown, flags: [] };
      } catch {
        // Not JSON after all: fall through to schema typing.
      }
    }
  }
  return typeRawTextFlagged(text, schema, align);
}

/**
 * Is `typeParameterValue` certain to return the raw text, whatever it turns out to be (no schema, a
 * plain `string` schema, or DSML `string="true"`)? Such a value can stream as it arrives.
 */
export function typesAsText(
  attributes: Readonly<Record<string, string>>,
  schema: JSONSchema | undefined,
  stringAttribute: boolean,
): boolean {
  const flag = stringAttribute && Object.hasOwn(attributes, 'string') ? attributes.string : undefined;
  return flag !== 'false' && (flag === 'true' || isTextSchema(schema));
}
