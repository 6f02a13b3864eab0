import { parseLenientJson } from '../../../json/parse-lenient-json.js';
import type { ToolCallRepair } from '../../../types/tool-call.js';
import { type CallObjectKeys, callObjectParts, unreadArguments } from '../../core/call-object-parts.js';
import type { CallParts } from '../../core/call-parts.js';
import { withJsonRepairs } from '../../core/call-repairs.js';

/**
 * The call a JSON call object's text makes (alone after the call start, or a list element: `jsonBody`),
 * decoded leniently and read with `keys`, or why it is invalid (with the name to report). `sniffed`:
 * the name its text gave first, the one a streaming consumer was told, if any; a different final name
 * (a name key given twice: JSON's last one wins) is ambiguous, so the call is invalid. `bodyOffset`:
 * where the text starts in the call's raw text (negative: not there); `repairs` go first on the call.
 */
export function jsonCallObject(
  bodyText: string,
  sniffed: string | undefined,
  bodyOffset: number,
  repairs: readonly ToolCallRepair[],
  keys: CallObjectKeys,
): { parts: CallParts } | { code: string; message: string; name: string | undefined } {
  const parsed = parseLenientJson(bodyText);
  if (!parsed.ok) {
    return {
      code: 'invalid_json',
      message: `the tool-call body is not valid JSON: ${parsed.error}`,
      name: undefined,
    };
  }
  const parts = callObjectParts(parsed.value, keys);
  if (typeof parts === 'string') return { code: 'missing_name', message: parts, name: undefined };
  const unread = unreadArguments(parsed.value as Record<string, unknown>, keys);
  if (unread !== undefined) return { code: 'unread_arguments', message: unread, name: parts.name };
  if (sniffed !== undefined && sniffed !== parts.name) {
    return {
      code: 'conflicting_names',
      message: `the tool call names two tools, "${sniffed}" and "${parts.name}"`,
      name: sniffed,
    };
  }
  return {
    parts: withJsonRepairs(repairs.length > 0 ? { ...parts, repairs } : parts, parsed.repairs, bodyOffset),
  };
}
