/**
 * Reading one decoded tagged-JSON call object with a format's keys: its name, id and arguments
 * (`callParts`), the exact text of its arguments when the body is just name and arguments
 * (`argumentsJson`), whether it gives its arguments more than once (`argumentMembers`), and whether
 * members it does not read may hold them (`unreadCallArguments`).
 */

import { isWhitespace } from '../../../internal/whitespace.js';
import { JsonScanner } from '../../../json/json-scanner.js';
import type { CallParts } from '../../core/base-parser.js';
import { unreadArguments } from '../../core/call-object-parts.js';
import { memberSpans } from '../json-spans.js';

/** Where a format's call object keeps its parts (`TaggedJsonConfig`'s keys, defaults filled in). */
export interface CallKeys {
  readonly nameKeys: readonly string[];
  readonly argumentKeys: readonly string[];
  readonly idKeys: readonly string[];
  /** The call object is `{ NAME: {arguments} }` (Apertus). */
  readonly nameIsKey: boolean;
}

/** `keys` with the defaults for the keys it leaves out (`name`; `arguments`, `parameters`; `id`). */
export function callKeys(keys: {
  readonly nameKeys?: readonly string[];
  readonly argumentKeys?: readonly string[];
  readonly idKeys?: readonly string[];
  readonly nameIsKey?: boolean;
}): CallKeys {
  return {
    nameKeys: keys.nameKeys ?? ['name'],
    argumentKeys: keys.argumentKeys ?? ['arguments', 'parameters'],
    idKeys: keys.idKeys ?? ['id'],
    nameIsKey: keys.nameIsKey === true,
  };
}

/** Extracts name, id and arguments from one call object, or says why it cannot. */
export function callParts(value: unknown, keys: CallKeys): CallParts | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'the tool-call body is not a JSON object';
  }
  const record = value as Record<string, unknown>;
  if (keys.nameIsKey) {
    const names = Object.keys(record);
    const name = names[0];
    if (names.length !== 1 || name === undefined) return 'expected an object with one key, the tool name';
    return { name, argumentsValue: record[name] };
  }
  const name = pick(record, keys.nameKeys);
  if (typeof name !== 'string' || name === '') return 'the tool call has no "name"';
  const id = pick(record, keys.idKeys);
  const argumentsValue = pick(record, keys.argumentKeys);
  return typeof id === 'string' && id !== '' ? { name, id, argumentsValue } : { name, argumentsValue };
}

/**
 * The exact JSON text of the arguments in `bodyText`, an object body that `JSON.parse` read as
 * `value`, when the body is just the name and the arguments (`{"name": …, "arguments": {…}}`, in
 * either order): then the text splits at its only top-level comma, which the streaming scanner
 * counted on its way (`scanned`; `wholeBody`: the body came in one piece, its commas are counted here). Saves
 * serializing a long argument object again for the call's delta. `undefined` for any other body.
 */
export function argumentsJson(
  bodyText: string,
  value: unknown,
  wholeBody: boolean,
  scanned: { readonly count: number; readonly last: number },
  keys: CallKeys,
): string | undefined {
  if (keys.nameIsKey || typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (Object.keys(record).length !== 2) return undefined;
  const argumentKey = pickedKey(record, keys.argumentKeys);
  const nameKey = pickedKey(record, keys.nameKeys);
  if (argumentKey === undefined || nameKey === undefined || argumentKey === nameKey) return undefined;
  const argumentsValue = record[argumentKey];
  if (typeof argumentsValue !== 'object' || argumentsValue === null || Array.isArray(argumentsValue))
    return undefined;
  let commas = scanned;
  if (wholeBody) {
    const scanner = new JsonScanner();
    if (scanner.scan(bodyText, 0, bodyText.length) !== bodyText.length) return undefined;
    commas = scanner.topLevelCommas;
  }
  if (commas.count !== 1 || bodyText.charCodeAt(0) !== 0x7b /* { */) return undefined;
  const end = bodyText.length - 1;
  if (bodyText.charCodeAt(end) !== 0x7d /* } */) return undefined;
  return (
    memberValue(bodyText, 1, commas.last, argumentKey) ??
    memberValue(bodyText, commas.last + 1, end, argumentKey)
  );
}

/**
 * The argument keys (of `argumentKeys`) of the object body `bodyText` when it holds more than one argument member
 * (a key twice, or two of the keys): JSON's last member, or the first key in `argumentKeys`, would
 * win, but the first one in the text may already have streamed, so such a call is ambiguous. `value`
 * is the decoded body: only a key it has can be there twice, so one search for that key's quoted
 * text (and one for `\\u`, which could spell a key otherwise) usually settles it; the members are
 * read only when the key is found twice or escapes are there.
 */
export function argumentMembers(
  bodyText: string,
  value: Record<string, unknown>,
  argumentKeys: readonly string[],
): string[] | undefined {
  const present = argumentKeys.filter((key) => Object.hasOwn(value, key));
  if (present.length > 1) return present;
  const key = present[0];
  if (key === undefined || writtenOnce(bodyText, key)) return undefined;
  const found = memberSpans(bodyText, 0, bodyText.length)
    .map((member) => member.key)
    .filter((each) => each === key);
  return found.length > 1 ? found : undefined;
}

/**
 * The one key of `keys` that `value`, the decoded object body `bodyText`, has, when it is written once
 * in the text (see `writtenOnce`); `undefined` when it has none or several, or the key may be written
 * twice.
 */
export function soleMember(
  bodyText: string,
  value: Record<string, unknown>,
  keys: readonly string[],
): string | undefined {
  let sole: string | undefined;
  for (const key of keys) {
    if (!Object.hasOwn(value, key)) continue;
    if (sole !== undefined) return undefined;
    sole = key;
  }
  return sole !== undefined && writtenOnce(bodyText, sole) ? sole : undefined;
}

/**
 * Whether `key` can be a member of the body `bodyText` only once: its quoted text is there once, and no
 * escape could spell it otherwise (see `mayEscapeKey`). False answers may be wrong (a quoted key inside a
 * string value); true ones are not.
 */
function writtenOnce(bodyText: string, key: string): boolean {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = `"${key}"`;
    // A format's few keys: bounded.
    if (quotedKeys.size < 64) quotedKeys.set(key, quoted);
  }
  const first = bodyText.indexOf(quoted);
  return first >= 0 && bodyText.indexOf(quoted, first + quoted.length) < 0 && !mayEscapeKey(bodyText, key);
}

