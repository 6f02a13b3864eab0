import {
  alternatives,
  alternativesOf,
  type CodePointRange,
  chars,
  complementRanges,
  type GrammarNode,
  intersectRanges,
  literal,
  repeat,
  sequence,
  sequenceOf,
  subtractRanges,
} from './grammar-node.js';
import { markStable } from './stable-nodes.js';

/** Code points a JSON string must escape: controls, `"` and `\` (RFC 8259 §7). */
export const ESCAPED_RANGES: readonly CodePointRange[] = [
  [0x00, 0x1f],
  [0x22, 0x22],
  [0x5c, 0x5c],
];

const HEX = chars([
  [0x30, 0x39],
  [0x41, 0x46],
  [0x61, 0x66],
]);

/** Any escape sequence RFC 8259 allows: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\uXXXX`. */
export const JSON_ESCAPE: GrammarNode = markStable(
  sequence(
    literal('\\'),
    alternatives(
      chars([...'"\\/bfnrt'].map((c) => [c.charCodeAt(0), c.charCodeAt(0)] as const)),
      sequence(literal('u'), repeat(HEX, 4, 4)),
    ),
  ),
);

/** One character of a JSON string's text: an unescaped code point or an escape sequence. */
export const JSON_STRING_CHAR: GrammarNode = markStable(
  alternatives(chars(complementRanges(ESCAPED_RANGES)), JSON_ESCAPE),
);

/** The JSON text (inside the quotes) of `text`, escaped as `JSON.stringify` does. */
export function jsonStringText(text: string): GrammarNode {
  return literal(JSON.stringify(text).slice(1, -1));
}

/**
 * The JSON string text of one code point from `ranges` (decoded characters, as a regular expression
 * or a format names them): the code point itself where JSON allows it unescaped, its
 * `JSON.stringify` escape otherwise. When every escaped code point is in the set, any escape
 * sequence is allowed instead (an escape is then at worst another spelling of an allowed character,
 * or, for `\uXXXX`, of a character outside a narrow negated class).
 */
export function jsonCharFrom(ranges: readonly CodePointRange[]): GrammarNode {
  const raw = subtractRanges(ranges, ESCAPED_RANGES);
  const escaped = intersectRanges(ranges, ESCAPED_RANGES);
  const options: GrammarNode[] = [];
  if (raw.length > 0) options.push(chars(raw));
  const escapedCount = escaped.reduce((sum, [from, to]) => sum + to - from + 1, 0);
  if (escapedCount === 34) options.push(JSON_ESCAPE);
  else {
    for (const [from, to] of escaped) {
      for (let code = from; code <= to; code++) options.push(jsonStringText(String.fromCharCode(code)));
    }
  }
  return alternatives(...options);
}

/**
 * Re-spells a grammar over decoded characters (a regular expression's tree) as a grammar over the
 * JSON string text that encodes them: literals are escaped, character classes go through
 * `jsonCharFrom`. Rule references are left as they are.
 */
export function encodeAsJsonText(node: GrammarNode): GrammarNode {
  switch (node.kind) {
    case 'literal':
      return jsonStringText(node.text);
    case 'chars':
      return jsonCharFrom(node.ranges);
    case 'ref':
      return node;
    case 'sequence':
      return sequenceOf(node.items.map(encodeAsJsonText));
    case 'alternatives':
      return alternativesOf(node.options.map(encodeAsJsonText));
    case 'repeat':
      return repeat(encodeAsJsonText(node.item), node.min, node.max);
  }
}
