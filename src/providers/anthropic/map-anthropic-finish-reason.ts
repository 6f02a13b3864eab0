import type { FinishReason } from '../provider-converter.js';
import type { AnthropicStopReason } from './anthropic-api.js';

/**
 * Anthropic `stop_reason` → unified finish reason (`raw` keeps the value): `end_turn`, `stop_sequence`,
 * `pause_turn` → `stop`; `tool_use` → `tool-calls`; `max_tokens`, `model_context_window_exceeded` →
 * `length`; `refusal` → `content-filter`; anything else (or none) → `other`.
 * @see https://docs.anthropic.com/en/api/handling-stop-reasons
 */
export function mapAnthropicFinishReason(stopReason: unknown): FinishReason {
  const raw = typeof stopReason === 'string' ? stopReason : undefined;
  const unified: FinishReason['unified'] =
    raw === 'end_turn' || raw === 'stop_sequence' || raw === 'pause_turn'
      ? 'stop'
      : raw === 'tool_use'
        ? 'tool-calls'
        : raw === 'max_tokens' || raw === 'model_context_window_exceeded'
          ? 'length'
          : raw === 'refusal'
            ? 'content-filter'
            : 'other';
  return raw === undefined ? { unified } : { unified, raw };
}

const stopReasons: ReadonlySet<string> = new Set<AnthropicStopReason>([
  'end_turn',
  'max_tokens',
  'stop_sequence',
  'tool_use',
  'pause_turn',
  'refusal',
  'model_context_window_exceeded',
]);

/**
 * Unified finish reason → Anthropic `stop_reason`: the `raw` value when it is one of Anthropic's, else
 * `stop` → `end_turn`, `length` → `max_tokens`, `tool-calls` → `tool_use`, `content-filter` →
 * `refusal`, `error` / `other` → `end_turn`.
 */
export function mapToAnthropicStopReason(reason: FinishReason): AnthropicStopReason {
  if (reason.raw !== undefined && stopReasons.has(reason.raw)) return reason.raw as AnthropicStopReason;
  switch (reason.unified) {
    case 'length':
      return 'max_tokens';
    case 'tool-calls':
      return 'tool_use';
    case 'content-filter':
      return 'refusal';
    default:
      return 'end_turn';
  }
}
