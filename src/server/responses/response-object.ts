import type { BackendUsage } from '../backends/backend.js';

/** What every response object of one request shares. */
export interface ResponseMeta {
  /** `resp_…` */
  readonly id: string;
  /** Unix seconds. */
  readonly createdAt: number;
  readonly model: string;
  /** The request fields OpenAI repeats in the response (`ResponsesRequest.echo`). */
  readonly echo: Readonly<Record<string, unknown>>;
}

/** Where a response stands: OpenAI's `status` values the gateway sends. */
export type ResponseStatus = 'in_progress' | 'completed' | 'incomplete' | 'failed';

/** The end of a response: its usage, and why it is incomplete or what failed, when so. */
export interface ResponseEnd {
  readonly usage?: BackendUsage;
  readonly incompleteReason?: 'max_output_tokens';
  readonly error?: { readonly code: string; readonly message: string };
}

/** Usage in the Responses shape; absent counts are 0, as OpenAI always sends every field. */
export function responseUsage(usage: BackendUsage): Record<string, unknown> {
  const input = usage.promptTokens ?? 0;
  const output = usage.completionTokens ?? 0;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: input + output,
  };
}

/**
 * A `response` object as OpenAI shapes it (API reference, "The response object"): `id`, `object`,
 * `created_at`, `status`, `error`, `incomplete_details`, `model`, `output`, `output_text` (the
 * messages' text joined, as the SDKs compute it), `usage` (`null` until the end), and the request's
 * settings (`instructions`, `tools`, `tool_choice`, `parallel_tool_calls`, `temperature`, ...).
 */
export function responseObject(
  meta: ResponseMeta,
  status: ResponseStatus,
  output: readonly unknown[],
  end: ResponseEnd = {},
): Record<string, unknown> {
  const finished = status !== 'in_progress';
  return {
    id: meta.id,
    object: 'response',
    created_at: meta.createdAt,
    status,
    background: false,
    completed_at: status === 'completed' ? Math.floor(Date.now() / 1000) : null,
    error: end.error ?? null,
    incomplete_details: end.incompleteReason === undefined ? null : { reason: end.incompleteReason },
    model: meta.model,
    output,
    output_text: outputText(output),
    service_tier: 'default',
    ...meta.echo,
    usage: finished && end.usage !== undefined ? responseUsage(end.usage) : null,
  };
}

function outputText(output: readonly unknown[]): string {
  let text = '';
  for (const item of output) {
    const { type, content } = item as { type?: unknown; content?: unknown };
    if (type !== 'message' || !Array.isArray(content)) continue;
    for (const part of content as { type?: unknown; text?: unknown }[]) {
      if (part.type === 'output_text' && typeof part.text === 'string') text += part.text;
    }
  }
  return text;
}
