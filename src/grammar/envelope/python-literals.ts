// JSON's `true` / `false` / `null` in a grammar also spelled as Python writes them (for Python call syntax).

import type { Grammar } from '../grammar-builder.js';
import {
  alternatives,
  alternativesOf,
  type GrammarNode,
  literal,
  repeat,
  sequenceOf,
} from '../grammar-node.js';

const PYTHON: Record<string, string> = { true: 'True', false: 'False', null: 'None' };

/**
 * The grammar with JSON's `true` / `false` / `null` also spelled as Python writes them (`True`,
 * `False`, `None`), for Python call syntax; both spellings read back the same (`pythonic-calls.ts`).
 */
export function withPythonLiterals(grammar: Grammar): Grammar {
  const visit = (node: GrammarNode): GrammarNode => {
    switch (node.kind) {
      case 'literal': {
        const python = PYTHON[node.text];
        return python === undefined ? node : alternatives(node, literal(python));
      }
      case 'sequence':
        return sequenceOf(node.items.map(visit));
      case 'alternatives':
        return alternativesOf(node.options.map(visit));
      case 'repeat':
        return repeat(visit(node.item), node.min, node.max);
      default:
        return node;
    }
  };
  const rules = new Map<string, GrammarNode>();
  for (const [name, body] of grammar.rules) rules.set(name, visit(body));
  return { root: grammar.root, rules };
}
