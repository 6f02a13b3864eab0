import type {
  Backend,
  BackendCapabilities,
  BackendChunk,
  BackendConfig,
  GenerateRequest,
} from './backend.js';
import { BackendError } from './backend.js';
import { generationStream } from './generation-stream.js';
import { OpenAISseDecoder } from './openai-sse-decoder.js';
import { openAISamplingFields, usableGrammar } from './request-fields.js';
import { streamTarget } from './stream-target.js';
import { objectAt, textChunks } from './wire-event.js';

/**
 * A backend for a server's own Chat Completions endpoint, `POST {url}/v1/chat/completions`, for
 * servers that only take chat requests (hosted APIs, LM Studio, a vLLM or llama.cpp server whose
 * template should apply). The server's tool-call parser must be OFF (vLLM without
 * `--enable-auto-tool-choice`, llama.cpp without `--jinja` tool parsing): toolwire parses the text.
 *
 * Request body (https://platform.openai.com/docs/api-reference/chat/create): the request's `chat`
 * fields (`messages`, `tools`, `tool_choice`, ... as the gateway built them), then `model`,
 * `max_tokens`, `temperature`, `top_p`, `stop`, `seed` (unset ones left out), `stream: true`,
 * `stream_options: { include_usage: true }`. No grammar (`capabilities.grammar` is `false`).
 *
 * The answer is the SSE stream of chunks ending with `data: [DONE]`: `choices[0].delta.content` is
 * yielded as `text`, `delta.reasoning_content` (llama.cpp, older vLLM) or `delta.reasoning` (vLLM
 * >= 0.10, Ollama, OpenRouter) as `reasoning`.
 *
 * @throws ToolwireError `invalid_argument` for a bad `url` or `timeoutMs`. The iterator throws
 * BackendError `backend_protocol` when the server sends `delta.tool_calls` or
 * `delta.function_call`: it parsed the calls itself, and its parse cannot be mixed with toolwire's.
 */
export function openAIChatPassthroughBackend(config: BackendConfig): Backend {
  const target = streamTarget(config);
  const capabilities: BackendCapabilities = { grammar: false, lazyGrammar: false, seed: true };
  return {
    kind: 'openai-chat-passthrough',
    capabilities,
    generate(request: GenerateRequest): AsyncIterable<BackendChunk> {
      usableGrammar(request, capabilities);
      const body = {
        ...request.chat,
        model: request.model,
        ...openAISamplingFields(request.params),
        stream: true,
        stream_options: { include_usage: true },
      };
      return generationStream({
        target,
        path: '/v1/chat/completions',
        body,
        signal: request.signal,
        framing: 'sse',
        decoder: new OpenAISseDecoder(target.secrets, deltaChunks),
      });
    },
  };
}

/** The reasoning and text of one streamed choice's `delta`, in that order. */
function deltaChunks(choice: Record<string, unknown>): BackendChunk[] {
  const delta = objectAt(choice.delta);
  if (delta === undefined) return [];
  const calls = delta.tool_calls;
  if ((Array.isArray(calls) && calls.length > 0) || objectAt(delta.function_call) !== undefined) {
    throw new BackendError(
      'backend_protocol',
      'the backend parsed tool calls itself (delta.tool_calls); turn its tool-call parser off ' +
        '(vLLM: no --enable-auto-tool-choice; llama.cpp: no --jinja tool parsing) so the gateway reads the text',
    );
  }
  // Servers that send both may leave one empty: the one with text is the reasoning.
  const reasoning =
    typeof delta.reasoning_content === 'string' && delta.reasoning_content !== ''
      ? delta.reasoning_content
      : delta.reasoning;
  return [...textChunks('reasoning', reasoning), ...textChunks('text', delta.content)];
}
