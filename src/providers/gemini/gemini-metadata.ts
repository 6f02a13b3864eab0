import type { ProviderOptions } from '../../types/message.js';

/**
 * The `providerOptions.google` keys the Gemini converter reads and writes:
 *
 * - `thoughtSignature` (string): the `thoughtSignature` of the part it came on, replayed on that part
 *   only (providers.md §4c, H11); never moved to another part or provider.
 * - `syntheticId` (`true`): the part's `toolCallId` was made up by the reader, because the Gemini part
 *   had no `functionCall.id` / `functionResponse.id` (the Developer API often sends none); the writer
 *   then sends no id, so a history read from Gemini goes back byte for byte.
 */
export interface GoogleMetadata {
  readonly thoughtSignature?: string;
  readonly syntheticId?: boolean;
}

export function googleMetadata(options: ProviderOptions | undefined): GoogleMetadata {
  const google = options?.google;
  if (typeof google !== 'object' || google === null) return {};
  return {
    ...(typeof google.thoughtSignature === 'string' ? { thoughtSignature: google.thoughtSignature } : {}),
    ...(google.syntheticId === true ? { syntheticId: true } : {}),
  };
}

/** `{providerOptions: {google: …}}` for the keys given, or `{}` when there are none (spread into a part). */
export function withGoogleMetadata(metadata: GoogleMetadata): { providerOptions?: ProviderOptions } {
  const google: Record<string, unknown> = {};
  if (metadata.thoughtSignature !== undefined) google.thoughtSignature = metadata.thoughtSignature;
  if (metadata.syntheticId === true) google.syntheticId = true;
  return Object.keys(google).length === 0 ? {} : { providerOptions: { google } };
}
