import type { ToolDefinition } from '../../types/tool.js';
import type { Warning } from '../../types/warning.js';
import type { JsonGrammarOptions } from '../json-schema-grammar.js';
import { printGrammar } from '../print-grammar.js';
import { type EnvelopeChoice, envelopeGrammar } from './envelope-grammar.js';
import { blockSharesTrigger, type EnvelopeSpec, envelopeTrigger, fillTemplate } from './envelope-spec.js';

/** xgrammar's structural-tag JSON (the `StructuralTag` of `@mlc-ai/web-xgrammar` 0.1.27, vLLM's `structural_tag`). */
export interface StructuralTag {
  readonly type: 'structural_tag';
  readonly format: Record<string, unknown>;
}

/**
 * xgrammar's structural tag for a turn in the format `spec` (`docs/structural_tag/structural_tag.md`):
 * one `tag` per tool (`begin` = the call's opening markers with the name filled, `content` = the
 * arguments in the format's encoding, `end` = its closing markers), in `triggered_tags` under
 * `auto` (free text until a trigger, as llama.cpp's lazy grammars) or `tags_with_separator` when a
 * call is required. JSON arguments are a `json_schema` content; other encodings (XML parameters, GLM
 * tags, Python and Gemma call syntax) a `grammar` content holding the EBNF of the arguments, built
 * by the same code as `envelopeGrammar`. A format with a section (`<|tool_calls_section_begin|>`)
 * wraps the calls in one more tag. A format without a trigger, or whose call index must count
 * (`{index}`), cannot be written as tags: `undefined`, with the reason in `warnings`. Reasoning
 * blocks are not part of the tag (xgrammar applies the tag after reasoning, as vLLM's reasoning parsers do).
 */
export function envelopeStructuralTag(
  spec: EnvelopeSpec,
  tools: readonly ToolDefinition[],
  choice: EnvelopeChoice,
  parallel: boolean,
  options: JsonGrammarOptions = {},
): { structuralTag: StructuralTag | undefined; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const trigger = envelopeTrigger(spec);
  const cannot = (details: string) => {
    warnings.push({ type: 'unsupported', feature: 'structural-tag', details });
    return { structuralTag: undefined, warnings };
  };
  if (spec.noCalls === true || choice.mode === 'none') return cannot('no tool calls to constrain');
  // Tags are literal: a counted index (`functions.NAME:0`) fits only inside a section, as a grammar.
  const counted = /\{index\}/.test(spec.call.open + spec.call.close);
  if (counted && spec.section === undefined) return cannot('call markers hold a counting index');
  if (trigger === undefined && choice.mode === 'auto') return cannot('the format has no trigger marker');
  const chosen = choice.mode === 'tool' ? tools.filter((tool) => tool.name === choice.toolName) : tools;
  const tags = chosen.map((tool) => {
    const content =
      spec.arguments.kind === 'json'
        ? { type: 'json_schema', json_schema: tool.parameters }
        : { type: 'grammar', grammar: argumentsEbnf(spec, tool, options, warnings) };
    return {
      type: 'tag',
      begin: fillTemplate(spec.call.open, { name: tool.name }),
      content,
      end: fillTemplate(spec.call.close, { name: tool.name }),
    };
  });
  const stopAfterFirst = !parallel;
  // xgrammar 0.1.27 refuses an empty `separator` (its `tags_with_separator` aborts), and tags cannot
  // count: there the calls are a `grammar` format of their own, printed from the same envelope.
  const callsFormat = (): Record<string, unknown> =>
    counted || (spec.separator ?? '') === ''
      ? { type: 'grammar', grammar: callsEbnf(spec, chosen, parallel, options, warnings) }
      : {
          type: 'tags_with_separator',
          tags,
          separator: spec.separator,
          at_least_one: true,
          stop_after_first: stopAfterFirst,
        };
  let format: Record<string, unknown>;
  if (spec.section !== undefined) {
    const section = {
      type: 'tag',
      begin: spec.section.open,
      content: callsFormat(),
      end: spec.section.close,
    };
    format =
      choice.mode === 'auto'
        ? {
            type: 'triggered_tags',
            // xgrammar requires each tag to begin with a trigger.
            triggers: [
              trigger !== undefined && spec.section.open.startsWith(trigger) ? trigger : spec.section.open,
            ],
            tags: [section],
            stop_after_first: true,
          }
        : section;
  } else if (choice.mode === 'auto') {
    const triggers = blockSharesTrigger(spec) ? [...new Set(tags.map((tag) => tag.begin))] : [trigger];
    format = { type: 'triggered_tags', triggers, tags, stop_after_first: stopAfterFirst };
  } else {
    format = callsFormat();
  }
  return { structuralTag: { type: 'structural_tag', format }, warnings };
}

/** The EBNF of the calls alone (no section, no reasoning), one or (`parallel`) more, with separators. */
function callsEbnf(
  spec: EnvelopeSpec,
  tools: readonly ToolDefinition[],
  parallel: boolean,
  options: JsonGrammarOptions,
  warnings: Warning[],
): string {
  const callsOnly: EnvelopeSpec = {
    call: spec.call,
    arguments: spec.arguments,
    ...(spec.separator === undefined ? {} : { separator: spec.separator }),
    ...(spec.indexBase === undefined ? {} : { indexBase: spec.indexBase }),
  };
  const built = envelopeGrammar(callsOnly, tools, { ...options, choice: { mode: 'required' }, parallel });
  warnings.push(...built.warnings);
  return printGrammar(built.grammar, 'ebnf');
}

/** The EBNF of one tool's keyed arguments alone (the same rules `envelopeGrammar` embeds). */
function argumentsEbnf(
  spec: EnvelopeSpec,
  tool: ToolDefinition,
  options: JsonGrammarOptions,
  warnings: Warning[],
): string {
  const argsOnly: EnvelopeSpec = { call: { open: '', close: '' }, arguments: spec.arguments, trigger: null };
  const built = envelopeGrammar(argsOnly, [tool], {
    ...options,
    choice: { mode: 'required' },
    parallel: false,
  });
  warnings.push(...built.warnings);
  return printGrammar(built.grammar, 'ebnf');
}
