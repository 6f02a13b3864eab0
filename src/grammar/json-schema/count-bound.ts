// The length and item-count bounds (`minLength`, `maxItems`, ...) a grammar applies, capped.

import { type WarnUnexpressed, where } from './grammar-warnings.js';

/**
 * The largest `minLength` / `maxLength` / `minItems` / `maxItems` applied. Measured on this project's
 * VM: xgrammar 0.1.27 compiles `maxLength: 10000` in 0.7 s and `100000` in 68 s (llama.cpp builds one
 * rule per optional copy), and `1e9` would print a million chunks.
 */
export const MAX_COUNT_BOUND = 10_000;

/**
 * A length or item-count bound, rounded; `undefined` when absent, not a number, or above
 * `MAX_COUNT_BOUND` (warned: `maxLength: 1e9` would print a million chunks, `1e400` is Infinity).
 */
export function countBound(
  value: unknown,
  keyword: string,
  path: string,
  round: (value: number) => number,
  warn: WarnUnexpressed,
): number | undefined {
  if (typeof value !== 'number' || Number.isNaN(value)) return undefined;
  if (Math.abs(value) <= MAX_COUNT_BOUND) return round(value);
  warn(keyword, `${where(path)}: ${keyword} above ${MAX_COUNT_BOUND} not applied`);
  return undefined;
}
