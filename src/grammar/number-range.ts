import {
  alternatives,
  chars,
  type GrammarNode,
  literal,
  NEVER,
  optional,
  repeat,
  sequence,
} from './grammar-node.js';

const DIGIT = chars([[0x30, 0x39]]);
const NONZERO = chars([[0x31, 0x39]]);

function digitRange(from: number, to: number): GrammarNode {
  return from === to ? literal(String(from)) : chars([[0x30 + from, 0x30 + to]]);
}

/**
 * The decimal spellings (no sign, no leading zero) of the whole numbers from `low` to `high`
 * (`high` `undefined` = no upper bound), exactly: one alternative per digit count, each split on the
 * first digit where the bounds differ (the same idea as llama.cpp's `_generate_min_max_int`,
 * `common/json-schema-to-grammar.cpp`; written anew). Size grows with the square of the digit count.
 */
export function naturalRange(low: bigint, high: bigint | undefined): GrammarNode {
  if (low < 0n) low = 0n;
  if (high !== undefined && high < low) return NEVER;
  const lowText = low.toString();
  const lastLength = high === undefined ? lowText.length : high.toString().length;
  const options: GrammarNode[] = [];
  for (let length = lowText.length; length <= lastLength; length++) {
    const first = length === 1 ? 0n : 10n ** BigInt(length - 1);
    const last = 10n ** BigInt(length) - 1n;
    const from = low > first ? low : first;
    const to = high !== undefined && high < last ? high : last;
    if (from <= to) options.push(sameLengthRange(from.toString(), to.toString()));
  }
  // Every number longer than the lower bound is above it.
  if (high === undefined) options.push(sequence(NONZERO, repeat(DIGIT, lowText.length)));
  return alternatives(...options);
}

/** Digit strings of one length from `from` to `to` (`from` <= `to`, same length). */
function sameLengthRange(from: string, to: string): GrammarNode {
  if (from === to) return literal(from);
  let common = 0;
  while (from[common] === to[common]) common++;
  const prefix = literal(from.slice(0, common));
  const low = Number(from[common]);
  const high = Number(to[common]);
  const restFrom = from.slice(common + 1);
  const restTo = to.slice(common + 1);
  const width = restFrom.length;
  const fromIsFloor = /^0*$/.test(restFrom);
  const toIsCeiling = /^9*$/.test(restTo);
  const options: GrammarNode[] = [];
  if (!fromIsFloor)
    options.push(sequence(literal(String(low)), sameLengthRange(restFrom, '9'.repeat(width))));
  const middleLow = fromIsFloor ? low : low + 1;
  const middleHigh = toIsCeiling ? high : high - 1;
  if (middleLow <= middleHigh)
    options.push(sequence(digitRange(middleLow, middleHigh), repeat(DIGIT, width, width)));
  if (!toIsCeiling) options.push(sequence(literal(String(high)), sameLengthRange('0'.repeat(width), restTo)));
  return sequence(prefix, alternatives(...options));
}

/**
 * JSON integer text (`0`, `-12`; never `-0`, a leading zero or an exponent) of the whole numbers from
 * `low` to `high`, inclusive (`undefined` = unbounded on that side). Exact for any size (bigint).
 */
export function integerRange(low: bigint | undefined, high: bigint | undefined): GrammarNode {
  if (low !== undefined && high !== undefined && high < low) return NEVER;
  const options: GrammarNode[] = [];
  // Negative values: magnitudes from max(1, -high) to -low.
  if (low === undefined || low < 0n) {
    const smallest = high !== undefined && high < 0n ? -high : 1n;
    const largest = low === undefined ? undefined : -low;
    options.push(sequence(literal('-'), naturalRange(smallest, largest)));
  }
  if (high === undefined || high >= 0n) {
    options.push(naturalRange(low !== undefined && low > 0n ? low : 0n, high));
  }
  return alternatives(...options);
}

/** One bound of a number range: an integer value, inclusive or not. */
export interface IntegerBound {
  readonly value: bigint;
  readonly inclusive: boolean;
}

const FRACTION = optional(sequence(literal('.'), repeat(DIGIT, 1)));
const ZERO_FRACTION = optional(sequence(literal('.'), repeat(literal('0'), 1)));
const NONZERO_FRACTION = sequence(literal('.'), repeat(DIGIT, 0), NONZERO, repeat(DIGIT, 0));

/**
 * Non-negative decimals `I` or `I.F` (no exponent) whose value lies between two whole-number bounds
 * (`high` `undefined` = unbounded): the integer part decides, except at a bound itself, where the
 * fraction must be zero (an inclusive upper bound) or non-zero (an exclusive lower bound).
 */
function decimalMagnitude(low: IntegerBound, high: IntegerBound | undefined): GrammarNode {
  if (high !== undefined) {
    if (high.value < low.value) return NEVER;
    if (high.value === low.value) {
      return low.inclusive && high.inclusive
        ? sequence(naturalRange(low.value, low.value), ZERO_FRACTION)
        : NEVER;
    }
  }
  const between = naturalRange(low.value + 1n, high === undefined ? undefined : high.value - 1n);
  return alternatives(
    sequence(naturalRange(low.value, low.value), low.inclusive ? FRACTION : NONZERO_FRACTION),
    sequence(between, FRACTION),
    high?.inclusive ? sequence(naturalRange(high.value, high.value), ZERO_FRACTION) : NEVER,
  );
}

/**
 * JSON number text without exponent (a bounded value can always be written so) between two
 * whole-number bounds, each inclusive or exclusive (`undefined` = unbounded). Exact in value; never
 * `-0` (nor `-0.0`).
 */
export function decimalRange(low: IntegerBound | undefined, high: IntegerBound | undefined): GrammarNode {
  const options: GrammarNode[] = [];
  if (high === undefined || high.value > 0n || (high.value === 0n && high.inclusive)) {
    const from = low !== undefined && low.value >= 0n ? low : { value: 0n, inclusive: true };
    options.push(decimalMagnitude(from, high));
  }
  if (low === undefined || low.value < 0n) {
    // Negative values: the magnitude runs from -high (or just above zero) up to -low.
    const from =
      high !== undefined && high.value < 0n ? { value: -high.value, inclusive: high.inclusive } : undefined;
    const to = low === undefined ? undefined : { value: -low.value, inclusive: low.inclusive };
    options.push(sequence(literal('-'), decimalMagnitude(from ?? { value: 0n, inclusive: false }, to)));
  }
  return alternatives(...options);
}

/** Any JSON integer text (never `-0`). */
export const ANY_INTEGER: GrammarNode = integerRange(undefined, undefined);

/** Any JSON number text, fraction and exponent allowed (RFC 8259 §6). */
export const ANY_NUMBER: GrammarNode = sequence(
  optional(literal('-')),
  alternatives(literal('0'), sequence(NONZERO, repeat(DIGIT, 0))),
  FRACTION,
  optional(
    sequence(
      chars([
        [0x45, 0x45],
        [0x65, 0x65],
      ]),
      optional(
        chars([
          [0x2b, 0x2b],
          [0x2d, 0x2d],
        ]),
      ),
      repeat(DIGIT, 1),
    ),
  ),
);
