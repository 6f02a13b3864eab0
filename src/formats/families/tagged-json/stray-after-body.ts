import { findEarliestMarker } from '../../core/markers.js';

// Text between an object body's end and its section's end marker: `<tool_call>{…}}}</tool_call>` (an
// extra `}`, a common slip) or `<tool_call>{…} I will now call it</tool_call>`. Peers fail such a call
// (vLLM's `json.loads` raises "Extra data" and the whole output comes back as content) or, streaming,
// ignore the extra brace; here the call stands and the end marker is the section's end (not content):
// extra closing brackets are part of the call's raw text, other text is content, each with a repair
// saying so. Only when the end marker comes within `maxStrayText` code units and before any other
// marker the text mode or a body reacts to (a start marker, a reasoning tag): otherwise the call ends
// with its JSON, as one whose end marker is missing. The bound keeps the look-ahead (text not consumed
// until it is decided) short, so each streamed push stays proportional to its chunk.

/** How far after the body the end marker is looked for (UTF-16 code units). */
const maxStrayText = 256;

/** Text after a body, up to its section's end marker at `end` (`[start, end)` in the text searched). */
export interface StrayText {
  readonly start: number;
  readonly end: number;
  readonly marker: string;
  /** The text is closing brackets only (`}`, `]`, whitespace between). */
  readonly closersOnly: boolean;
}

/**
 * The stray text at `position` (after the body and whitespace, at a character that is not an end
 * marker), when one of `ends` closes it first among `stops`; `undefined` when none does; `'wait'`
 * when more text is needed to tell (never with `final`). The answer is the same however the text was
 * cut: a marker that starts within the bound is complete in any text that reaches past it.
 */
export function strayAfterBody(
  text: string,
  position: number,
  final: boolean,
  stops: readonly string[],
  ends: readonly string[],
): StrayText | 'wait' | undefined {
  const match = findEarliestMarker(text, position, stops);
  if (match !== undefined && match.index - position <= maxStrayText) {
    if (!ends.includes(match.marker)) return undefined;
    const closersOnly = /^[\s\]}]*$/.test(text.slice(position, match.index));
    return { start: position, end: match.index, marker: match.marker, closersOnly };
  }
  if (match !== undefined || final) return undefined;
  return text.length - position < maxStrayText + longest(stops) ? 'wait' : undefined;
}

function longest(markers: readonly string[]): number {
  let length = 0;
  for (const marker of markers) length = Math.max(length, marker.length);
  return length;
}
