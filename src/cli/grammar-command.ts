import { ToolwireError } from '../errors/toolwire-error.js';
import { schemaGrammar } from '../grammar/schema-grammar.js';
import type { JSONSchema } from '../types/json-schema.js';
import { readJsonFile } from './read-input.js';
import { UsageError } from './usage-error.js';

/** Options of `toolwire grammar` after argument parsing. */
export interface GrammarCommandOptions {
  readonly schema: string;
  readonly dialect: 'gbnf' | 'ebnf';
  readonly whitespace: 'compact' | 'flexible';
  readonly anyOrder: boolean;
  readonly strict: boolean;
}

/**
 * `toolwire grammar --schema FILE [--dialect gbnf|ebnf] [--whitespace flexible|compact] [--any-order]
 * [--strict]`: prints the grammar of one JSON value of the schema (see `schemaGrammar`). Each warning
 * goes to stderr as one `toolwire: warning: ...` line. Resolves to the exit code: 0 printed, 1 with
 * `--strict` when something cannot be expressed (one line on stderr, nothing printed).
 * @throws UsageError (exit 2) when the file is unreadable, not JSON or not a schema.
 */
export function runGrammarCommand(
  options: GrammarCommandOptions,
  io: { stdout: (text: string) => void; stderr: (text: string) => void },
): number {
  const schema = readJsonFile(options.schema, '--schema');
  if (
    typeof schema !== 'boolean' &&
    (typeof schema !== 'object' || schema === null || Array.isArray(schema))
  ) {
    throw new UsageError(`--schema ${options.schema}: a JSON Schema is an object or a boolean`);
  }
  try {
    const result = schemaGrammar(schema as JSONSchema, {
      dialect: options.dialect,
      whitespace: options.whitespace,
      propertyOrder: options.anyOrder ? 'any' : 'schema',
      strict: options.strict,
    });
    for (const warning of result.warnings) {
      const text =
        warning.type === 'other' ? warning.message : `${warning.feature}: ${warning.details ?? ''}`;
      io.stderr(`toolwire: warning: ${text}\n`);
    }
    io.stdout(result.grammar);
    return 0;
  } catch (error) {
    if (ToolwireError.isInstance(error) && error.code === 'unsupported') {
      io.stderr(`toolwire: ${error.message.replace(/\n/g, ' ')}\n`);
      return 1;
    }
    throw error;
  }
}
