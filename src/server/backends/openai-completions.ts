import { ToolwireError } from '../../errors/index.js';
import type {
  Backend,
  BackendCapabilities,
  BackendChunk,
  BackendConfig,
  GenerateRequest,
} from './backend.js';
import { generationStream } from './generation-stream.js';
import { OpenAISseDecoder } from './openai-sse-decoder.js';
import {
  llamaCppLazyFields,
  llamaCppPreservedTokens,
  openAISamplingFields,
  usableGrammar,
} from './request-fields.js';
import { streamTarget } from './stream-target.js';
import { textChunks } from './wire-event.js';

type GrammarField = NonNullable<BackendConfig['grammarField']>;

const grammarFieldNames: readonly GrammarField[] = [
  'grammar',
  'structured_outputs',
  'guided_grammar',
  'ebnf',
  'none',
];

/**
 * A backend for OpenAI's legacy Completions endpoint, `POST {url}/v1/completions`, as served by vLLM,
 * SGLang, llama.cpp server, LM Studio and TGI: the rendered prompt goes out as raw text.
 *
 * Request body (https://platform.openai.com/docs/api-reference/completions/create): `model`,
 * `prompt`, `max_tokens`, `temperature`, `top_p`, `stop`, `seed` (unset ones left out), `stream:
 * true` and `stream_options: { include_usage: true }` (so the last event carries `usage`), and
 * `top_k` when asked: not OpenAI's, but read by vLLM and SGLang (their extra sampling parameters),
 * llama.cpp server and LM Studio. The grammar goes in the field named by `config.grammarField`:
 * - `grammar`: GBNF, llama.cpp server (tools/server/README.md, "grammar"); a lazy grammar adds
 *   `grammar_lazy`, `grammar_triggers` and `preserved_tokens`, which its OpenAI endpoints read like
 *   `/completion`;
 * - `structured_outputs`: `{ grammar: EBNF }`, vLLM >= 0.12 (docs.vllm.ai, features/structured_outputs:
 *   xgrammar's or guidance's EBNF/Lark grammar);
 * - `guided_grammar`: EBNF, vLLM before 0.12 (the same page of older versions);
 * - `ebnf`: EBNF, SGLang (docs.sglang.ai, "Structured Outputs": the `ebnf` sampling parameter);
 * - `none` (default): no grammar (LM Studio, TGI's completions, unknown servers).
 *
 * The answer is the SSE stream of `{ choices: [{ text, finish_reason }], usage }` events ending
 * with `data: [DONE]`; the finishing choice's `stop_reason` (vLLM) or `matched_stop` (SGLang) names
 * the stop string that matched (see `OpenAISseDecoder`).
 *
 * @throws ToolwireError `invalid_argument` for a bad `url`, `timeoutMs` or `grammarField`.
 */
export function openAICompletionsBackend(config: BackendConfig): Backend {
  const target = streamTarget(config);
  const field: GrammarField = config.grammarField ?? 'none';
  if (!grammarFieldNames.includes(field)) {
    throw new ToolwireError(
      'invalid_argument',
      `backend grammarField must be one of ${grammarFieldNames.join(', ')}, not ${JSON.stringify(field)}`,
    );
  }
  const capabilities: BackendCapabilities = {
    grammar: field === 'none' ? false : field === 'grammar' ? 'gbnf' : 'ebnf',
    lazyGrammar: field === 'grammar',
    seed: true,
    topK: true,
  };
  return {
    kind: 'openai-completions',
    capabilities,
    generate(request: GenerateRequest): AsyncIterable<BackendChunk> {
      const grammar = usableGrammar(request, capabilities);
      const body = {
        model: request.model,
        prompt: request.prompt,
        // OpenAI's Completions default is 16 tokens, and vLLM and SGLang keep it: with no limit asked,
        // `null` is vLLM's "the rest of the context" (llama.cpp and TGI read it as their default).
        max_tokens: null,
        ...openAISamplingFields(request.params),
        ...(request.params.topK === undefined ? {} : { top_k: request.params.topK }),
        ...(grammar === undefined ? {} : grammarFields(field, grammar)),
        // The format's markers may be special tokens, which vLLM and SGLang leave out of the text by
        // default (their own tool parsers switch this off for the same reason), and which vLLM would
        // space apart; llama.cpp's server (grammarField "grammar") prints only preserved ones.
        skip_special_tokens: false,
        spaces_between_special_tokens: false,
        // A prompt the template began with the BOS token would get a second one from vLLM's tokenizer.
        ...(startsWithBos(request.prompt) ? { add_special_tokens: false } : {}),
        ...(field === 'grammar' ? llamaCppPreservedTokens(request, grammar) : {}),
        stream: true,
        stream_options: { include_usage: true },
      };
      return generationStream({
        target,
        path: '/v1/completions',
        body,
        signal: request.signal,
        framing: 'sse',
        decoder: new OpenAISseDecoder(target.secrets, (choice) => textChunks('text', choice.text)),
      });
    },
  };
}

/**
 * The beginning-of-sequence texts chat templates write first (Llama 3, Mistral and Llama 2, Gemma,
 * Command R, DeepSeek, LFM2).
 */
const bosTexts = [
  '<|begin_of_text|>',
  '<s>',
  '<bos>',
  '<BOS_TOKEN>',
  '<｜begin▁of▁sentence｜>',
  '<|startoftext|>',
];

/** Whether `prompt` starts with a BOS text (see `bosTexts`). */
function startsWithBos(prompt: string): boolean {
  return bosTexts.some((bos) => prompt.startsWith(bos));
}

/** The body fields that carry `grammar` for a server reading it from `field`. */
function grammarFields(
  field: GrammarField,
  grammar: NonNullable<GenerateRequest['grammar']>,
): Record<string, unknown> {
  switch (field) {
    case 'grammar':
      return { grammar: grammar.gbnf, ...llamaCppLazyFields(grammar) };
    case 'structured_outputs':
      return { structured_outputs: { grammar: grammar.ebnf } };
    case 'guided_grammar':
      return { guided_grammar: grammar.ebnf };
    case 'ebnf':
      return { ebnf: grammar.ebnf };
    case 'none':
      return {};
  }
}
