import type { FormatDefinition } from '../../src/formats/index.js';
import * as formats from '../../src/formats/index.js';

/** The formats entry's exports that are format definitions, as `[export name, definition]`. */
export const exported: ReadonlyArray<readonly [string, FormatDefinition]> = Object.entries(formats).filter(
  (entry): entry is [string, FormatDefinition] =>
    typeof entry[1] === 'object' && entry[1] !== null && 'create' in entry[1] && 'id' in entry[1],
);

/** The definition the formats entry exports by name for format `id` (`hermes` for `"hermes"`). */
export function namedDefinition(id: string): FormatDefinition {
  const found = exported.find(([, definition]) => definition.id === id);
  if (found === undefined) throw new Error(`no definition exported for ${id}`);
  return found[1];
}
