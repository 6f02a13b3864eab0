import { parseLenientJson } from '../../../json/parse-lenient-json.js';

// A Hermes-style object body whose JSON string never closes because an unescaped quote opened it:
// `{"text": "say "hi} now"}}</tool_call>` reads `"}}</tool_call>…` as one string, so the end marker is
// taken as data and the call runs to the end of the output (hermes-agent #36271). The first end marker
// read as string data right after a `}` is noted; when the output then ends inside the string, the call
// ends at that marker instead, its body read leniently (an `unescaped_quote` repair says what was fixed;
// no end marker is missing). Not with `finishReason: 'length'` (a cut body stays cut).

/** An end marker the body read as string data: its offset in the call's raw text, and the marker. */
export interface StrayEnd {
  readonly at: number;
  readonly marker: string;
}

/** How far back before such a marker a `}` is looked for (UTF-16 code units). */
const maxLookback = 64;

/** Where the text to look back through starts: `maxLookback` before `at`, not before the body. */
export function lookbackFrom(bodyStart: number, at: number): number {
  return Math.max(bodyStart, at - maxLookback);
}

/** Whether the text before a marker ends with `}` (whitespace aside): the body may end there. */
export function closesObject(before: string): boolean {
  return before.trimEnd().endsWith('}');
}

/** The body text up to a noted marker, when it reads leniently as a JSON object; else `undefined`. */
export function recoverableBody(text: string): string | undefined {
  const body = text.trimEnd();
  const parsed = parseLenientJson(body);
  const ok =
    parsed.ok && typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value);
  return ok ? body : undefined;
}
