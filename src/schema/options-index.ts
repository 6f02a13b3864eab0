// A node's options list indexed once for the union and exact checks: its string literals (enum
// entries) apart from the other options.
import type { SchemaObject, SchemaOption } from './schema-root.js';

/** An option that is one string value (an enum entry or a string `const`). */
export type StringLiteral = { kind: 'literal'; value: string; schema: SchemaObject };

export function isStringLiteral(option: SchemaOption): option is StringLiteral {
  return option.kind === 'literal' && typeof option.value === 'string';
}

const literalCache = new WeakMap<object, readonly StringLiteral[]>();

/** The string literal options of an options list (cached per list). */
export function stringLiterals(options: readonly SchemaOption[]): readonly StringLiteral[] {
  let list = literalCache.get(options);
  if (!list) {
    list = options.filter(isStringLiteral);
    literalCache.set(options, list);
  }
  return list;
}

/**
 * An options list split for lookups that must not cost a pass over a large enum per value (issue 15:
 * 2,000 items against a 100,000-value enum took 98 s): `strings`, the string literal values (a string
 * is exactly one of them by a set lookup); `others`, the options that are not string literals;
 * `tried`, the options in order with the string literals folded into the first one (`union` matches
 * them together); `expected`, the union's description for issues (filled in by `alignUnion`).
 */
export interface OptionsIndex {
  readonly strings: ReadonlySet<string>;
  readonly others: readonly SchemaOption[];
  readonly tried: readonly SchemaOption[];
  expected: string | undefined;
}

const optionsIndexCache = new WeakMap<object, OptionsIndex>();

/** The `OptionsIndex` of an options list, cached per list. */
export function optionsIndex(options: readonly SchemaOption[]): OptionsIndex {
  let index = optionsIndexCache.get(options);
  if (!index) {
    const strings = new Set<string>();
    const others: SchemaOption[] = [];
    const tried: SchemaOption[] = [];
    for (const option of options) {
      if (isStringLiteral(option)) {
        if (strings.size === 0) tried.push(option);
        strings.add(option.value);
      } else {
        others.push(option);
        tried.push(option);
      }
    }
    index = { strings, others, tried, expected: undefined };
    optionsIndexCache.set(options, index);
  }
  return index;
}

const singleCache = new WeakMap<object, readonly StringLiteral[]>();

/** A string literal option as a one-entry enum, the same list each time (its enum index is cached by list). */
export function singleLiteral(option: StringLiteral): readonly StringLiteral[] {
  let list = singleCache.get(option);
  if (!list) {
    list = [option];
    singleCache.set(option, list);
  }
  return list;
}
