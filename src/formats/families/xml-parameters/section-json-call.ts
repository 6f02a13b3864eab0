import { scanJsonValueEnd } from '../../../json/json-scanner.js';
import { parseLenientJson } from '../../../json/parse-lenient-json.js';
import { type CallObjectKeys, callObjectParts, unreadArguments } from '../../core/call-object-parts.js';
import type { CallParts } from '../../core/call-parts.js';
import { withJsonRepairs } from '../../core/call-repairs.js';

/** A Hermes-style call object has no id in these formats. */
const keys: CallObjectKeys = { nameKeys: ['name'], argumentKeys: ['arguments', 'parameters'], idKeys: [] };

/**
 * Text found inside a tool-call section where a call tag should be: a Hermes-style JSON call
 * `{"name", "arguments"}` (or `"parameters"`) if it is one, decoded leniently (its repairs placed in
 * `raw`, the call's raw text, which holds `body`), else why it is an invalid call. With `atEnd` (the
 * output ended inside the section) the JSON must be complete, else the call was cut off.
 */
export function sectionJsonCall(
  body: string,
  raw: string,
  atEnd: boolean,
): { parts: CallParts } | { code: string; message: string; name?: string } {
  const trimmed = body.trim();
  if (atEnd && trimmed.startsWith('{') && scanJsonValueEnd(trimmed, 0) !== trimmed.length) {
    return { code: 'incomplete_tool_call', message: 'the tool call is cut off before its end' };
  }
  if (trimmed.startsWith('{')) {
    const parsed = parseLenientJson(trimmed);
    const parts = parsed.ok ? callObjectParts(parsed.value, keys) : undefined;
    if (parsed.ok && typeof parts === 'object') {
      const unread = unreadArguments(parsed.value as Record<string, unknown>, keys);
      if (unread !== undefined) return { code: 'unread_arguments', message: unread, name: parts.name };
      return { parts: withJsonRepairs(parts, parsed.repairs, raw.indexOf(trimmed)) };
    }
  }
  return { code: 'invalid_tool_call', message: 'text inside a tool-call section is not a call' };
}
