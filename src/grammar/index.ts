/**
 * `toolwire/grammar`: constrained-decoding grammars built from the same schema interpretation as
 * alignment (`SchemaRoot`), as one internal tree (`GrammarNode`, `GrammarBuilder`) printed as
 * llama.cpp GBNF or xgrammar EBNF (`printGrammar`).
 */

// The data-model types its API names, so its users import them from it; from their own modules, not the
// types index: `Message` names `URL`, and this entry compiles with no global types.
export type * from '../types/json-schema.js';
export type * from '../types/warning.js';
export { type Grammar, GrammarBuilder, ruleName } from './grammar-builder.js';
export {
  alternatives,
  type CodePointRange,
  charRanges,
  chars,
  complementRanges,
  EMPTY,
  type GrammarNode,
  intersectRanges,
  isEmpty,
  isNever,
  literal,
  MAX_CODE_POINT,
  NEVER,
  nodeKey,
  optional,
  ref,
  repeat,
  sequence,
  subtractRanges,
} from './grammar-node.js';
export { MAX_COUNT_BOUND } from './json-schema/count-bound.js';
export { stringExcluding } from './json-schema/string-excluding.js';
export {
  type JsonGrammarOptions,
  JsonSchemaGrammar,
  type JsonWhitespace,
  MAX_GRAMMAR_DEPTH,
  MAX_GRAMMAR_RULES,
} from './json-schema-grammar.js';
export {
  ESCAPED_RANGES,
  encodeAsJsonText,
  JSON_ESCAPE,
  JSON_STRING_CHAR,
  jsonCharFrom,
  jsonStringText,
} from './json-string-text.js';
export {
  type Decimal,
  type DecimalBound,
  decimalOf,
  decimalRange,
  integerRange,
  naturalRange,
} from './number-range.js';
export { type PatternGrammar, patternGrammar } from './pattern-grammar.js';
export {
  charClass,
  type GrammarDialect,
  MAX_PRINTED_REPETITION,
  printGrammar,
  quote,
} from './print-grammar.js';
export { type SchemaGrammarOptions, type SchemaGrammarResult, schemaGrammar } from './schema-grammar.js';
export { formatGrammar } from './string-formats.js';
