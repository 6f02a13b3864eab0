// Aligns a value with an `array` option: JSON text decoded, a single value wrapped, each item
// aligned, then the item-count and `uniqueItems` checks.
import { decodeLenient } from '../json/decode-lenient.js';
import type { AlignContext } from './align-context.js';
import { issue, pointer, typeName } from './align-issue.js';
import type { Sink } from './align-sink.js';
import { matchesLiteral } from './matches-literal.js';
import type { SchemaOption } from './schema-root.js';

/** An array for an `array` option (`prefixItems` first, then `items`). */
export function alignArray(
  context: AlignContext,
  value: unknown,
  option: Extract<SchemaOption, { kind: 'array' }>,
  path: string,
  sink: Sink,
  depth: number,
): unknown {
  if (!Array.isArray(value)) {
    if (value === null || value === undefined) {
      sink.add(issue(path, 'invalid_type', 'array', typeName(value)));
      return value;
    }
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed.startsWith('[')) {
        const decoded = decodeLenient(trimmed);
        if (decoded && Array.isArray(decoded.value)) {
          sink.flag(path, 'json_text_decoded');
          return alignArray(context, decoded.value, option, path, sink, depth);
        }
      }
    }
    sink.flag(path, 'single_to_array');
    return alignArray(context, [value], option, path, sink, depth);
  }
  const out: unknown[] = new Array(value.length);
  const prefix = option.prefixItems;
  for (let index = 0; index < value.length; index++) {
    const schema = index < prefix.length ? prefix[index] : option.items;
    out[index] = context.node(value[index], schema, pointer(path, index), sink, depth + 1);
  }
  const { minItems, maxItems, uniqueItems } = option.schema;
  if (typeof minItems === 'number' && out.length < minItems) {
    sink.add(issue(path, 'too_small', `at least ${minItems} items`, `${out.length} items`));
  }
  if (typeof maxItems === 'number' && out.length > maxItems) {
    sink.add(issue(path, 'too_big', `at most ${maxItems} items`, `${out.length} items`));
  }
  if (uniqueItems === true) {
    for (let i = 1; i < out.length; i++) {
      if (out.slice(0, i).some((earlier) => matchesLiteral(earlier, out[i]))) {
        sink.add(issue(pointer(path, i), 'not_unique', 'unique items', 'a repeated item'));
        break;
      }
    }
  }
  return out;
}
