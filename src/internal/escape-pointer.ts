// One reference token of a JSON Pointer, escaped.

/** `key` as one JSON Pointer reference token (RFC 6901 section 3: `~` as `~0`, `/` as `~1`). */
export function escapePointer(key: string): string {
  // Most keys have neither character: no replacing (and no new string) needed.
  if (!key.includes('~') && !key.includes('/')) return key;
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
