// The grammar of a JSON string of a schema: its `pattern`, else its `format`, else its lengths.

import type { SchemaObject } from '../../schema/schema-root.js';
import type { GrammarBuilder } from '../grammar-builder.js';
import { type GrammarNode, literal, repeat, sequence } from '../grammar-node.js';
import { encodeAsJsonText, JSON_STRING_CHAR } from '../json-string-text.js';
import { patternGrammar } from '../pattern-grammar.js';
import { stableNode } from '../stable-nodes.js';
import { formatGrammar } from '../string-formats.js';
import { countBound } from './count-bound.js';
import { type WarnUnexpressed, where } from './grammar-warnings.js';

// One `string` rule per builder, looked up once: a schema with 10,000 string properties asks 10,000 times.
const plainStrings = new WeakMap<GrammarBuilder, GrammarNode>();

/** Any JSON string (the shared `string` rule of `builder`). */
export function plainStringGrammar(builder: GrammarBuilder): GrammarNode {
  let rule = plainStrings.get(builder);
  if (rule === undefined) {
    const char = builder.rule('char', JSON_STRING_CHAR);
    const name = char.kind === 'ref' ? char.name : '-';
    rule = builder.rule(
      'string',
      stableNode(`string ${name}`, () => sequence(literal('"'), repeat(char, 0), literal('"'))),
    );
    plainStrings.set(builder, rule);
  }
  return rule;
}

/**
 * One JSON string (with its quotes) of `schema`: only one constraint applies, `pattern` (see
 * `patternGrammar`), else `format` (see `formatGrammar`), else `minLength` / `maxLength` (code
 * points); the others, and a pattern or format the grammar cannot express, are warned. `hint` names
 * the pattern rule; `path` locates warnings.
 */
export function stringGrammar(
  schema: SchemaObject,
  hint: string,
  path: string,
  builder: GrammarBuilder,
  warn: WarnUnexpressed,
): GrammarNode {
  const { minLength, maxLength, pattern, format } = schema;
  const lengths = typeof minLength === 'number' || typeof maxLength === 'number';
  let content: GrammarNode | undefined;
  let applied: string | undefined;
  if (typeof pattern === 'string') {
    const result = patternGrammar(pattern);
    if (result.ok) {
      content = builder.rule(`${hint}-pattern`, encodeAsJsonText(result.node));
      applied = 'pattern';
    } else warn('pattern', `${where(path)}: /${quoted(pattern)}/: ${result.reason}; not applied`);
  }
  if (typeof format === 'string') {
    const grammar = formatGrammar(format);
    if (grammar === undefined) warn('format', `${where(path)}: format "${format}" is not constrained`);
    else if (applied !== undefined)
      warn('format', `${where(path)}: format "${format}" not applied beside ${applied}`);
    else {
      content = builder.rule(`format-${format}`, grammar);
      applied = `format "${format}"`;
    }
  }
  if (content === undefined) {
    if (!lengths) return plainStringGrammar(builder);
    const char = builder.rule('char', JSON_STRING_CHAR);
    const low = Math.max(0, countBound(minLength, 'minLength', path, Math.ceil, warn) ?? 0);
    const high = countBound(maxLength, 'maxLength', path, Math.floor, warn);
    content = repeat(char, low, high);
  } else if (lengths) {
    warn('minLength', `${where(path)}: minLength / maxLength not applied beside ${applied}`);
  }
  return sequence(literal('"'), content, literal('"'));
}

/** Patterns quoted in a warning: whole up to 200 code units, else their first 200 and the length. */
function quoted(pattern: string): string {
  return pattern.length <= 200 ? pattern : `${pattern.slice(0, 200)}... (${pattern.length} code units)`;
}
