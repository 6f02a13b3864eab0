/**
 * An error the gateway answers with, in OpenAI's shape (`{"error": {"message", "type", "param",
 * "code"}}`) and the status it belongs to. Surfaces with another error shape (Anthropic's) map it.
 */
export class GatewayError extends Error {
  readonly status: number;
  readonly type: GatewayErrorType;
  readonly code: string;
  readonly param: string | null;

  constructor(
    status: number,
    type: GatewayErrorType,
    code: string,
    message: string,
    param: string | null = null,
  ) {
    super(message);
    this.name = 'GatewayError';
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }
}

/** OpenAI's error `type` values the gateway uses. */
export type GatewayErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'not_found_error'
  | 'rate_limit_error'
  | 'server_error'
  | 'model_output_error';

/** A 400 for a request field: wrong type, out of range, or not honoured by the model's backend. */
export function badField(param: string, message: string, code = 'invalid_value'): GatewayError {
  return new GatewayError(400, 'invalid_request_error', code, message, param);
}

/** The JSON body of an error answer. */
export function errorBody(error: GatewayError): {
  error: { message: string; type: string; param: string | null; code: string };
} {
  return { error: { message: error.message, type: error.type, param: error.param, code: error.code } };
}

/** A JSON error `Response` in OpenAI's shape. */
export function errorResponse(error: GatewayError): Response {
  return Response.json(errorBody(error), { status: error.status });
}
