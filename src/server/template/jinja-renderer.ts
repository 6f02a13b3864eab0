import type { SpecialTokens } from './chat-template-context.js';
import { parseJinjaChatTemplate } from './jinja-template.js';
import type { PromptRenderer } from './prompt-renderer.js';

/** Options of `promptRendererFromText`. */
export interface JinjaRendererOptions extends SpecialTokens {
  /** Names the template in errors (the file path); default `chat template`. */
  readonly name?: string;
}

/**
 * A prompt renderer for the text of a Jinja chat template (a model's `chat_template.jinja`), with the
 * `bos_token` / `eos_token` it prints (`""` when not given). Source `jinja`. Throws `TemplateError` when
 * the template does not parse; `render` throws `TemplateError` when the template fails or refuses the
 * conversation (see `parseJinjaChatTemplate`, `chatTemplateContext`).
 */
export function promptRendererFromText(text: string, options: JinjaRendererOptions = {}): PromptRenderer {
  const template = parseJinjaChatTemplate(text, options.name ?? 'chat template');
  return { source: 'jinja', render: (input) => template.render(input, options) };
}
