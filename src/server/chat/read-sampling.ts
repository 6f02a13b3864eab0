import type { SamplingParams } from '../backends/backend.js';
import { badField } from '../http/gateway-error.js';

/** Most stop sequences a request may give (OpenAI's limit). */
const MAX_STOP = 4;

/**
 * The sampling fields of a Chat Completions body, checked: `max_completion_tokens` (or the older
 * `max_tokens`) a positive integer, `temperature` 0-2, `top_p` 0-1, `stop` a string or up to four,
 * `seed` an integer, and `top_k` a positive integer (an extension vLLM, SGLang and llama.cpp's server
 * take in Chat Completions; the route refuses it when the backend cannot).
 *
 * @throws {GatewayError} 400 naming the field.
 */
export function readSampling(record: Record<string, unknown>): SamplingParams {
  const maxTokens = positiveInteger(record, 'max_completion_tokens') ?? positiveInteger(record, 'max_tokens');
  const temperature = numberIn(record, 'temperature', 0, 2);
  const topP = numberIn(record, 'top_p', 0, 1);
  const topK = positiveInteger(record, 'top_k');
  const seed = record.seed;
  if (seed !== undefined && seed !== null && !Number.isSafeInteger(seed))
    throw badField('seed', '"seed" must be an integer');
  return {
    ...(maxTokens === undefined ? {} : { maxTokens }),
    ...(temperature === undefined ? {} : { temperature }),
    ...(topP === undefined ? {} : { topP }),
    ...(topK === undefined ? {} : { topK }),
    ...readStop(record.stop),
    ...(typeof seed === 'number' ? { seed } : {}),
  };
}

function positiveInteger(record: Record<string, unknown>, key: string): number | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (!Number.isSafeInteger(value) || (value as number) < 1)
    throw badField(key, `"${key}" must be a positive integer`);
  return value as number;
}

function numberIn(
  record: Record<string, unknown>,
  key: string,
  low: number,
  high: number,
): number | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < low || value > high) {
    throw badField(key, `"${key}" must be a number from ${low} to ${high}`);
  }
  return value;
}

function readStop(value: unknown): { stop?: string[] } {
  if (value === undefined || value === null) return {};
  const list = typeof value === 'string' ? [value] : value;
  if (
    !Array.isArray(list) ||
    list.length > MAX_STOP ||
    !list.every((entry) => typeof entry === 'string' && entry !== '')
  ) {
    throw badField('stop', `"stop" must be a non-empty string or an array of up to ${MAX_STOP} of them`);
  }
  return { stop: list as string[] };
}
