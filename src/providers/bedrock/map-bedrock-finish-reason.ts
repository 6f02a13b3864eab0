import type { FinishReason } from '../provider-converter.js';
import type { BedrockStopReason } from './bedrock-api.js';

const unifiedReasons: Readonly<Record<BedrockStopReason, FinishReason['unified']>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool-calls',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  guardrail_intervened: 'content-filter',
  content_filtered: 'content-filter',
  malformed_model_output: 'error',
  malformed_tool_use: 'error',
};

/**
 * Converse `stopReason` → unified finish reason (`raw` keeps the value): `end_turn`, `stop_sequence` →
 * `stop`; `tool_use` → `tool-calls`; `max_tokens`, `model_context_window_exceeded` → `length`;
 * `guardrail_intervened`, `content_filtered` → `content-filter`; `malformed_model_output`,
 * `malformed_tool_use` → `error`; anything else (or none) → `other`.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html#API_runtime_Converse_ResponseSyntax
 */
export function mapBedrockFinishReason(stopReason: unknown): FinishReason {
  if (typeof stopReason !== 'string') return { unified: 'other' };
  const unified = Object.hasOwn(unifiedReasons, stopReason)
    ? unifiedReasons[stopReason as BedrockStopReason]
    : 'other';
  return { unified, raw: stopReason };
}

/**
 * Unified finish reason → Converse `stopReason`: the `raw` value when it is one of Bedrock's, else
 * `stop` → `end_turn`, `length` → `max_tokens`, `tool-calls` → `tool_use`, `content-filter` →
 * `content_filtered`, `error` → `malformed_model_output`, `other` → `end_turn`.
 */
export function mapToBedrockStopReason(reason: FinishReason): BedrockStopReason {
  if (reason.raw !== undefined && Object.hasOwn(unifiedReasons, reason.raw))
    return reason.raw as BedrockStopReason;
  switch (reason.unified) {
    case 'length':
      return 'max_tokens';
    case 'tool-calls':
      return 'tool_use';
    case 'content-filter':
      return 'content_filtered';
    case 'error':
      return 'malformed_model_output';
    default:
      return 'end_turn';
  }
}
