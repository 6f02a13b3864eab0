/**
 * Decodes the JSON value of a span of agent-tagged text: strict JSON first, relaxed JSON (bare keys,
 * single quotes, trailing commas) through the lenient parser, with its repairs.
 */

import type { JsonRepair } from '../../../json/json-repair.js';
import { parseLenientJson } from '../../../json/parse-lenient-json.js';

/** The JSON value of `text[start, end)`, with the lenient parser's repairs (offsets into the span). */
export function parseJsonSpan(
  text: string,
  start: number,
  end: number,
): { ok: true; value: unknown; repairs: readonly JsonRepair[] } | undefined {
  const slice = text.slice(start, end);
  try {
    return { ok: true, value: JSON.parse(slice), repairs: [] };
  } catch {
    // Relaxed JSON (bare keys, single quotes, trailing commas): the lenient parser, on this span only.
  }
  const parsed = parseLenientJson(slice);
  return parsed.ok ? { ok: true, value: parsed.value, repairs: parsed.repairs } : undefined;
}
