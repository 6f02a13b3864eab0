import type { SamplingParams } from '../backends/backend.js';
import { badField } from '../http/gateway-error.js';
import type { ResolvedModel } from './run-turn.js';

/**
 * Refuses sampling parameters the model's backend cannot take (`capabilities`), before it is asked:
 * `seed`, and `top_k` (which hosted chat APIs behind `openai-chat-passthrough` refuse).
 *
 * @throws {GatewayError} 400 `unsupported_parameter` naming the field (`seed` or `top_k`).
 */
export function refuseUnsupportedSampling(params: SamplingParams, model: ResolvedModel): void {
  const { capabilities } = model.backend;
  if (params.seed !== undefined && !capabilities.seed) {
    throw badField(
      'seed',
      `"seed" is not supported by the backend of "${model.name}"`,
      'unsupported_parameter',
    );
  }
  if (params.topK !== undefined && capabilities.topK !== true) {
    throw badField(
      'top_k',
      `"top_k" is not supported by the backend of "${model.name}" (${model.backend.kind})`,
      'unsupported_parameter',
    );
  }
}
