import type { FinishReason } from '../provider-converter.js';
import type { OpenAIChatFinishReason } from './openai-chat-api.js';

/**
 * A Chat Completions `finish_reason` as the unified reason (the AI SDK's `mapOpenAIFinishReason`
 * table): `stop` → stop, `length` → length, `content_filter` → content-filter, `tool_calls` and the
 * legacy `function_call` → tool-calls, anything else (or none) → other. `raw` keeps the value.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices
 */
export function mapOpenAIChatFinishReason(raw: unknown): FinishReason {
  const value = typeof raw === 'string' ? raw : undefined;
  const withRaw = value === undefined ? {} : { raw: value };
  switch (value) {
    case 'stop':
      return { unified: 'stop', ...withRaw };
    case 'length':
      return { unified: 'length', ...withRaw };
    case 'content_filter':
      return { unified: 'content-filter', ...withRaw };
    case 'tool_calls':
    case 'function_call':
      return { unified: 'tool-calls', ...withRaw };
    default:
      return { unified: 'other', ...withRaw };
  }
}

const CHAT_REASONS: ReadonlySet<string> = new Set([
  'stop',
  'length',
  'tool_calls',
  'content_filter',
  'function_call',
]);

/**
 * The `finish_reason` to write for a unified reason: `raw` when it is a Chat value, else stop → `stop`,
 * length → `length`, tool-calls → `tool_calls`, content-filter → `content_filter`; `error` and `other`
 * have no Chat value and are written `stop` (`exact: false`, so the caller can warn).
 */
export function mapToOpenAIChatFinishReason(reason: FinishReason): {
  readonly value: OpenAIChatFinishReason;
  readonly exact: boolean;
} {
  if (reason.raw !== undefined && CHAT_REASONS.has(reason.raw)) {
    return { value: reason.raw as OpenAIChatFinishReason, exact: true };
  }
  switch (reason.unified) {
    case 'stop':
      return { value: 'stop', exact: true };
    case 'length':
      return { value: 'length', exact: true };
    case 'tool-calls':
      return { value: 'tool_calls', exact: true };
    case 'content-filter':
      return { value: 'content_filter', exact: true };
    default:
      return { value: 'stop', exact: false };
  }
}
