// The grammar of a JSON integer or number within a schema's `minimum` / `maximum` / `exclusive*` bounds.

import type { SchemaObject } from '../../schema/schema-root.js';
import type { GrammarBuilder } from '../grammar-builder.js';
import type { GrammarNode } from '../grammar-node.js';
import {
  ANY_INTEGER,
  ANY_NUMBER,
  type DecimalBound,
  decimalOf,
  decimalRange,
  integerRange,
} from '../number-range.js';
import { stableNode } from '../stable-nodes.js';
import { type WarnUnexpressed, where } from './grammar-warnings.js';

/**
 * One integer or number of `schema`: exact at any size (digit-range rules for integers, decimal
 * bounds compared digit by digit for numbers, the bound read as written: `1.1` is 1.1); the
 * tighter of `minimum` + draft-4 boolean `exclusiveMinimum` and numeric `exclusiveMinimum` applies
 * (same for the maximum). Unbounded values are the shared `integer` / `number` rules of `builder`.
 * `multipleOf` is not enforced (warned).
 */
export function numberGrammar(
  kind: 'integer' | 'number',
  schema: SchemaObject,
  builder: GrammarBuilder,
  path: string,
  warn: WarnUnexpressed,
): GrammarNode {
  // A multipleOf that is not above 0 is reported by SchemaRoot (not applied anywhere).
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0)
    warn('multipleOf', `${where(path)}: multipleOf not enforced`);
  const lower = tighterBound(
    bound(schema.minimum, schema.exclusiveMinimum === true),
    typeof schema.exclusiveMinimum === 'number' ? bound(schema.exclusiveMinimum, true) : undefined,
    'lower',
  );
  const upper = tighterBound(
    bound(schema.maximum, schema.exclusiveMaximum === true),
    typeof schema.exclusiveMaximum === 'number' ? bound(schema.exclusiveMaximum, true) : undefined,
    'upper',
  );
  if (lower === undefined && upper === undefined)
    return kind === 'integer' ? builder.rule('integer', ANY_INTEGER) : builder.rule('number', ANY_NUMBER);
  // A range's grammar depends on its bounds alone: built once per bounds (tools repeat their ranges).
  return stableNode(`${kind} ${boundKey(lower)} ${boundKey(upper)}`, () => rangeGrammar(kind, lower, upper));
}

/** `numberGrammar` past the unbounded cases. */
function rangeGrammar(
  kind: 'integer' | 'number',
  lower: NumberBound | undefined,
  upper: NumberBound | undefined,
): GrammarNode {
  if (kind === 'integer') {
    const low =
      lower === undefined
        ? undefined
        : lower.exclusive
          ? wholeOf(Math.floor(lower.value)) + 1n
          : wholeOf(Math.ceil(lower.value));
    const high =
      upper === undefined
        ? undefined
        : upper.exclusive
          ? wholeOf(Math.ceil(upper.value)) - 1n
          : wholeOf(Math.floor(upper.value));
    return integerRange(low, high);
  }
  const decimal = (value: NumberBound | undefined): DecimalBound | undefined =>
    value === undefined ? undefined : { ...decimalOf(value.value), inclusive: !value.exclusive };
  return decimalRange(decimal(lower), decimal(upper));
}

/**
 * A whole JavaScript number as the integer its JSON text says: `1e300` is 10^300, not the binary
 * double's 1000000000000000052504760255204420248704468581108159154915854115111802457988908195786371375...
 * (`BigInt(1e300)`), whose 300 distinct digits nest one group per digit and abort xgrammar.
 */
function wholeOf(value: number): bigint {
  const { negative, magnitude } = decimalOf(value);
  return negative ? -magnitude.whole : magnitude.whole;
}

/** A bound as a cache key: the number's exact text (`-0` kept apart from `0`) and whether it is exclusive. */
function boundKey(bound: NumberBound | undefined): string {
  if (bound === undefined) return '_';
  return `${Object.is(bound.value, -0) ? '-0' : String(bound.value)}${bound.exclusive ? '<' : '='}`;
}

interface NumberBound {
  readonly value: number;
  readonly exclusive: boolean;
}

function bound(value: unknown, exclusive: boolean): NumberBound | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? { value, exclusive } : undefined;
}

function tighterBound(
  a: NumberBound | undefined,
  b: NumberBound | undefined,
  side: 'lower' | 'upper',
): NumberBound | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  if (a.value === b.value) return a.exclusive ? a : b;
  return (side === 'lower' ? a.value > b.value : a.value < b.value) ? a : b;
}
