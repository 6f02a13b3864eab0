import type { JSONSchema } from '../types/json-schema.js';
import type { AlignFlag } from './align-result.js';
import { alignTextUnchecked } from './align-text.js';
import type { SchemaRoot } from './schema-root.js';

/**
 * Types the raw text of one XML-style parameter (`<parameter=K>V</parameter>`) by its JSON Schema and
 * returns the value only: `alignTextUnchecked(text, schema).value` (see `alignText` for the rules). An unknown
 * parameter (`schema` undefined) keeps the raw string; text that does not fit is kept as received, so
 * nothing is lost. Pass `root` when `schema` is a property of a tool's parameters schema whose `$ref`s
 * point into the whole schema. Use `alignText` or `alignParameters` to get flags and issues too.
 * Schema `default`s are not filled in (`applyDefaults: false`): a format's parser types each value as
 * it arrives, and the call's final alignment fills defaults, flagged, only when asked to.
 */
export function typeParameterText(text: string, schema: JSONSchema | undefined, root?: SchemaRoot): unknown {
  if (schema === undefined) return text;
  return alignTextUnchecked(text, schema, root ? { root, applyDefaults: false } : { applyDefaults: false })
    .value;
}

/**
 * `typeParameterText` with the coercions it applied: `{ value, flags }` (flag paths relative to the
 * parameter, `""` for the value itself). No schema: the raw string, no flags.
 */
export function typeParameterTextFlagged(
  text: string,
  schema: JSONSchema | undefined,
  root?: SchemaRoot,
): { readonly value: unknown; readonly flags: readonly AlignFlag[] } {
  if (schema === undefined) return { value: text, flags: [] };
  const { value, flags } = alignTextUnchecked(
    text,
    schema,
    root ? { root, applyDefaults: false } : { applyDefaults: false },
  );
  return { value, flags };
}
