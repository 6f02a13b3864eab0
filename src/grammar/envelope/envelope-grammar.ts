// The grammar of one assistant turn in a format: its markers around each tool's argument grammar.

import { ToolwireError } from '../../errors/toolwire-error.js';
import type { ToolDefinition } from '../../types/tool.js';
import type { Warning } from '../../types/warning.js';
import { type Grammar, GrammarBuilder } from '../grammar-builder.js';
import {
  alternatives,
  chars,
  complementRanges,
  type GrammarNode,
  literal,
  optional,
  repeat,
  sequence,
} from '../grammar-node.js';
import { type JsonGrammarOptions, JsonSchemaGrammar } from '../json-schema-grammar.js';
import { argumentsGrammar } from './arguments-grammar.js';
import { callTemplate } from './call-template.js';
import { blockSharesTrigger, type EnvelopeSpec, envelopeTrigger, fillTemplate } from './envelope-spec.js';
import { withPythonLiterals } from './python-literals.js';
import { textWithout } from './text-without.js';

/** Which calls a grammar allows: `auto` (text, then optional calls), `required`, `none`, or one tool. */
export type EnvelopeChoice =
  | { readonly mode: 'auto' | 'required' | 'none' }
  | { readonly mode: 'tool'; readonly toolName: string };

/** Options of `envelopeGrammar`. */
export interface EnvelopeGrammarOptions extends JsonGrammarOptions {
  readonly choice: EnvelopeChoice;
  /** More than one call per turn (default false). */
  readonly parallel?: boolean;
  /**
   * llama.cpp's lazy form (`grammar_lazy`): the grammar starts at the trigger, text before it is left
   * to the model; only with `auto`, and only where the format has a trigger.
   */
  readonly lazy?: boolean;
  /**
   * With `required` or a named tool, in a format with a reasoning block: at most this many characters
   * of reasoning before the calls (`0`: no reasoning block), so a model that opens the block is made
   * to close it and call; default unbounded. A bounded block cannot hold the closing marker's first
   * two characters together (no `</` before `</think>`): narrower than free text, never wider.
   * Under `auto` the block stays unbounded (the model may answer in text anyway).
   */
  readonly reasoningBudget?: number;
}

/** A built envelope grammar. */
export interface EnvelopeGrammar {
  readonly grammar: Grammar;
  /** Trigger words that switch a lazy grammar on (empty unless `auto` with a trigger). */
  readonly triggers: string[];
  readonly warnings: Warning[];
}

/**
 * The grammar of one assistant turn in a format (`spec`) calling `tools`: an optional reasoning block,
 * then (with `auto`) free text that does not contain the trigger, then the calls in the format's
 * markers, each call one of the allowed tools with its arguments under that tool's schema, written in
 * the format's argument encoding (see `ArgumentEncoding`). Calls are joined by the format's separator;
 * with `parallel` off exactly one call.
 *
 * Mirrors llama.cpp's PEG grammars (`common/chat.cpp`: lazy under `auto`, trigger words beside the
 * grammar), xgrammar's structural tags and vLLM's `ArgumentSyntax` (raw string parameters that exclude
 * their closing tag; `../shared/docs/grammars.md` §4).
 *
 * @throws ToolwireError `invalid_argument` when a named tool is not in `tools`, when calls are
 *   required but `tools` is empty, when the format cannot write calls and calls are required, or for a
 *   `reasoningBudget` that is not an integer from 0 to 10,000.
 */
