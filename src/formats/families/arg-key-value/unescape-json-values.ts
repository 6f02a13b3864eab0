// Key/value arguments written as backslash-escaped JSON, unescaped where the schema wants JSON.
import { isStrictJson } from '../../../json/is-strict-json.js';
import type { SchemaAlignment } from '../../../schema/schema-alignment.js';
import type { JSONSchema } from '../../../types/json-schema.js';

/**
 * Replaces (in place) a value written as backslash-escaped JSON (`[{\"id\": \"1\"}]`) by its
 * unescaped text when the text is not JSON as written, its unescaped form is, and the parameter's
 * schema (`schemaOf(key)`) types that form as an object or array (SGLang's GLM fallback:
 * `json.loads`, then unescape and `json.loads`). Only with `align` (`FormatOptions.align`), which types
 * the value: without it values are read as without a schema.
 */
export function unescapeJsonValues(
  parameters: Array<[string, string]>,
  schemaOf: (key: string) => JSONSchema | undefined,
  align: SchemaAlignment | undefined,
): void {
  if (align === undefined) return;
  for (const pair of parameters) {
    const text = pair[1].trim();
    if (!(text.startsWith('{') || text.startsWith('[')) || !text.includes('\\"')) continue;
    const schema = schemaOf(pair[0]);
    if (schema === undefined || isStrictJson(text)) continue;
    const unescaped = unescapeOnce(text);
    if (!isStrictJson(unescaped)) continue;
    const typed = align.typeParameterText(unescaped, schema);
    if (typeof typed === 'object' && typed !== null) pair[1] = unescaped;
  }
}

/**
 * Undoes one level of JSON string escaping (`\"` → `"`, `\\` → `\`, `\n` → line feed, `\uXXXX`);
 * unknown escapes are kept as written.
 */
function unescapeOnce(text: string): string {
  let out = '';
  let start = 0;
  for (
    let index = text.indexOf('\\');
    index >= 0 && index < text.length - 1;
    index = text.indexOf('\\', start)
  ) {
    out += text.slice(start, index);
    const next = text[index + 1];
    start = index + 2;
    switch (next) {
      case '"':
      case '\\':
      case '/':
        out += next;
        break;
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'u': {
        const hex = text.slice(index + 2, index + 6);
        if (/^[0-9a-fA-F]{4}$/.test(hex)) {
          out += String.fromCharCode(Number.parseInt(hex, 16));
          start = index + 6;
        } else {
          out += '\\u';
        }
        break;
      }
      default:
        out += `\\${next}`;
    }
  }
  return out + text.slice(start);
}
