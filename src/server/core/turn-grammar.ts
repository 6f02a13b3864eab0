import { grammarFor } from '../../formats/index.js';
import { schemaGrammar } from '../../grammar/index.js';
import type { Warning } from '../../types/index.js';
import type { BackendCapabilities, BackendGrammar } from '../backends/backend.js';
import type { TurnRequest } from './turn-request.js';
import type { TurnRules } from './turn-rules.js';

/** The grammar a turn is sampled under, and what it could not express. */
export interface TurnGrammar {
  readonly grammar: BackendGrammar;
  readonly warnings: readonly string[];
}

/**
 * The grammar that enforces a turn's rules on a backend that samples under grammars, or `undefined`
 * when nothing needs constraining or the backend takes no grammar (the answer is then checked).
 *
 * - Calls required (`required`, a named tool), one call at most, or `strict` tools: the format's own
 *   envelope around each tool's argument grammar (`grammarFor`); under `auto` it is lazy, triggered at
 *   the format's start markers, where the backend takes lazy grammars, else it covers the whole turn
 *   with free text allowed before the calls. With calls required, `reasoningBudget` (the model's)
 *   bounds a reasoning block before them (see `grammarFor`).
 * - A `json_schema` / `json_object` response format with no calls possible: the schema's grammar.
 */
export function turnGrammar(
  request: TurnRequest,
  rules: TurnRules,
  format: string,
  capabilities: BackendCapabilities,
  reasoningBudget?: number,
): TurnGrammar | undefined {
  const dialect = capabilities.grammar;
  if (dialect === false || !rules.constrained) return undefined;
  if (!rules.noCalls) {
    const toolChoice = request.toolChoice.type === 'none' ? 'auto' : request.toolChoice;
    const lazy = toolChoice !== 'auto' && toolChoice.type === 'auto' && capabilities.lazyGrammar;
    const result = grammarFor({
      tools: request.tools,
      format,
      toolChoice,
      parallel: !rules.atMostOneCall,
      dialect,
      lazy,
      ...(reasoningBudget === undefined ? {} : { reasoningBudget }),
    });
    return {
      grammar: {
        gbnf: dialect === 'gbnf' ? result.grammar : '',
        ebnf: dialect === 'ebnf' ? result.grammar : '',
        lazy: lazy && result.triggers.length > 0,
        triggers: lazy ? result.triggers : [],
      },
      warnings: result.warnings.map(warningText),
    };
  }
  const format_ = request.responseFormat;
  if (format_.type === 'text') return undefined;
  const schema = format_.type === 'json_schema' ? format_.schema : { type: 'object' as const };
  const result = schemaGrammar(schema, { dialect });
  return {
    grammar: {
      gbnf: dialect === 'gbnf' ? result.grammar : '',
      ebnf: dialect === 'ebnf' ? result.grammar : '',
      lazy: false,
      triggers: [],
    },
    warnings: result.warnings.map(warningText),
  };
}

/** One line for a grammar warning. */
export function warningText(warning: Warning): string {
  if (warning.type === 'other') return warning.message;
  return warning.details === undefined
    ? `${warning.type}: ${warning.feature}`
    : `${warning.type}: ${warning.feature} (${warning.details})`;
}
