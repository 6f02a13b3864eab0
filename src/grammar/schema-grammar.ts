import { ToolwireError } from '../errors/toolwire-error.js';
import type { SchemaRoot } from '../schema/schema-root.js';
import type { JSONSchema } from '../types/json-schema.js';
import type { Warning } from '../types/warning.js';
import { sequence } from './grammar-node.js';
import { type JsonGrammarOptions, JsonSchemaGrammar } from './json-schema-grammar.js';
import { type GrammarDialect, printGrammar } from './print-grammar.js';

/** Options of `schemaGrammar`. */
export interface SchemaGrammarOptions extends JsonGrammarOptions {
  /** `gbnf` (llama.cpp, default) or `ebnf` (xgrammar). */
  readonly dialect?: GrammarDialect;
  /** Throw `ToolwireError` `unsupported` instead of returning warnings. */
  readonly strict?: boolean;
}

/** A printed grammar and what it could not express. */
export interface SchemaGrammarResult {
  /** The grammar text; its `root` rule is one JSON value of the schema (then optional whitespace). */
  readonly grammar: string;
  /** Every keyword or feature not expressed (`{ type: 'unsupported', feature, details }`). */
  readonly warnings: Warning[];
}

/**
 * A grammar for one JSON value of `schema`, in `dialect` (see `JsonSchemaGrammar` for what each
 * keyword becomes and `printGrammar` for the dialect rules). With `whitespace: 'flexible'` (default)
 * the value may be followed by whitespace, as llama.cpp's own schema grammars allow.
 *
 * @throws ToolwireError `unsupported` with `strict: true` when anything is in `warnings`; the
 *   message lists them.
 */
export function schemaGrammar(
  schema: JSONSchema | SchemaRoot,
  options: SchemaGrammarOptions = {},
): SchemaGrammarResult {
  const json = new JsonSchemaGrammar(schema, options);
  const value = json.value(json.root.schema);
  const grammar = json.builder.build(sequence(value, json.ws));
  const warnings = json.warnings();
  if (options.strict === true && warnings.length > 0) {
    const list = warnings.map((w) => (w.type === 'other' ? w.message : `${w.feature} (${w.details ?? ''})`));
    throw new ToolwireError('unsupported', `schema grammar cannot express: ${list.join('; ')}`);
  }
  return { grammar: printGrammar(grammar, options.dialect ?? 'gbnf'), warnings };
}
