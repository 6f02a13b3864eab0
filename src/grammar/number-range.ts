import {
  alternatives,
  chars,
  EMPTY,
  type GrammarNode,
  literal,
  NEVER,
  optional,
  repeat,
  sequence,
} from './grammar-node.js';
import { markStable } from './stable-nodes.js';

const DIGIT = chars([[0x30, 0x39]]);
const NONZERO = chars([[0x31, 0x39]]);
const FRACTION = optional(sequence(literal('.'), repeat(DIGIT, 1)));

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
  // Lengths whose every number is in range share one `[1-9] [0-9]{a,b}`: besides being smaller,
  // xgrammar 0.1.27 misreads `[0-9] | [1-9] [0-9] | [1-9] [0-9]{2}` before another symbol as
  // "any number of digits" (it accepts 1111 for 0..999).
  let fullFrom = 0;
  let fullTo = -1;
  const flush = () => {
    if (fullTo >= fullFrom) options.push(sequence(NONZERO, repeat(DIGIT, fullFrom - 1, fullTo - 1)));
    fullTo = -1;
  };
  for (let length = lowText.length; length <= lastLength; length++) {
    const first = length === 1 ? 0n : 10n ** BigInt(length - 1);
    const last = 10n ** BigInt(length) - 1n;
    const from = low > first ? low : first;
    const to = high !== undefined && high < last ? high : last;
    if (length > 1 && from === first && to === last) {
      if (fullTo < fullFrom) fullFrom = length;
      fullTo = length;
      continue;
    }
    flush();
    if (from <= to) options.push(sameLengthRange(from.toString(), to.toString()));
  }
  flush();
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

/**
 * A non-negative decimal: whole part and fraction digits (no trailing zeros), exactly as written, so
 * `1.1` is 1.1 and not the nearest binary double.
 */
export interface Decimal {
  readonly whole: bigint;
  readonly fraction: string;
}

/** One bound of a number range: a signed decimal value, inclusive or not. */
export interface DecimalBound {
  readonly negative: boolean;
  readonly magnitude: Decimal;
  readonly inclusive: boolean;
}

/** The exact decimal a JavaScript number is written as (shortest round-trip form, exponent expanded). */
export function decimalOf(value: number): { negative: boolean; magnitude: Decimal } {
  const text = String(Math.abs(value));
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) return { negative: false, magnitude: { whole: 0n, fraction: '' } };
  let digits = `${match[1]}${match[2] ?? ''}`;
  let point = (match[1] as string).length + Number(match[3] ?? 0);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const whole = BigInt(digits.slice(0, point) || '0');
  const fraction = digits.slice(point).replace(/0+$/, '');
  return { negative: value < 0 && (whole > 0n || fraction !== ''), magnitude: { whole, fraction } };
}

/** A fraction bound while reading fraction digits: `undefined` = already satisfied. */
interface FractionLimit {
  readonly rest: string;
  readonly inclusive: boolean;
}

const ANY_DIGITS = repeat(DIGIT, 0);

/**
 * Fraction digit strings `f` (non-empty unless `allowEmpty`; the value is 0.f) with
 * `low` <= 0.f <= `high` (each limit: digits left of the bound's fraction, inclusive or not;
 * `undefined` = no limit). Reads digit by digit as a small automaton; each step narrows or frees a
 * limit, so the tree is as deep as the longer bound.
 */
function fractionDigits(
  lowLimit: FractionLimit | undefined,
  high: FractionLimit | undefined,
  allowEmpty: boolean,
): GrammarNode {
  const low = satisfied(lowLimit) ? undefined : lowLimit;
  // Ending here (the remaining digits are zeros) satisfies a limit when it is not past it.
  const endLow = low === undefined || (low.rest === '' && low.inclusive);
  const endHigh = high === undefined || high.rest !== '' || high.inclusive;
  const empty = allowEmpty && endLow && endHigh ? EMPTY : NEVER;
  if (low === undefined && high === undefined) return alternatives(empty, repeat(DIGIT, 1));
  if (high === undefined && low?.rest === '') {
    // Only "some non-zero digit still to come" is left.
    return alternatives(empty, sequence(ANY_DIGITS, NONZERO, ANY_DIGITS));
  }
  if (low === undefined && high?.rest === '') {
    return high.inclusive ? alternatives(empty, repeat(literal('0'), 1)) : NEVER;
  }
  if (low?.rest === '' && high?.rest === '') return NEVER;
  const steps = new Map<
    string,
    { digits: number[]; low: FractionLimit | undefined; high: FractionLimit | undefined }
  >();
  for (let digit = 0; digit <= 9; digit++) {
    const nextLow = stepLow(low, digit);
    const nextHigh = stepHigh(high, digit);
    if (nextLow === null || nextHigh === null) continue;
    const key = JSON.stringify([nextLow, nextHigh]);
    const step = steps.get(key);
    if (step) step.digits.push(digit);
    else steps.set(key, { digits: [digit], low: nextLow, high: nextHigh });
  }
  const options: GrammarNode[] = [empty];
  for (const step of steps.values()) {
    const first = chars(step.digits.map((d) => [0x30 + d, 0x30 + d] as const));
    options.push(sequence(first, fractionDigits(step.low, step.high, true)));
  }
  return alternatives(...options);
}

