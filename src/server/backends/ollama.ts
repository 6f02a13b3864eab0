import type {
  Backend,
  BackendCapabilities,
  BackendChunk,
  BackendConfig,
  GenerateRequest,
} from './backend.js';
import { generationStream, type WireDecoder } from './generation-stream.js';
import { definedFields, stopList, usableGrammar } from './request-fields.js';
import { streamTarget } from './stream-target.js';
import { parseWireEvent, textChunks, usageOf } from './wire-event.js';

/**
 * A backend for Ollama's `POST {url}/api/generate` (Ollama's docs/api.md, "Generate a
 * completion"): `model`, `prompt`, `raw: true` (the prompt is already templated, so Ollama applies
 * none), `think: false` (the reasoning stays in the text, for the format's parser), `stream: true`, and `options` with `num_predict`, `temperature`, `top_p`, `top_k`, `stop`, `seed`
 * (the Modelfile parameter names; unset ones left out), and `num_ctx` from `config.contextSize`. Ollama takes no free grammar (its `format`
 * is a JSON schema only), so `capabilities.grammar` is `false`.
 *
 * The answer is newline-delimited JSON, `{ response, done }` per line; the last has `done: true`,
 * `done_reason` (`length` when `num_predict` was reached: finish `length`; else `stop`),
 * `prompt_eval_count` and `eval_count`. A stop at one of `stop` is `done_reason: "stop"` like the model's
 * own end, so which stop string matched is not known.
 *
 * @throws ToolwireError `invalid_argument` for a bad `url` or `timeoutMs`.
 */
export function ollamaBackend(config: BackendConfig): Backend {
  const target = streamTarget(config);
  const capabilities: BackendCapabilities = { grammar: false, lazyGrammar: false, seed: true, topK: true };
  return {
    kind: 'ollama',
    capabilities,
    generate(request: GenerateRequest): AsyncIterable<BackendChunk> {
      usableGrammar(request, capabilities);
      const { params } = request;
      const body = {
        model: request.model,
        prompt: request.prompt,
        raw: true,
        // Ollama turns thinking on for a thinking model when `think` is absent, and its parser then moves
        // `<think>…</think>` out of the text (all of it when the prompt opened the block): the format's
        // parser reads the reasoning from the raw text instead. `false` is accepted by every model.
        think: false,
        stream: true,
        options: definedFields({
          num_predict: params.maxTokens,
          temperature: params.temperature,
          top_p: params.topP,
          top_k: params.topK,
          stop: stopList(params),
          seed: params.seed,
          // Ollama's default context (2048 or 4096 tokens) cuts a long prompt from the front without
          // a word, tools section first: `contextSize` sets it.
          num_ctx: config.contextSize,
        }),
      };
      return generationStream({
        target,
        path: '/api/generate',
        body,
        signal: request.signal,
        framing: 'ndjson',
        decoder: new OllamaDecoder(target.secrets),
      });
    },
  };
}

/** Reads `/api/generate` lines: `response` as text, `done: true` as the end. */
class OllamaDecoder implements WireDecoder {
  readonly endMarker = 'a line with "done": true';
  ended = false;

  constructor(private readonly secrets: readonly string[]) {}

  read(data: string): readonly BackendChunk[] {
    const event = parseWireEvent(data, this.secrets);
    const chunks = textChunks('text', event.response);
    if (event.done !== true) return chunks;
    this.ended = true;
    const usage = usageOf(event.prompt_eval_count, event.eval_count);
    const finishReason = event.done_reason === 'length' ? 'length' : 'stop';
    chunks.push({ type: 'done', finishReason, ...(usage ? { usage } : {}) });
    return chunks;
  }
}
