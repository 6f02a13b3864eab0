import { setOwnProperty } from '../../../internal/set-own-property.js';

// The name and attributes of a call or parameter tag, read from its header (the text between the
// tag's start marker and its `>`).

/** A tag header longer than this (in UTF-16 code units) without its `>` is malformed. */
export const headerLimit = 1024;

/**
 * The name in a tag header: the text itself (`<function=NAME>`, `equalsStyle`, quotes around it
 * dropped) or its `name` attribute (`<invoke name="NAME">`), with the header's attributes (none in the
 * equals style). `''` when there is no name. Runs on one bounded header only.
 */
export function headerName(
  header: string,
  equalsStyle: boolean,
): { name: string; attributes: Record<string, string> } {
  if (equalsStyle) {
    let name = header.trim();
    const first = name.charAt(0);
    if (name.length >= 2 && (first === '"' || first === "'") && name.endsWith(first))
      name = name.slice(1, -1);
    return { name, attributes: {} };
  }
  const attributes = parseAttributes(header);
  return { name: (Object.hasOwn(attributes, 'name') ? attributes.name : '') ?? '', attributes };
}

/** `name="x" string='true' k=v` → attributes (built without prototype pollution). */
function parseAttributes(header: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g;
  for (const match of header.matchAll(pattern)) {
    const key = match[1];
    if (key !== undefined) setOwnProperty(attributes, key, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}
