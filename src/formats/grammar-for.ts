import { ToolwireError } from '../errors/toolwire-error.js';
import { type EnvelopeChoice, envelopeGrammar } from '../grammar/envelope/envelope-grammar.js';
import { envelopeStructuralTag, type StructuralTag } from '../grammar/envelope/envelope-structural-tag.js';
import type { JsonGrammarOptions } from '../grammar/json-schema-grammar.js';
import { type GrammarDialect, printGrammar } from '../grammar/print-grammar.js';
import type { ToolDefinition } from '../types/tool.js';
import type { Warning } from '../types/warning.js';
import { normalizeTools } from './core/tool-index.js';
import type { FormatDefinition } from './format-definition.js';
import { describe } from './format-options.js';
import { getFormat } from './registry.js';

/**
 * Which calls the grammar allows: `auto` (free text, then calls or none), `required` (calls only),
 * `none` (text only), or one named tool (a name string, or the AI SDK's `{ type: 'tool', toolName }`;
 * `{ type: 'auto' | 'required' | 'none' }` are read too).
 */
export type GrammarToolChoice =
  | 'auto'
  | 'required'
  | 'none'
  | { readonly type: 'auto' | 'required' | 'none' }
  | { readonly type: 'tool'; readonly toolName: string }
  | (string & {});

/** Options of `grammarFor` and `structuralTagFor`. */
export interface GrammarForOptions extends JsonGrammarOptions {
  /** The tools (toolwire's `{ name, description?, parameters }`, or OpenAI's `{ type: 'function', function }`). */
  readonly tools: readonly unknown[];
  /** A format id or alias (`listFormats()`), or its definition. */
  readonly format: string | FormatDefinition;
  /** Default `auto`. */
  readonly toolChoice?: GrammarToolChoice;
  /** More than one call in the turn (default false: exactly one call when calls come). */
  readonly parallel?: boolean;
  /** `gbnf` (llama.cpp, default) or `ebnf` (xgrammar). */
  readonly dialect?: GrammarDialect;
  /**
   * With `auto`: the grammar starts at the trigger (llama.cpp's `grammar_lazy`, with `triggers` as its
   * trigger words); default false: the grammar covers the whole turn, free text included.
   */
  readonly lazy?: boolean;
  /**
   * With `required` or a named tool: the most characters of reasoning the grammar allows before the
   * calls, in a format with a reasoning block (`0`: no reasoning block). Default: unbounded, which a
   * weak model may never close. See `EnvelopeGrammarOptions.reasoningBudget`.
   */
  readonly reasoningBudget?: number;
}

/** A printed tool-call grammar. */
export interface GrammarForResult {
  readonly grammar: string;
  /**
   * Under `auto`: the words that start the calls (llama.cpp `COMMON_GRAMMAR_TRIGGER_TYPE_WORD`), for a
   * lazy grammar; empty otherwise.
   */
  readonly triggers: string[];
  /** What the grammar could not express (argument keywords, raw-string constraints, ...). */
  readonly warnings: Warning[];
}

/**
 * The grammar of one assistant turn in `format` calling `tools`: the format's own markers around each
 * tool's argument grammar (its `envelope`; see `envelopeGrammar`), in llama.cpp GBNF or xgrammar EBNF.
 *
 * @throws ToolwireError `unknown_format` for an unknown format id, `invalid_tools` for a bad tool list,
 *   `invalid_argument` for a bad `toolChoice` (a tool not in `tools`, `required` with no tools) or a
 *   format without an envelope.
 */
export function grammarFor(options: GrammarForOptions): GrammarForResult {
  const { spec, tools, choice } = resolve(options);
  const built = envelopeGrammar(spec, tools, {
    ...jsonOptions(options),
    choice,
    parallel: options.parallel === true,
    lazy: options.lazy === true,
    ...(options.reasoningBudget === undefined ? {} : { reasoningBudget: options.reasoningBudget }),
  });
  return {
    grammar: printGrammar(built.grammar, options.dialect ?? 'gbnf'),
    triggers: built.triggers,
    warnings: built.warnings,
  };
}

/**
 * xgrammar's structural-tag JSON for the same turn (see `envelopeStructuralTag`), for engines that take
 * one (vLLM and SGLang `structural_tag`, `Grammar.fromStructuralTag` of web-xgrammar 0.1.27).
 * `structuralTag` is `undefined` when the format cannot be written as tags (reason in `warnings`).
 * @throws as `grammarFor`.
 */
export function structuralTagFor(options: Omit<GrammarForOptions, 'dialect' | 'lazy'>): {
  structuralTag: StructuralTag | undefined;
  warnings: Warning[];
} {
  const { spec, tools, choice } = resolve(options);
  return envelopeStructuralTag(spec, tools, choice, options.parallel === true, jsonOptions(options));
}

function jsonOptions(options: JsonGrammarOptions): JsonGrammarOptions {
  return {
    ...(options.whitespace === undefined ? {} : { whitespace: options.whitespace }),
    ...(options.propertyOrder === undefined ? {} : { propertyOrder: options.propertyOrder }),
  };
}

function resolve(options: Omit<GrammarForOptions, 'dialect' | 'lazy'>) {
  if (typeof options !== 'object' || options === null)
    throw new ToolwireError(
      'invalid_argument',
      `grammarFor() takes an options object, got ${describe(options)}`,
    );
  const format = typeof options.format === 'string' ? getFormat(options.format) : options.format;
  const spec = format?.envelope;
  if (spec === undefined)
    throw new ToolwireError('invalid_argument', `format "${format?.id}" has no grammar envelope`);
  const tools: ToolDefinition[] = normalizeTools(options.tools);
  return { spec, tools, choice: toolChoice(options.toolChoice) };
}

function toolChoice(choice: GrammarToolChoice | undefined): EnvelopeChoice {
  if (choice === undefined || choice === 'auto') return { mode: 'auto' };
  if (choice === 'required') return { mode: 'required' };
  if (choice === 'none') return { mode: 'none' };
  if (typeof choice === 'string' && choice !== '') return { mode: 'tool', toolName: choice };
  if (typeof choice === 'object' && choice !== null) {
    const type: unknown = choice.type;
    if (type === 'tool' && 'toolName' in choice && typeof choice.toolName === 'string')
      return { mode: 'tool', toolName: choice.toolName };
    if (type === 'auto' || type === 'required' || type === 'none') return { mode: type };
  }
  throw new ToolwireError(
    'invalid_argument',
    `toolChoice must be "auto", "required", "none", a tool name or { type: "tool", toolName }, got ${describe(choice)}`,
  );
}
