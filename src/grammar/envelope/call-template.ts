// A call template of a format's envelope (`{name}`, `{key}`, `{type}`, `{index}` slots) as a grammar node.

import { chars, type GrammarNode, literal, repeat, sequence } from '../grammar-node.js';
import { templatePieces } from './envelope-spec.js';

/** A call template with its name filled and `{index}` as digits. */
export function callTemplate(text: string, name: string, key?: string, type?: GrammarNode): GrammarNode {
  return sequence(
    ...templatePieces(text).map((piece) => {
      if ('text' in piece) return literal(piece.text);
      if (piece.slot === 'name') return literal(name);
      if (piece.slot === 'key') return literal(key ?? '');
      if (piece.slot === 'type') return type ?? literal('');
      return repeat(chars([[0x30, 0x39]]), 1, 9);
    }),
  );
}
