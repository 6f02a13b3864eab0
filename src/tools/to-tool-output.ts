import type { JSONValue, ToolResultOutput } from '../types/message.js';

/**
 * The `tool-result` output of what a handler returned, when its tool has no `toModelOutput`: a string is
 * `text` (as is), anything else `json`, the JSON value `JSON.stringify` would write (`toJSON` honoured,
 * `undefined` members left out, `undefined` itself is `null`, `NaN` / `Infinity` are `null`), keys in the
 * order the handler's object holds them (JavaScript's own property order: deterministic, so the same
 * result gives the same bytes), `__proto__` a plain key. The AI SDK's default output conversion does the same.
 *
 * @throws {TypeError} what `JSON.stringify` throws on a value it cannot write (a cycle, a bigint);
 *   `dispatch` turns it into an error result.
 */
export function toToolOutput(value: unknown): ToolResultOutput {
  if (typeof value === 'string') return { type: 'text', value };
  const text = JSON.stringify(value);
  // JSON.parse defines `__proto__` as an own data key, never as the prototype.
  return { type: 'json', value: text === undefined ? null : (JSON.parse(text) as JSONValue) };
}
