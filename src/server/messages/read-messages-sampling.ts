import type { SamplingParams } from '../backends/backend.js';
import { badField } from '../http/gateway-error.js';

/** Most `stop_sequences` a request may give (a bound; Anthropic documents none). */
const MAX_STOP_SEQUENCES = 16;

/** Anthropic's smallest `thinking.budget_tokens`. */
const MIN_THINKING_BUDGET = 1024;

/**
 * `thinking` as asked: `enabled` with its token budget, `disabled`, or `adaptive` (the model decides).
 * `enabled` and `disabled` reach the chat template as its reasoning switch (`enable_thinking`);
 * `adaptive` leaves the template's default. The budget has no counterpart in templates or backends:
 * `max_tokens` bounds reasoning and answer together.
 */
export type MessagesThinking =
  | { readonly type: 'enabled'; readonly budgetTokens: number }
  | { readonly type: 'disabled' }
  | { readonly type: 'adaptive' };

/** The sampling fields of a Messages body, checked. */
export interface MessagesSampling {
  /** `topK` among them as asked: the route refuses it when the backend cannot take it. */
  readonly params: SamplingParams;
  readonly thinking: MessagesThinking | undefined;
}

/**
 * Reads `max_tokens` (a positive integer; required unless `maxTokensOptional`, as for
 * `count_tokens`), `temperature` and `top_p` (0-1, Anthropic's ranges), `top_k` (a positive integer),
 * `stop_sequences` (up to 16 strings, each with a non-blank character) and `thinking`
 * (`{type: "enabled", budget_tokens}` with 1024 <= budget < `max_tokens`, `{type: "disabled"}` or
 * `{type: "adaptive"}`).
 *
 * @throws {GatewayError} 400 naming the field.
 */
export function readMessagesSampling(
  record: Record<string, unknown>,
  maxTokensOptional = false,
): MessagesSampling {
  const maxTokens = record.max_tokens;
  if (maxTokens === undefined || maxTokens === null) {
    if (!maxTokensOptional) throw badField('max_tokens', '"max_tokens" is required');
  } else if (!Number.isSafeInteger(maxTokens) || (maxTokens as number) < 1) {
    throw badField('max_tokens', '"max_tokens" must be a positive integer');
  }
  const temperature = unitNumber(record, 'temperature');
  const topP = unitNumber(record, 'top_p');
  const topK = record.top_k;
  if (topK !== undefined && topK !== null && (!Number.isSafeInteger(topK) || (topK as number) < 1))
    throw badField('top_k', '"top_k" must be a positive integer');
  const stop = readStopSequences(record.stop_sequences);
  const max = typeof maxTokens === 'number' ? maxTokens : undefined;
  return {
    params: {
      ...(max === undefined ? {} : { maxTokens: max }),
      ...(temperature === undefined ? {} : { temperature }),
      ...(topP === undefined ? {} : { topP }),
      ...(stop.length === 0 ? {} : { stop }),
      ...(typeof topK === 'number' ? { topK } : {}),
    },
    thinking: readThinking(record.thinking, max),
  };
}

function unitNumber(record: Record<string, unknown>, key: string): number | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1)
    throw badField(key, `"${key}" must be a number from 0 to 1`);
  return value;
}

function readStopSequences(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (
    !Array.isArray(value) ||
    value.length > MAX_STOP_SEQUENCES ||
    !value.every((entry) => typeof entry === 'string' && entry.trim() !== '')
  ) {
    throw badField(
      'stop_sequences',
      `"stop_sequences" must be an array of up to ${MAX_STOP_SEQUENCES} strings, each with a non-blank character`,
    );
  }
  return value as string[];
}

function readThinking(value: unknown, maxTokens: number | undefined): MessagesThinking | undefined {
  if (value === undefined || value === null) return undefined;
  const type =
    typeof value === 'object' && !Array.isArray(value) ? (value as { type?: unknown }).type : undefined;
  if (type === 'disabled' || type === 'adaptive') return { type };
  if (type !== 'enabled')
    throw badField('thinking.type', '"thinking.type" must be "enabled", "disabled" or "adaptive"');
  const budget = (value as { budget_tokens?: unknown }).budget_tokens;
  if (!Number.isSafeInteger(budget) || (budget as number) < MIN_THINKING_BUDGET)
    throw badField(
      'thinking.budget_tokens',
      `"thinking.budget_tokens" must be an integer of at least ${MIN_THINKING_BUDGET}`,
    );
  if (maxTokens !== undefined && (budget as number) >= maxTokens)
    throw badField('thinking.budget_tokens', '"thinking.budget_tokens" must be less than "max_tokens"');
  return { type: 'enabled', budgetTokens: budget as number };
}