/** `"key"` by key: a string built once is searched faster than one built per search. */
const quotedKeys = new Map<string, string>();

/**
 * Whether a unicode escape (backslash, `u`, four hex digits) in `text` may spell a character of `key`:
 * only then can a key written with escapes decode to `key`. Other escapes decode to characters no key
 * of ours has, and an escaped accent in a value is common, so the body is not read member by member
 * for them. A backslash-`u` after an escaped backslash (a Windows path) is no escape. A malformed
 * escape answers true: the members are read to be sure.
 */
function mayEscapeKey(text: string, key: string): boolean {
  for (let at = text.indexOf('\\u'); at >= 0; at = text.indexOf('\\u', at + 2)) {
    let backslashes = 1;
    while (at - backslashes >= 0 && text.charCodeAt(at - backslashes) === 0x5c /* \ */) backslashes++;
    if (backslashes % 2 === 0) continue;
    let code = 0;
    for (let index = at + 2; index < at + 6; index++) {
      const digit = hexValue(text.charCodeAt(index));
      if (digit < 0) return true;
      code = code * 16 + digit;
    }
    if (key.includes(String.fromCharCode(code))) return true;
  }
  return false;
}

/** The value of a hex digit's code, -1 for any other code (`NaN` past the end included). */
function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** The first of `keys` that `record` has (as `pick` chooses it). */
function pickedKey(record: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) if (Object.hasOwn(record, key)) return key;
  return undefined;
}

/**
 * The value text of the member `text[start, end)` (`"key": value`, whitespace around) when its key is
 * `key`; `undefined` otherwise. The key is short; the value is sliced, not copied or scanned.
 */
function memberValue(text: string, start: number, end: number, key: string): string | undefined {
  let position = start;
  while (position < end && isWhitespace(text.charCodeAt(position))) position++;
  if (text.charCodeAt(position) !== 0x22 /* " */) return undefined;
  let keyEnd = position + 1;
  while (keyEnd < end) {
    const code = text.charCodeAt(keyEnd);
    if (code === 0x22) break;
    keyEnd += code === 0x5c /* \ */ ? 2 : 1;
  }
  if (keyEnd >= end) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(text.slice(position, keyEnd + 1));
  } catch {
    return undefined;
  }
  if (decoded !== key) return undefined;
  position = keyEnd + 1;
  while (position < end && isWhitespace(text.charCodeAt(position))) position++;
  if (text.charCodeAt(position) !== 0x3a /* : */) return undefined;
  position++;
  while (position < end && isWhitespace(text.charCodeAt(position))) position++;
  let valueEnd = end;
  while (valueEnd > position && isWhitespace(text.charCodeAt(valueEnd - 1))) valueEnd--;
  return valueEnd > position ? text.slice(position, valueEnd) : undefined;
}

function pick(record: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) if (Object.hasOwn(record, key)) return record[key];
  return undefined;
}

/**
 * Why the call `parts` read from the call object `value` is not run with no arguments, when it has no
 * arguments member but other members (see `unreadArguments`); `undefined` otherwise.
 */
export function unreadCallArguments(value: unknown, parts: CallParts, keys: CallKeys): string | undefined {
  if (keys.nameIsKey || parts.argumentsValue !== undefined) return undefined;
  return unreadArguments(value as Record<string, unknown>, keys);
}
