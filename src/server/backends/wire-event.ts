import { type BackendChunk, BackendError, type BackendUsage } from './backend.js';
import { excerptOf, isContextOverflow } from './http-stream.js';

/**
 * One event's JSON object. An object with an `error` member is the backend reporting a failure
 * mid-stream (vLLM and llama.cpp send `{"error": {"message", "code"}}`, Ollama `{"error": "..."}`).
 *
 * @throws BackendError `backend_protocol` when `data` is not a JSON object; `backend_status` when it
 * is an error report (`backendStatus` = its numeric `code`, when it has one).
 */
export function parseWireEvent(data: string, secrets: readonly string[]): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new BackendError(
      'backend_protocol',
      `the backend sent an event that is not JSON: ${excerptOf(data, secrets)}`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BackendError(
      'backend_protocol',
      `the backend sent an event that is not a JSON object: ${excerptOf(data, secrets)}`,
    );
  }
  const event = value as Record<string, unknown>;
  if (event.error !== undefined && event.error !== null) {
    const error = event.error as { message?: unknown; code?: unknown };
    const message =
      typeof error === 'string'
        ? error
        : typeof error.message === 'string'
          ? error.message
          : JSON.stringify(error);
    const code =
      typeof error === 'object' && Number.isInteger(error.code) ? (error.code as number) : undefined;
    const status = code !== undefined && code >= 400 && code <= 599 ? code : undefined;
    // llama.cpp reports a prompt longer than the context in its stream (its `error` field): the
    // client's request is what cannot be served, a 400 as when the server answers with the status.
    if (isContextOverflow(message.slice(0, 300)))
      throw new BackendError(
        'context_length_exceeded',
        `prompt is too long for the model's context; the backend reported: ${excerptOf(message, secrets)}`,
      );
    throw new BackendError(
      'backend_status',
      `the backend reported an error mid-stream: ${excerptOf(message, secrets)}`,
      status,
    );
  }
  return event;
}

/** A token count the backend reported: a non-negative integer, else `undefined`. */
function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** `BackendUsage` from the backend's two counts; `undefined` when it reported neither. */
export function usageOf(promptTokens: unknown, completionTokens: unknown): BackendUsage | undefined {
  const prompt = count(promptTokens);
  const completion = count(completionTokens);
  if (prompt === undefined && completion === undefined) return undefined;
  return {
    ...(prompt === undefined ? {} : { promptTokens: prompt }),
    ...(completion === undefined ? {} : { completionTokens: completion }),
  };
}

/** The object at `value`, or `undefined` when it is not a (non-array) object. */
export function objectAt(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * One `text` or `reasoning` chunk for `text` when it is a non-empty string, none when it is empty,
 * absent or null (servers send `null` on the events that only finish).
 *
 * @throws BackendError `backend_protocol` for any other value (a number, an object): text the
 *   backend garbled is not read as no text.
 */
export function textChunks(type: 'text' | 'reasoning', text: unknown): BackendChunk[] {
  if (typeof text === 'string') return text === '' ? [] : [{ type, text }];
  if (text === undefined || text === null) return [];
  throw new BackendError(
    'backend_protocol',
    `the backend sent ${type} that is not a string: ${Array.isArray(text) ? 'an array' : typeof text === 'object' ? 'an object' : `a ${typeof text}`}`,
  );
}

/** A stop string a backend reported as the one that matched: a non-empty string, else `undefined`. */
export function stopString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
