import type { CallParts } from './call-parts.js';

/** The keys a JSON call object is read with; in each list the first key present wins. */
export interface CallObjectKeys {
  readonly nameKeys: readonly string[];
  readonly argumentKeys: readonly string[];
  /** `[]`: the format carries no call id in the object. */
  readonly idKeys: readonly string[];
}

/**
 * The call a decoded JSON call object names (`{"name": …, "arguments": …}`, keys per `keys`), or why it
 * is none: not an object, or no non-empty string name. An id that is not a non-empty string is left
 * out; missing arguments stay `undefined` (no arguments). For family cores that read Hermes-style call
 * objects inside their own markup (`named-json`, `xml-parameters`).
 */
export function callObjectParts(value: unknown, keys: CallObjectKeys): CallParts | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'the tool-call body is not a JSON object';
  }
  const record = value as Record<string, unknown>;
  const name = pick(record, keys.nameKeys);
  if (typeof name !== 'string' || name === '') return 'the tool call has no "name"';
  const id = pick(record, keys.idKeys);
  const argumentsValue = pick(record, keys.argumentKeys);
  return typeof id === 'string' && id !== '' ? { name, id, argumentsValue } : { name, argumentsValue };
}

function pick(record: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) if (Object.hasOwn(record, key)) return record[key];
  return undefined;
}

/**
 * Members call objects carry beside the call, not arguments: OpenAI's `type` (`"function"`), ids under
 * any of the names servers and templates use, and a stream's `index`.
 */
const markupKeys: readonly string[] = ['type', 'id', 'call_id', 'tool_call_id', 'index'];

/**
 * Why a call object that has none of `keys.argumentKeys` is not a call with no arguments: it has
 * other members than its name, ids, `type` and `index` (arguments under a key the format does not read, such as
 * `args`, `input` or a misspelling, or written flat beside the name), which running it with `{}` would
 * drop. `undefined` when it has an arguments member or nothing else.
 */
export function unreadArguments(
  record: Readonly<Record<string, unknown>>,
  keys: Pick<CallObjectKeys, 'nameKeys' | 'argumentKeys' | 'idKeys'>,
): string | undefined {
  if (keys.argumentKeys.some((key) => Object.hasOwn(record, key))) return undefined;
  const unread = Object.keys(record).filter(
    (key) => !keys.nameKeys.includes(key) && !keys.idKeys.includes(key) && !markupKeys.includes(key),
  );
  if (unread.length === 0) return undefined;
  const list = (names: readonly string[]) => names.map((name) => `"${name}"`);
  return `the tool call has no ${list(keys.argumentKeys).join(' or ')} member, and ${list(unread).join(', ')} may hold its arguments`;
}
