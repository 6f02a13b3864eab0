import type { ParseResult } from '../types/tool-call.js';

/**
 * The `--jsonl` output line of a parse, written directly: the very text of
 * `JSON.stringify({ ...(id === undefined ? {} : { id }), ...toParseResultJson(result) })`, without
 * building that object (its spreads copy every member; on the batch path they cost more than the
 * serialisation). Every value is still written by `JSON.stringify` (strings, arguments, issues, flags,
 * repairs, warnings), so escapes, lone surrogates, numbers and key order are its own; only the fixed
 * keys around them are spelt here.
 *
 * Returns `undefined` for a result this does not write directly, where writing a value on its own
 * could differ from writing it as a member: a value `JSON.stringify` leaves out (`undefined`, a
 * function), an object with a `toJSON` method (it is called with the member's key), a list that is not
 * an array (`toParseResultJson` spreads it), a string member that is not a string. The caller then
 * takes the object path. Errors of `JSON.stringify` itself (a BigInt, a cycle) are thrown; the caller
 * takes the object path for its exact error message.
 */
export function parseResultText(id: unknown, result: ParseResult): string | undefined {
  let text = '{';
  if (id !== undefined) {
    const idText = valueText(id);
    if (idText === undefined) return undefined;
    text += `"id":${idText},`;
  }
  const { format, content, reasoning, toolCalls, invalidToolCalls, warnings } = result;
  if (typeof format !== 'string' || typeof content !== 'string' || typeof reasoning !== 'string')
    return undefined;
  if (!Array.isArray(toolCalls) || !Array.isArray(invalidToolCalls)) return undefined;
  text += `"format":${JSON.stringify(format)},"content":${JSON.stringify(content)},"reasoning":${JSON.stringify(reasoning)},"tool_calls":[`;
  for (let index = 0; index < toolCalls.length; index++) {
    const call = toolCalls[index];
    if (typeof call?.id !== 'string' || typeof call.name !== 'string') return undefined;
    const args = valueText(call.arguments);
    if (args === undefined) return undefined;
    text += `${index === 0 ? '' : ','}{"id":${JSON.stringify(call.id)},"name":${JSON.stringify(call.name)},"arguments":${args}`;
    if (call.issues) {
      const issues = listText(call.issues);
      if (issues === undefined) return undefined;
      text += `,"issues":${issues}`;
    }
    if (call.flags) {
      const flags = listText(call.flags);
      if (flags === undefined) return undefined;
      text += `,"flags":${flags}`;
    }
    if (call.repairs) {
      const repairs = listText(call.repairs);
      if (repairs === undefined) return undefined;
      text += `,"repairs":${repairs}`;
    }
    text += '}';
  }
  text += '],"invalid_tool_calls":[';
  for (let index = 0; index < invalidToolCalls.length; index++) {
    const call = invalidToolCalls[index];
    if (call === undefined || call === null) return undefined;
    text += index === 0 ? '{' : ',{';
    if (call.id !== undefined) {
      if (typeof call.id !== 'string') return undefined;
      text += `"id":${JSON.stringify(call.id)},`;
    }
    if (call.name !== undefined) {
      if (typeof call.name !== 'string') return undefined;
      text += `"name":${JSON.stringify(call.name)},`;
    }
    if (typeof call.raw !== 'string' || typeof call.error !== 'string') return undefined;
    const issues = listText(call.issues);
    if (issues === undefined) return undefined;
    text += `"raw":${JSON.stringify(call.raw)},"error":${JSON.stringify(call.error)},"issues":${issues}`;
    if (call.repairs) {
      const repairs = listText(call.repairs);
      if (repairs === undefined) return undefined;
      text += `,"repairs":${repairs}`;
    }
    text += '}';
  }
  text += ']';
  if (warnings) {
    if (!Array.isArray(warnings)) return undefined;
    if (warnings.length > 0) {
      const list = listText(warnings);
      if (list === undefined) return undefined;
      text += `,"warnings":${list}`;
    }
  }
  return `${text}}`;
}

/** `JSON.stringify(value)` when it is what the value gives as a member, else `undefined`. */
function valueText(value: unknown): string | undefined {
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return undefined;
  return JSON.stringify(value);
}

/** `valueText` of a list `toParseResultJson` copies (`[...list]`): only an array, copied or not, is the same. */
function listText(list: unknown): string | undefined {
  return Array.isArray(list) ? valueText(list) : undefined;
}
