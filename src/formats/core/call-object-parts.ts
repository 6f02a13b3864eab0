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
