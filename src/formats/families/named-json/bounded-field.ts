import type { Cursor } from '../../core/base-parser.js';
import { findEarliestMarker } from '../../core/markers.js';
import { startsLongerMarker } from '../../core/starting-marker.js';

// A call's name or id as named-json formats write it: a short field read up to a stop marker, and what
// a valid one looks like.

/** Longest accepted name or id, in UTF-16 code units. */
export const maxNameLength = 256;

/** A field read by `readBoundedField`: `raw` as written, `value` trimmed, and the stop after it. */
export interface BoundedField {
  readonly value: string;
  readonly raw: string;
  /** Where the stop marker starts in the cursor's text. */
  readonly index: number;
  readonly marker: string;
}

/**
 * Reads a short field (name, id) from `from` up to the earliest of `stops`, without consuming it; a
 * stop beyond the length limit (`maxNameLength` and some slack) does not count. `'wait'` when more
 * text is needed (the text ends within the limit, or at a stop a longer one may extend); `undefined`
 * when no stop comes within the limit (or before the end of the output).
 */
export function readBoundedField(
  cursor: Cursor,
  from: number,
  stops: readonly string[],
): BoundedField | 'wait' | undefined {
  const text = cursor.text;
  const end = Math.min(text.length, from + maxNameLength + 64);
  const found = findEarliestMarker(text, from, stops);
  const match = found && found.index < end ? found : undefined;
  if (!match) {
    if (!cursor.final && end === text.length) return 'wait';
    return undefined;
  }
  if (!cursor.final && startsLongerMarker(text, match.index, match.marker, stops)) return 'wait';
  const raw = text.slice(from, match.index);
  return { value: raw.trim(), raw, index: match.index, marker: match.marker };
}

/**
 * A tool name as these formats write it: non-empty, bounded, without whitespace, and without characters
 * that belong to markup or JSON (`<`, `>`, `[`, `]`, `{`, `}`, `"`, `'`, a backslash) — a name such as
 * `<b>f</b>` or `here</think><tool_call>` is text around a marker, not a name. Dots, colons, slashes and
 * dashes stay (`mcp__server__tool`, `server.tool`, `a/b`).
 */
export const validName = (name: string): boolean =>
  name !== '' && name.length <= maxNameLength && !/[\s<>[\]{}"'\\]/.test(name);

/** A recipient line of `startsInCall` formats: an identifier right after the marker (bounded text). */
export const recipientPattern = /^[A-Za-z_][\w.-]*$/;