/** A lower limit met by what is read so far (nothing left of an inclusive bound). */
function satisfied(low: FractionLimit | undefined): boolean {
  return low !== undefined && low.rest === '' && low.inclusive;
}

/** The lower limit after one more digit: `undefined` = satisfied, `null` = broken. */
function stepLow(limit: FractionLimit | undefined, digit: number): FractionLimit | undefined | null {
  if (limit === undefined) return undefined;
  if (limit.rest === '') return digit > 0 ? undefined : limit;
  const bound = Number(limit.rest[0]);
  if (digit > bound) return undefined;
  return digit === bound ? { rest: limit.rest.slice(1), inclusive: limit.inclusive } : null;
}

function stepHigh(limit: FractionLimit | undefined, digit: number): FractionLimit | undefined | null {
  if (limit === undefined) return undefined;
  if (limit.rest === '') return digit === 0 && limit.inclusive ? limit : null;
  const bound = Number(limit.rest[0]);
  if (digit < bound) return undefined;
  return digit === bound ? { rest: limit.rest.slice(1), inclusive: limit.inclusive } : null;
}

/** The optional `.digits` part of a number whose fraction lies within the limits. */
function fractionPart(lowLimit: FractionLimit | undefined, high: FractionLimit | undefined): GrammarNode {
  const low = satisfied(lowLimit) ? undefined : lowLimit;
  const endLow = low === undefined || (low.rest === '' && low.inclusive);
  const endHigh = high === undefined || high.rest !== '' || high.inclusive;
  return alternatives(
    endLow && endHigh ? EMPTY : NEVER,
    sequence(literal('.'), fractionDigits(low, high, false)),
  );
}

interface MagnitudeBound {
  readonly value: Decimal;
  readonly inclusive: boolean;
}

/**
 * Non-negative decimals `I` or `I.F` (no exponent) between two bounds (`high` `undefined` =
 * unbounded): whole parts strictly between the bounds take any fraction; at a bound's whole part the
 * fraction is limited by that bound's fraction.
 */
function decimalMagnitude(low: MagnitudeBound, high: MagnitudeBound | undefined): GrammarNode {
  const lowLimit = { rest: low.value.fraction, inclusive: low.inclusive };
  if (high !== undefined) {
    if (high.value.whole < low.value.whole) return NEVER;
    const highLimit = { rest: high.value.fraction, inclusive: high.inclusive };
    if (high.value.whole === low.value.whole) {
      return sequence(literal(low.value.whole.toString()), fractionPart(lowLimit, highLimit));
    }
    return alternatives(
      sequence(literal(low.value.whole.toString()), fractionPart(lowLimit, undefined)),
      sequence(naturalRange(low.value.whole + 1n, high.value.whole - 1n), FRACTION),
      sequence(literal(high.value.whole.toString()), fractionPart(undefined, highLimit)),
    );
  }
  return alternatives(
    sequence(literal(low.value.whole.toString()), fractionPart(lowLimit, undefined)),
    sequence(naturalRange(low.value.whole + 1n, undefined), FRACTION),
  );
}

const ZERO: Decimal = { whole: 0n, fraction: '' };

function isZero(value: Decimal): boolean {
  return value.whole === 0n && value.fraction === '';
}

/**
 * JSON number text without exponent (a bounded value can always be written so) between two
 * decimal bounds, each inclusive or exclusive (`undefined` = unbounded). Exact in value; never a
 * negative zero (`-0`, `-0.0`).
 */
export function decimalRange(low: DecimalBound | undefined, high: DecimalBound | undefined): GrammarNode {
  const options: GrammarNode[] = [];
  const highPositive = high === undefined || !high.negative;
  if (highPositive && !(high !== undefined && isZero(high.magnitude) && !high.inclusive)) {
    const from: MagnitudeBound =
      low !== undefined && !low.negative && !isZero(low.magnitude)
        ? { value: low.magnitude, inclusive: low.inclusive }
        : { value: ZERO, inclusive: low === undefined || low.negative || low.inclusive };
    options.push(
      decimalMagnitude(
        from,
        high === undefined ? undefined : { value: high.magnitude, inclusive: high.inclusive },
      ),
    );
  }
  if (low === undefined || (low.negative && !isZero(low.magnitude))) {
    // Negative values: the magnitude runs from |high| (or just above zero) up to |low|.
    const from: MagnitudeBound = high?.negative
      ? { value: high.magnitude, inclusive: high.inclusive }
      : { value: ZERO, inclusive: false };
    const to = low === undefined ? undefined : { value: low.magnitude, inclusive: low.inclusive };
    options.push(sequence(literal('-'), decimalMagnitude(from, to)));
  }
  return alternatives(...options);
}

/** Any JSON integer text (never `-0`). */
export const ANY_INTEGER: GrammarNode = markStable(
  alternatives(literal('0'), sequence(optional(literal('-')), NONZERO, repeat(DIGIT, 0))),
);

/** Any JSON number text, fraction and exponent allowed (RFC 8259 §6). */
export const ANY_NUMBER: GrammarNode = markStable(
  sequence(
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
  ),
);
