import { GatewayError } from '../http/gateway-error.js';
import { type PromptRenderer, type RenderInput, TemplateRefusal } from '../template/prompt-renderer.js';

/**
 * The prompt `model`'s chat template writes for `input`, generation prompt included.
 *
 * @throws {GatewayError} 500 `template_missing` when the model has no template (a passthrough backend,
 *   which renders its own); 400 `template_refused` (param `messages`) when the template refuses the
 *   conversation (its `raise_exception`); 500 `template_error` when the template fails.
 */
export function renderPrompt(
  model: { readonly name: string; readonly renderer: PromptRenderer | undefined },
  input: RenderInput,
): string {
  if (model.renderer === undefined) {
    throw new GatewayError(
      500,
      'server_error',
      'template_missing',
      `model "${model.name}" has no chat template`,
    );
  }
  try {
    return model.renderer.render(input);
  } catch (error) {
    if (error instanceof TemplateRefusal)
      throw new GatewayError(400, 'invalid_request_error', 'template_refused', error.message, 'messages');
    throw new GatewayError(
      500,
      'server_error',
      'template_error',
      `the chat template failed: ${(error as Error).message}`,
    );
  }
}
