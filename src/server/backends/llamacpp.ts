import type {
  Backend,
  BackendCapabilities,
  BackendChunk,
  BackendConfig,
  GenerateRequest,
} from './backend.js';
import { generationStream, type WireDecoder } from './generation-stream.js';
import {
  definedFields,
  llamaCppLazyFields,
  llamaCppPreservedTokens,
  stopList,
  usableGrammar,
} from './request-fields.js';
import { streamTarget } from './stream-target.js';
import { parseWireEvent, stopString, textChunks, usageOf } from './wire-event.js';

/**
 * A backend for llama.cpp server's native endpoint, `POST {url}/completion` (llama-server; also
 * servers that copy it). Request fields, from llama.cpp's tools/server/README.md ("POST
 * /completion"): `prompt`, `n_predict`, `temperature`, `top_p`, `stop`, `seed` (unset ones left out),
 * `stream: true`, `grammar` (GBNF), and for a lazy grammar `grammar_lazy: true`, `grammar_triggers:
 * [{ type: 1, value }]` (word triggers) and `preserved_tokens` (the server's request parser,
 * `params_from_json_cmpl`; these three are not in the README). `model` is sent too, for a server
 * routing between models.
 *
 * The answer is an SSE stream of `{ content, stop }` events; the last has `stop: true`, `stop_type`
 * (`eos`, `word`, `limit`), `stopping_word`, `truncated`, `tokens_evaluated` and `tokens_predicted`.
 * `stop_type: "limit"` (or, from a server without `stop_type`, `truncated: true`) is finish `length`,
 * anything else `stop`; with `stop_type: "word"`, `stopping_word` is the stop string that matched
 * (the server's `to_json_non_oaicompat`).
 *
 * @throws ToolwireError `invalid_argument` for a bad `url` or `timeoutMs`.
 */
export function llamaCppBackend(config: BackendConfig): Backend {
  const target = streamTarget(config);
  const capabilities: BackendCapabilities = { grammar: 'gbnf', lazyGrammar: true, seed: true, topK: true };
  return {
    kind: 'llamacpp',
    capabilities,
    generate(request: GenerateRequest): AsyncIterable<BackendChunk> {
      const grammar = usableGrammar(request, capabilities);
      const { params } = request;
      const body = {
        model: request.model,
        prompt: request.prompt,
        ...definedFields({
          n_predict: params.maxTokens,
          temperature: params.temperature,
          top_p: params.topP,
          top_k: params.topK,
          stop: stopList(params),
          seed: params.seed,
        }),
        ...(grammar === undefined ? {} : { grammar: grammar.gbnf, ...llamaCppLazyFields(grammar) }),
        ...llamaCppPreservedTokens(request, grammar),
        stream: true,
      };
      return generationStream({
        target,
        path: '/completion',
        body,
        signal: request.signal,
        framing: 'sse',
        decoder: new LlamaCppDecoder(target.secrets),
      });
    },
  };
}

/** Reads `/completion` events: `content` as text, `stop: true` as the end. */
class LlamaCppDecoder implements WireDecoder {
  readonly endMarker = 'an event with "stop": true';
  ended = false;

  constructor(private readonly secrets: readonly string[]) {}

  read(data: string): readonly BackendChunk[] {
    const event = parseWireEvent(data, this.secrets);
    const chunks = textChunks('text', event.content);
    if (event.stop !== true) return chunks;
    this.ended = true;
    // `truncated` says the context was shifted or cut, not that the token limit stopped the answer.
    const length = event.stop_type === 'limit' || (event.stop_type === undefined && event.truncated === true);
    const usage = usageOf(event.tokens_evaluated, event.tokens_predicted);
    const word = event.stop_type === 'word' ? stopString(event.stopping_word) : undefined;
    chunks.push({
      type: 'done',
      finishReason: length ? 'length' : 'stop',
      ...(usage ? { usage } : {}),
      ...(word === undefined || length ? {} : { stopSequence: word }),
    });
    return chunks;
  }
}
