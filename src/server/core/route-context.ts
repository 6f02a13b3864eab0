import type { ChatReasoningField } from '../config/gateway-config.js';
import { GatewayError } from '../http/gateway-error.js';
import type { RequestRecord } from '../http/request-record.js';
import type { ResolvedModel } from './run-turn.js';

/** What a surface's route needs from the gateway. */
export interface RouteContext {
  readonly models: ReadonlyMap<string, ResolvedModel>;
  readonly record: RequestRecord;
  readonly notice: (message: string) => void;
  /** Aborted when the client goes away or the gateway shuts down. */
  readonly signal: AbortSignal;
  /** Called once when the answer has been sent whole (or abandoned). */
  readonly done: () => void;
  /** The longest answer a turn reads (`GatewayOptions.maxAnswerCharacters`). */
  readonly maxAnswerCharacters: number;
  /** Where Chat Completions answers carry reasoning (`GatewayOptions.reasoningField`). */
  readonly reasoningField: ChatReasoningField;
}

/**
 * Looks up the model a request names.
 *
 * @throws {GatewayError} 404 `model_not_found` (param `model`) when the gateway serves none of that name.
 */
export function findModel(models: ReadonlyMap<string, ResolvedModel>, name: string): ResolvedModel {
  const model = models.get(name);
  if (model === undefined) {
    throw new GatewayError(
      404,
      'invalid_request_error',
      'model_not_found',
      `The model "${name}" does not exist on this gateway`,
      'model',
    );
  }
  return model;
}
