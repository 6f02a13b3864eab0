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
    const issues = optionalList('issues', call.issues);
    const flags = optionalList('flags', call.flags);
    const repairs = optionalList('repairs', call.repairs);
    if (issues === undefined || flags === undefined || repairs === undefined) return undefined;
    text += `${index === 0 ? '' : ','}{"id":${JSON.stringify(call.id)},"name":${JSON.stringify(call.name)},"arguments":${args}${issues}${flags}${repairs}}`;
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
    const repairs = optionalList('repairs', call.repairs);
    if (repairs === undefined) return undefined;
    text += `"raw":${JSON.stringify(call.raw)},"error":${JSON.stringify(call.error)},"issues":${issues}${repairs}}`;
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

/**
 * The member `,"key":[...]` of a list `toParseResultJson` writes only when present (truthy): `''` when
 * absent, `undefined` when it is not written directly (see `listText`).
 */
function optionalList(key: string, list: unknown): string | undefined {
  if (!list) return '';
  const text = listText(list);
  return text === undefined ? undefined : `,"${key}":${text}`;
}
