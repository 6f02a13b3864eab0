import type { ProviderOptions } from '../../types/message.js';

/** `providerOptions[provider]` when it is an object (the metadata toolwire reads is only ever its own: H11). */
export function providerMetadata(
  options: ProviderOptions | undefined,
  provider: string,
): Record<string, unknown> | undefined {
  const metadata = options?.[provider];
  return typeof metadata === 'object' && metadata !== null ? metadata : undefined;
}
