import type { FinishReason } from '../provider-converter.js';
import type { OpenAIResponsesResponse, OpenAIResponsesStatus } from './openai-responses-api.js';

/**
 * A Responses `status` and `incomplete_details.reason` as the unified finish reason (the AI SDK's
 * `mapOpenAIResponseFinishReason`, plus the statuses): `incomplete` for `max_output_tokens` → length,
 * for `content_filter` → content-filter, otherwise → other; `failed` → error; `cancelled` → other;
 * `completed` (or none) → tool-calls when the output holds a function call, else stop. `raw` is the
 * incomplete reason, else the status.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object
 */
export function mapOpenAIResponsesFinishReason(options: {
  readonly status: unknown;
  readonly incompleteReason: unknown;
  readonly hasFunctionCall: boolean;
}): FinishReason {
  const status = typeof options.status === 'string' ? options.status : undefined;
  const reason = typeof options.incompleteReason === 'string' ? options.incompleteReason : undefined;
  const raw = reason ?? status;
  const withRaw = raw === undefined ? {} : { raw };
  if (reason === 'max_output_tokens') return { unified: 'length', ...withRaw };
  if (reason === 'content_filter') return { unified: 'content-filter', ...withRaw };
  switch (status) {
    case 'failed':
      return { unified: 'error', ...withRaw };
    case 'incomplete':
    case 'cancelled':
      return { unified: 'other', ...withRaw };
    default:
      return { unified: options.hasFunctionCall ? 'tool-calls' : 'stop', ...withRaw };
  }
}

const STATUSES: ReadonlySet<string> = new Set([
  'completed',
  'incomplete',
  'failed',
  'cancelled',
  'in_progress',
  'queued',
]);

/**
 * The `status` and `incomplete_details` to write for a unified reason: stop and tool-calls →
 * `completed`; length → `incomplete` with `max_output_tokens`; content-filter → `incomplete` with
 * `content_filter`; error → `failed`; other → its `raw` status when it is one, else `incomplete`.
 */
export function mapToOpenAIResponsesStatus(
  reason: FinishReason,
): Pick<OpenAIResponsesResponse, 'status' | 'incomplete_details'> {
  switch (reason.unified) {
    case 'stop':
    case 'tool-calls':
      return { status: 'completed', incomplete_details: null };
    case 'length':
      return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
    case 'content-filter':
      return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
    case 'error':
      return { status: 'failed', incomplete_details: null };
    default:
      return {
        status:
          reason.raw !== undefined && STATUSES.has(reason.raw)
            ? (reason.raw as OpenAIResponsesStatus)
            : 'incomplete',
        incomplete_details: null,
      };
  }
}
