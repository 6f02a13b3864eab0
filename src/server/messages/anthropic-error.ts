import type { GatewayError } from '../http/gateway-error.js';

/** Anthropic's error `type` values (https://docs.anthropic.com/en/api/errors). */
export type AnthropicErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'request_too_large'
  | 'rate_limit_error'
  | 'api_error'
  | 'overloaded_error';

/**
 * The Anthropic error type of a gateway error, by its status as Anthropic's table pairs them: 400
 * `invalid_request_error`, 401 `authentication_error`, 403 `permission_error`, 404 `not_found_error`,
 * 413 `request_too_large`, 429 `rate_limit_error`, 503 (and Anthropic's 529) `overloaded_error`, other
 * 5xx `api_error`. Other 4xx statuses are `invalid_request_error`, as Anthropic documents it uses that
 * type for them: among them 422, an answer that broke `tool_choice` or `disable_parallel_tool_use` on a
 * backend without grammars. The status itself is kept (502 and 504 for backend failures).
 */
export function anthropicErrorType(status: number): AnthropicErrorType {
  switch (status) {
    case 401:
      return 'authentication_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 503:
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

/** An error body in Anthropic's shape: `{"type": "error", "error": {"type", "message"}}`. */
export function anthropicErrorBody(error: GatewayError): {
  type: 'error';
  error: { type: AnthropicErrorType; message: string };
} {
  return { type: 'error', error: { type: anthropicErrorType(error.status), message: error.message } };
}

/** A JSON error `Response` in Anthropic's shape, with the error's status. */
export function anthropicErrorResponse(error: GatewayError): Response {
  return Response.json(anthropicErrorBody(error), { status: error.status });
}

/** Whether `path` is on the Anthropic Messages surface (`/v1/messages` and below), whose errors take its shape. */
export function isMessagesPath(path: string): boolean {
  return path === '/v1/messages' || path.startsWith('/v1/messages/');
}
