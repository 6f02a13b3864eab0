import { ToolwireError } from '../../errors/index.js';
import type { BackendCapabilities, BackendGrammar, GenerateRequest, SamplingParams } from './backend.js';

/** `fields` without its `undefined` members, so a request body says only what was asked. */
export function definedFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) out[name] = value;
  return out;
}

/** `stop` as a JSON array, or `undefined` when there is none (an empty list says nothing). */
export function stopList(params: SamplingParams): string[] | undefined {
  return params.stop === undefined || params.stop.length === 0 ? undefined : [...params.stop];
}

/**
 * The sampling parameters under OpenAI's names (`max_tokens`, `temperature`, `top_p`, `stop`,
 * `seed`; https://platform.openai.com/docs/api-reference/completions/create), unset ones left out.
 */
export function openAISamplingFields(params: SamplingParams): Record<string, unknown> {
  return definedFields({
    max_tokens: params.maxTokens,
    temperature: params.temperature,
    top_p: params.topP,
    stop: stopList(params),
    seed: params.seed,
  });
}

/**
 * The request's grammar when the backend can apply it. The gateway checks `capabilities` first and
 * answers 400 itself; reaching this with a grammar the backend cannot honour is a gateway bug, and
 * sampling without it (or a lazy grammar as a whole-output one) would silently change the output.
 *
 * @throws ToolwireError `unsupported` for a grammar on a backend without grammars, or a lazy grammar
 * on one without lazy grammars; every kind's `generate` calls this first, so it throws synchronously,
 * before any request.
 */
export function usableGrammar(
  request: GenerateRequest,
  capabilities: BackendCapabilities,
): BackendGrammar | undefined {
  const grammar = request.grammar;
  if (grammar === undefined) return undefined;
  if (capabilities.grammar === false) {
    throw new ToolwireError('unsupported', 'this backend takes no grammar; check capabilities.grammar first');
  }
  if (grammar.lazy && !capabilities.lazyGrammar) {
    throw new ToolwireError(
      'unsupported',
      'this backend takes no lazy grammar; check capabilities.lazyGrammar first',
    );
  }
  return grammar;
}

/**
 * llama.cpp's lazy-grammar fields: `grammar_lazy`, `grammar_triggers` as
 * `{ type: 1, value }` (1 = `COMMON_GRAMMAR_TRIGGER_TYPE_WORD`; the server's `server_grammar_trigger`
 * reads `type` as the enum's number and `value` as the word), and `preserved_tokens` with the
 * same words, so a trigger that is one special token is printed in the text (the server prints
 * special tokens only when preserved) and passes the server's check that a single-token trigger is
 * preserved. Empty for a grammar that is not lazy.
 */
export function llamaCppLazyFields(grammar: BackendGrammar): Record<string, unknown> {
  if (!grammar.lazy) return {};
  return {
    grammar_lazy: true,
    grammar_triggers: grammar.triggers.map((value) => ({ type: wordTriggerType, value })),
    preserved_tokens: [...grammar.triggers],
  };
}

/**
 * llama.cpp's `preserved_tokens`: the format's markers (`request.preservedTexts`) and a lazy grammar's
 * triggers, so that a marker the model's tokenizer holds as a special token is printed in the text
 * (the server prints special tokens only when preserved or started with `--special`; a harmony,
 * Mistral or Kimi call would otherwise reach the parser without its markers). A text that is more than
 * one token is skipped by the server. Nothing when there are none.
 */
export function llamaCppPreservedTokens(
  request: GenerateRequest,
  grammar: BackendGrammar | undefined,
): Record<string, unknown> {
  const texts = new Set(request.preservedTexts ?? []);
  if (grammar?.lazy === true) for (const trigger of grammar.triggers) texts.add(trigger);
  return texts.size === 0 ? {} : { preserved_tokens: [...texts] };
}

/** `COMMON_GRAMMAR_TRIGGER_TYPE_WORD` in llama.cpp's common/common.h (TOKEN = 0, WORD = 1, PATTERN = 2, PATTERN_FULL = 3). */
const wordTriggerType = 1;
