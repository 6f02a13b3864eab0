import { ToolwireError } from '../errors/toolwire-error.js';
import { SchemaRoot } from '../schema/schema-root.js';
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
 *   message lists them. `invalid_argument` when `schema` is not an object, a boolean or a
 *   `SchemaRoot` (an array, a string, `null`), or an option is not one of its values.
 */
export function schemaGrammar(
  schema: JSONSchema | SchemaRoot,
  options: SchemaGrammarOptions = {},
): SchemaGrammarResult {
  checkArguments(schema, options);
  const json = new JsonSchemaGrammar(schema, options);
  const value = json.value(json.root.schema);
  // The schema's rule is written into `root` when `root` is its only use (`root ::= "{" ... "}" ws`
  // rather than `root ::= schema ws` and a `schema` rule): the same language in fewer bytes. It refers
  // to itself only through a schema met again (`$ref`, recursion), which `referenced` lists; other
  // rules referring to it keep it (`takeUnreferenced`).
  const inlined =
    value.kind === 'ref' && !json.referenced.has(value.name)
      ? json.builder.takeUnreferenced(value.name)
      : undefined;
  const grammar = json.builder.build(sequence(inlined ?? value, json.ws));
  const warnings = json.warnings();
  if (options.strict === true && warnings.length > 0) {
    const list = warnings.map((w) => (w.type === 'other' ? w.message : `${w.feature} (${w.details ?? ''})`));
    throw new ToolwireError('unsupported', `schema grammar cannot express: ${list.join('; ')}`);
  }
  return { grammar: printGrammar(grammar, options.dialect ?? 'gbnf'), warnings };
}

const CHOICES = {
  dialect: ['gbnf', 'ebnf'],
  whitespace: ['flexible', 'compact'],
  propertyOrder: ['schema', 'any'],
} as const;
const CHOICE_LIST = Object.entries(CHOICES);

/** Misuse that would otherwise print a grammar for some other schema or dialect than asked for. */
function checkArguments(schema: unknown, options: unknown): void {
  const isSchema =
    typeof schema === 'boolean' ||
    schema instanceof SchemaRoot ||
    (typeof schema === 'object' && schema !== null && !Array.isArray(schema));
  if (!isSchema)
    throw new ToolwireError(
      'invalid_argument',
      `schemaGrammar: a JSON Schema is an object or a boolean, got ${Array.isArray(schema) ? 'an array' : schema === null ? 'null' : typeof schema}`,
    );
  if (typeof options !== 'object' || options === null)
    throw new ToolwireError('invalid_argument', 'schemaGrammar: options must be an object');
  for (const [key, allowed] of CHOICE_LIST) {
    const value = (options as Record<string, unknown>)[key];
    if (value !== undefined && !(allowed as readonly unknown[]).includes(value))
      throw new ToolwireError(
        'invalid_argument',
        `schemaGrammar: ${key} must be ${allowed.join(' or ')}, got ${JSON.stringify(value)}`,
      );
  }
}
