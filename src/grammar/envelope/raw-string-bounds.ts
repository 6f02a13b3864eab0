// The grammar of a constrained string written raw (XML-style parameters): its pattern, format or lengths.

import type { SchemaObject } from '../../schema/schema-root.js';
import {
  type CodePointRange,
  chars,
  complementRanges,
  type GrammarNode,
  intersectRanges,
  repeat,
} from '../grammar-node.js';
import { MAX_COUNT_BOUND } from '../json-schema/count-bound.js';
import { patternGrammar } from '../pattern-grammar.js';
import { formatGrammar } from '../string-formats.js';

/** A bounded raw string, and which of the schema's constraints it applies. */
export interface RawStringBounds {
  readonly node: GrammarNode;
  readonly applied: 'pattern' | 'format' | 'length';
}

/**
 * A raw string value that keeps the schema's `pattern`, else its `format`, else its `minLength` /
 * `maxLength` (code points), so the value ends: a weak model sampling free raw text may never write
 * the closing marker. A value is raw text up to the closing marker, so the grammar must not let it
 * write a terminator: a pattern or format is used only when no text it allows holds the first
 * character of any terminator; lengths are applied over every character but those first characters
 * (a value with a length bound cannot hold `<` when the closing marker starts with `<`: narrower than
 * the schema, never wider). `undefined` when the schema has none of these that can be applied.
 */
export function rawStringBounds(
  schema: SchemaObject,
  terminators: readonly string[],
): RawStringBounds | undefined {
  const firsts: CodePointRange[] = [];
  for (const word of terminators) {
    const code = word.codePointAt(0);
    if (code !== undefined) firsts.push([code, code]);
  }
  const { pattern, format, minLength, maxLength } = schema;
  if (typeof pattern === 'string') {
    const result = patternGrammar(pattern);
    if (result.ok && avoids(result.node, firsts)) return { node: result.node, applied: 'pattern' };
  }
  if (typeof format === 'string') {
    const node = formatGrammar(format);
    if (node !== undefined && avoids(node, firsts)) return { node, applied: 'format' };
  }
  const low = bound(minLength, Math.ceil) ?? 0;
  const high = bound(maxLength, Math.floor);
  if (high === undefined && low === 0) return undefined;
  return { node: repeat(chars(complementRanges(firsts)), Math.max(0, low), high), applied: 'length' };
}

function bound(value: unknown, round: (value: number) => number): number | undefined {
  return typeof value === 'number' && Math.abs(value) <= MAX_COUNT_BOUND ? round(value) : undefined;
}

/**
 * Whether no text of `node` holds a code point of `ranges`. A rule reference cannot be followed
 * here, so a node holding one is taken to hold anything.
 */
function avoids(node: GrammarNode, ranges: readonly CodePointRange[]): boolean {
  const pending: GrammarNode[] = [node];
  // Iterative: a pattern nests as deep as `MAX_PATTERN_DEPTH`, and a walk should not recurse on it.
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    switch (next.kind) {
      case 'literal':
        for (const char of next.text) {
          const code = char.codePointAt(0) as number;
          if (ranges.some(([from, to]) => code >= from && code <= to)) return false;
        }
        break;
      case 'chars':
        if (intersectRanges(next.ranges, ranges).length > 0) return false;
        break;
      case 'sequence':
        pending.push(...next.items);
        break;
      case 'alternatives':
        pending.push(...next.options);
        break;
      case 'repeat':
        pending.push(next.item);
        break;
      case 'ref':
        return false;
    }
  }
  return true;
}