export function envelopeGrammar(
  spec: EnvelopeSpec,
  tools: readonly ToolDefinition[],
  options: EnvelopeGrammarOptions,
): EnvelopeGrammar {
  const builder = new GrammarBuilder();
  const warnings: Warning[] = [];
  const python = spec.arguments.kind === 'keyed' && spec.arguments.values === 'python';
  const finish = (root: GrammarNode): Grammar => {
    const grammar = builder.build(root);
    return python ? withPythonLiterals(grammar) : grammar;
  };
  const choice = options.choice;
  const trigger = envelopeTrigger(spec);
  const given = options.reasoningBudget;
  if (given !== undefined && (!Number.isInteger(given) || given < 0 || given > 10_000))
    throw new ToolwireError('invalid_argument', 'reasoningBudget must be an integer from 0 to 10000');
  const budget = choice.mode === 'auto' || choice.mode === 'none' ? undefined : given;
  const reasoning = (): GrammarNode =>
    spec.reasoning === undefined || budget === 0
      ? literal('')
      : optional(
          sequence(
            literal(spec.reasoning.open),
            budget === undefined
              ? textWithout(builder, [spec.reasoning.close], 'reasoning-text')
              : builder.rule('reasoning-bounded', boundedText(spec.reasoning.close, budget)),
            literal(spec.reasoning.close),
          ),
        );
  const freeText = (): GrammarNode =>
    textWithout(
      builder,
      [...(trigger === undefined ? [] : [trigger]), ...(spec.reasoning ? [spec.reasoning.open] : [])],
      'content',
    );

  if (choice.mode === 'none' || spec.noCalls === true) {
    if (choice.mode === 'required' || choice.mode === 'tool')
      throw new ToolwireError(
        'invalid_argument',
        'this format writes no tool calls: use toolChoice "auto" or "none"',
      );
    return { grammar: finish(sequence(reasoning(), freeText())), triggers: [], warnings };
  }

  const chosen = choice.mode === 'tool' ? tools.filter((tool) => tool.name === choice.toolName) : tools;
  if (choice.mode === 'tool' && chosen.length === 0)
    throw new ToolwireError(
      'invalid_argument',
      `toolChoice names "${choice.toolName}", which is not in tools`,
    );
  if (chosen.length === 0 && choice.mode === 'required')
    throw new ToolwireError('invalid_argument', 'toolChoice "required" needs at least one tool');

  const callOptions: GrammarNode[] = [];
  for (const tool of chosen) {
    const json = new JsonSchemaGrammar(tool.parameters, options, builder);
    const args = argumentsGrammar(spec.arguments, json, tool, builder, warnings);
    const body = sequence(
      callTemplate(spec.call.open, tool.name),
      args,
      callTemplate(spec.call.close, tool.name),
    );
    callOptions.push(builder.rule(`call-${tool.name}`, body));
    for (const warning of json.warnings()) warnings.push(prefixed(warning, tool.name));
  }
  const call = builder.rule('call', alternatives(...callOptions));
  const calls =
    options.parallel === true
      ? sequence(call, repeat(sequence(literal(spec.separator ?? ''), call), 0))
      : call;
  const block = builder.rule(
    'tool-calls',
    spec.section === undefined
      ? calls
      : sequence(literal(spec.section.open), calls, literal(spec.section.close)),
  );

  if (choice.mode !== 'auto') {
    return { grammar: finish(sequence(reasoning(), block)), triggers: [], warnings };
  }
  const shared = blockSharesTrigger(spec);
  const triggers =
    trigger === undefined
      ? []
      : shared && spec.section === undefined
        ? chosen.map(
            (tool) => fillTemplate(spec.call.open, { name: tool.name }).split('{index}')[0] as string,
          )
        : [trigger];
  if (options.lazy === true && trigger !== undefined) {
    return { grammar: finish(block), triggers, warnings };
  }
  if (options.lazy === true)
    warnings.push({
      type: 'unsupported',
      feature: 'lazy',
      details: 'the format has no trigger marker; the grammar covers the whole turn',
    });
  const text = freeText();
  const rest =
    spec.textBlock !== undefined
      ? alternatives(
          sequence(
            optional(
              sequence(
                literal(spec.textBlock.open),
                textWithout(builder, [spec.textBlock.close], 'preamble'),
                literal(spec.textBlock.close),
              ),
            ),
            block,
          ),
          text,
        )
      : spec.textBefore === false || trigger === undefined
        ? alternatives(text, block)
        : sequence(text, optional(block));
  return { grammar: finish(sequence(reasoning(), rest)), triggers, warnings };
}

/**
 * At most `budget` characters (a `<x` pair counts as one) without `close`: characters other than its
 * first, or its first followed by one that is neither its first nor its second. Right-bounded, so it
 * always ends; `close` can never start inside it.
 */
function boundedText(close: string, budget: number): GrammarNode {
  const [firstChar = '', secondChar] = [...close];
  const first = firstChar.codePointAt(0) as number;
  const notFirst = chars(complementRanges([[first, first]]));
  const second = secondChar?.codePointAt(0);
  const unit =
    second === undefined
      ? notFirst
      : alternatives(
          notFirst,
          sequence(
            literal(firstChar),
            chars(
              complementRanges([
                [first, first],
                [second, second],
              ]),
            ),
          ),
        );
  return repeat(unit, 0, budget);
}

function prefixed(warning: Warning, tool: string): Warning {
  if (warning.type === 'other') return { type: 'other', message: `${tool}: ${warning.message}` };
  return { ...warning, details: `${tool}: ${warning.details ?? ''}` };
}
