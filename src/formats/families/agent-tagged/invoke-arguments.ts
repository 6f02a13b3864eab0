/**
 * The arguments of an `<invoke name="…">` block's `<parameter name="k">v</parameter>` pairs: each
 * value typed by its parameter's schema, or JSON-ish without one.
 */

import type { SchemaAlignment } from '../../../schema/schema-alignment.js';
import type { JSONSchema } from '../../../types/json-schema.js';

/**
 * The arguments the `<parameter name="k">v</parameter>` pairs of `body` give, in order (a later pair
 * with the same name wins; a pair without `</parameter>` runs to the body's end). `schemaOf` gives a
 * parameter's schema, `undefined` when the tool or parameter is not known; `align` types a value by it
 * (`FormatOptions.align`: without it every value is read as without a schema). Built without prototype
 * pollution: keys are the model's.
 */
export function invokeArguments(
  body: string,
  schemaOf: (key: string) => JSONSchema | undefined,
  align: SchemaAlignment | undefined,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  let position = 0;
  for (;;) {
    const open = body.indexOf('<parameter', position);
    if (open < 0) break;
    const close = body.indexOf('>', open);
    if (close < 0) break;
    const header = /\bname\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(body.slice(open, close));
    const end = body.indexOf('</parameter>', close);
    const valueEnd = end < 0 ? body.length : end;
    const key = header ? (header[1] ?? header[2] ?? '') : '';
    if (key !== '') {
      const valueText = body.slice(close + 1, valueEnd);
      const schema = align === undefined ? undefined : schemaOf(key);
      const value =
        schema === undefined || align === undefined
          ? invokeValue(valueText)
          : align.typeParameterText(valueText.trim(), schema);
      Object.defineProperty(args, key, { value, enumerable: true, writable: true, configurable: true });
    }
    position = end < 0 ? body.length : end + 12;
  }
  return args;
}

/** JSON-ish typing of an `<invoke>` parameter without a schema (openhuman.md §1 #15). */
function invokeValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const first = trimmed.charCodeAt(0);
  if (
    first === 0x7b ||
    first === 0x5b ||
    first === 0x2d ||
    (first >= 0x30 && first <= 0x39) ||
    trimmed === 'true' ||
    trimmed === 'false' ||
    trimmed === 'null'
  ) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value !== 'string') return value;
    } catch {
      // Not JSON: the trimmed string.
    }
  }
  return trimmed;
}
