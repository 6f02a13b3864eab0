import type { FinishReason } from '../provider-converter.js';

/**
 * Mistral `finish_reason` → unified: `stop`, `length` / `model_length` → `length`, `tool_calls`,
 * `error`; anything else `other`.
 *
 * @see https://docs.mistral.ai/api/#tag/chat (ChatCompletionChoice.finish_reason)
 */
export function mapMistralFinishReason(raw: string | undefined): FinishReason {
  const unified = ((): FinishReason['unified'] => {
    switch (raw) {
      case 'stop':
        return 'stop';
      case 'length':
      case 'model_length':
        return 'length';
      case 'tool_calls':
        return 'tool-calls';
      case 'error':
        return 'error';
      default:
        return 'other';
    }
  })();
  return raw === undefined ? { unified } : { unified, raw };
}

const KNOWN = new Set(['stop', 'length', 'model_length', 'tool_calls', 'error']);

/** Unified → Mistral `finish_reason` (the raw value when it is a Mistral one). */
export function mapToMistralFinishReason(reason: FinishReason): string {
  if (reason.raw !== undefined && KNOWN.has(reason.raw)) return reason.raw;
  switch (reason.unified) {
    case 'length':
      return 'length';
    case 'tool-calls':
      return 'tool_calls';
    case 'error':
      return 'error';
    default:
      return 'stop';
  }
}
