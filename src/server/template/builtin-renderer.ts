import { promptTemplates, renderPromptText } from '../../ai-sdk/index.js';
import { languageModelPrompt } from './language-model-prompt.js';
import { type PromptRenderer, TemplateError } from './prompt-renderer.js';

/**
 * A prompt renderer for one of toolwire's built-in templates (`promptTemplates` of `toolwire/ai-sdk`, by
 * `id`): the conversation as a `LanguageModelV3Prompt` (`languageModelPrompt`) written by
 * `renderPromptText` with the tool choice and date. Built-in templates have no reasoning switch:
 * `input.reasoning` is not read. Source `builtin:<id>`. Throws `TemplateError` for an unknown id (the
 * message lists the valid ids); `render` throws it for image and file parts.
 */
export function builtinPromptRenderer(id: string): PromptRenderer {
  const template = promptTemplates.find((candidate) => candidate.id === id);
  if (template === undefined)
    throw new TemplateError(
      `unknown built-in template "${id}"; valid ids: ${promptTemplates.map((entry) => entry.id).join(', ')}`,
    );
  return {
    source: `builtin:${id}`,
    render: (input) =>
      renderPromptText(languageModelPrompt(input.messages), input.tools, template, {
        toolChoice: input.toolChoice,
        ...(input.date === undefined ? {} : { date: input.date }),
      }),
  };
}
