import type { ProviderOptions } from '../../types/message.js';
import type { Warning } from '../../types/warning.js';
import { providerMetadata } from './provider-metadata.js';

/**
 * Whether a reasoning part is another provider's redacted reasoning (Anthropic `redacted_thinking`,
 * Bedrock `redactedContent`: text `''`, the bytes in `anthropic.redactedData` / `bedrock.redactedData`),
 * which a provider without redacted reasoning cannot hold; if so, reports it for `provider`. Written as
 * its empty text, it would vanish without a word (trial2: Gemini, Mistral and Ollama did).
 */
export function redactedReasoningLeftOut(
  part: { readonly text: string; readonly providerOptions?: ProviderOptions | undefined },
  provider: string,
  warnings: Warning[],
): boolean {
  if (part.text !== '') return false;
  const from = ['anthropic', 'bedrock'].find(
    (owner) => providerMetadata(part.providerOptions, owner)?.redactedData !== undefined,
  );
  if (from === undefined) return false;
  warnings.push({
    type: 'unsupported',
    feature: 'redacted reasoning',
    details: `${provider}: a redacted reasoning part (${from}.redactedData) has no ${provider} form; left out`,
  });
  return true;
}
