import { ToolwireError } from '../../errors/toolwire-error.js';
import type { Warning } from '../../types/warning.js';
import type { CanonicalResponse, Converted, Usage } from '../provider-converter.js';
import { isRecord } from '../shared/call-accumulator.js';
import { readModelParts } from './convert-from-gemini-contents.js';
import { mapGeminiFinishReason } from './map-gemini-finish-reason.js';

/**
 * Reads a `GenerateContentResponse` (its first candidate; others are reported) into a canonical
 * response: parts as in a history `model` turn (calls without id get `call_<n>`, marked
 * `google.syntheticId`), `finishReason` mapped (see `mapGeminiFinishReason`), `usageMetadata`
 * `promptTokenCount` / `candidatesTokenCount` as usage, `responseId` and `modelVersion`.
 *
 * @throws {ToolwireError} code `invalid_request` when the body is not an object.
 */
export function convertFromGeminiResponse(body: unknown): Converted<CanonicalResponse> {
  if (!isRecord(body))
    throw new ToolwireError('invalid_request', 'a Gemini GenerateContentResponse is an object');
  const warnings: Warning[] = [];
  const candidates = Array.isArray(body.candidates) ? body.candidates : [];
  if (candidates.length > 1) {
    warnings.push({
      type: 'unsupported',
      feature: 'candidates',
      details: `gemini: ${candidates.length} candidates; only the first is read`,
    });
  }
  const candidate = isRecord(candidates[0]) ? candidates[0] : {};
  const content = isRecord(candidate.content) ? candidate.content : {};
  const { parts, calls } = readModelParts(
    Array.isArray(content.parts) ? content.parts : [],
    (k) => `call_${k}`,
    warnings,
  );
  const raw = typeof candidate.finishReason === 'string' ? candidate.finishReason : undefined;
  const response: { -readonly [K in keyof CanonicalResponse]: CanonicalResponse[K] } = {
    message: { role: 'assistant', content: parts },
    finishReason: mapGeminiFinishReason(raw, calls.length > 0),
  };
  const usage = readGeminiUsage(body.usageMetadata);
  if (usage) response.usage = usage;
  if (typeof body.responseId === 'string') response.id = body.responseId;
  if (typeof body.modelVersion === 'string') response.model = body.modelVersion;
  return { value: response, warnings };
}

/** `usageMetadata` as canonical usage (`undefined` when it holds neither count). */
export function readGeminiUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const usage: { inputTokens?: number; outputTokens?: number } = {};
  if (typeof value.promptTokenCount === 'number') usage.inputTokens = value.promptTokenCount;
  if (typeof value.candidatesTokenCount === 'number') usage.outputTokens = value.candidatesTokenCount;
  return Object.keys(usage).length > 0 ? usage : undefined;
}
