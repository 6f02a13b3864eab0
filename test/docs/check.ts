import { expect } from 'vitest';
import type { Claim } from './instrument-block.js';

/**
 * The claims of the block being run: set by the test before it imports the instrumented block, which
 * calls `__check` once per claim.
 */
export const run: { page: string; fence: number; claims: readonly Claim[]; checked: Set<number> } = {
  page: '',
  fence: 0,
  claims: [],
  checked: new Set(),
};

/** An expected value with each string that holds `…` turned into a matcher: `…` stands for any text. */
function expected(value: unknown): unknown {
  if (typeof value === 'string' && value.includes('…')) {
    const pattern = value
      .split('…')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\s\\S]*');
    return expect.stringMatching(new RegExp(`^${pattern}$`));
  }
  if (Array.isArray(value)) return value.map(expected);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expected(item)]));
  return value;
}

/** One claim: the block's expression (or statement value) against the commented value. */
export function __check(index: number, actual: () => unknown, value: () => unknown): void {
  const claim = run.claims[index];
  run.checked.add(index);
  const line = run.fence + (claim?.line ?? 0);
  const where = `${run.page}:${line}: ${claim?.expression || 'the statement'} → ${claim?.value}`;
  expect(actual(), where).toStrictEqual(expected(value()));
}
