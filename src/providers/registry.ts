import { ToolwireError } from '../errors/toolwire-error.js';
import { anthropic } from './anthropic/index.js';
import { bedrock } from './bedrock/index.js';
import { gemini } from './gemini/index.js';
import { mistral } from './mistral/index.js';
import { ollama } from './ollama/index.js';
import { openaiChat } from './openai-chat/index.js';
import { openaiResponses } from './openai-responses/index.js';
import type { ProviderConverter, ProviderId } from './provider-converter.js';

/** Every provider's converters, by id, in the order the README lists them. */
const providers: { readonly [id in ProviderId]: ProviderConverter<unknown, unknown> } = {
  'openai-chat': openaiChat,
  'openai-responses': openaiResponses,
  anthropic,
  gemini,
  bedrock,
  mistral,
  ollama,
};

/** The provider ids, in the order the README lists them. */
export const providerIds: readonly ProviderId[] = Object.keys(providers) as ProviderId[];

/**
 * The converters of provider `id` (`openai-chat`, `openai-responses`, `anthropic`, `gemini`, `bedrock`,
 * `mistral`, `ollama`), typed over its wire types loosely (`unknown`): import the provider's own converter
 * (`openaiChat`, `anthropic`, ...) for its request and response types.
 *
 * @throws {ToolwireError} code `invalid_argument` for any other id.
 */
export function getProvider(id: ProviderId): ProviderConverter<unknown, unknown> {
  if (typeof id !== 'string' || !Object.hasOwn(providers, id))
    throw new ToolwireError(
      'invalid_argument',
      `unknown provider ${JSON.stringify(id)}; one of ${providerIds.join(', ')}`,
    );
  return providers[id];
}
