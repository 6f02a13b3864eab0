import { promptTemplates, renderPromptText } from '../../ai-sdk/index.js';
import { languageModelPrompt } from './language-model-prompt.js';
import { type PromptRenderer, TemplateError } from './prompt-renderer.js';

/**
 * The reasoning switch of the built-in templates whose models' own templates have one
 * (`enable_thinking`): the end of the generation prompt the built-in writes by default, and what
 * replaces it with thinking on and with it off, as those templates write them (Qwen3 and Qwen3.5 an
 * empty `<think>` block when off; Nemotron 3 `<think></think>`; DeepSeek V3.1 and V3.2, off by
 * default, an open `<think>` when on; GLM-4.7 and GLM-5 a closing `</think>` when off).
 */
const thinkingSwitches: Readonly<
  Record<string, { readonly on: readonly [string, string]; readonly off: readonly [string, string] }>
> = {
  qwen3: { on: ['', ''], off: ['', '<think>\n\n</think>\n\n'] },
  'qwen3.5': { on: ['', ''], off: ['<think>\n', '<think>\n\n</think>\n\n'] },
  'nemotron-3': { on: ['', ''], off: ['<think>\n', '<think></think>'] },
  'deepseek-v3.1': { on: ['</think>', '<think>'], off: ['', ''] },
  'deepseek-v3.2': { on: ['<think></think>', '<think>'], off: ['', ''] },
  'glm-4.7': { on: ['', ''], off: ['<think>', '</think>'] },
  'glm-5': { on: ['', ''], off: ['<think>', '</think>'] },
};

/**
 * The reasoning-effort line of the built-in templates whose models' templates read `reasoning_effort`
 * (gpt-oss's system message: `Reasoning: medium` by default, `low` / `high` when asked), as the default
 * rendering writes it; the first occurrence is in the system message, which comes first.
 */
const effortLines: Readonly<Record<string, string>> = {
  'gpt-oss': '\nReasoning: medium\n',
};

/**
 * A prompt renderer for one of toolwire's built-in templates (`promptTemplates` of `toolwire/ai-sdk`, by
 * `id`): the conversation as a `LanguageModelV3Prompt` (`languageModelPrompt`) written by
 * `renderPromptText` with the tool choice and date. `input.reasoning` switches thinking on or off for
 * the built-ins whose models' templates read `enable_thinking` (`qwen3`, `qwen3.5`, `nemotron-3`,
 * `deepseek-v3.1`, `deepseek-v3.2`, `glm-4.7`, `glm-5`: the end of the generation prompt, as those
 * templates write it), and `input.reasoning.effort` sets gpt-oss's `Reasoning:` line (`low`, `medium`,
 * `high`; thinking cannot be switched off there, as in its own template); the others have no switch
 * (`reasoningSwitch: false`). Source `builtin:<id>`.
 * Throws `TemplateError` for an unknown id (the message lists the valid ids); `render` throws it for
 * image and file parts.
 */
export function builtinPromptRenderer(id: string): PromptRenderer {
  const template = promptTemplates.find((candidate) => candidate.id === id);
  if (template === undefined)
    throw new TemplateError(
      `unknown built-in template "${id}"; valid ids: ${promptTemplates.map((entry) => entry.id).join(', ')}`,
    );
  const switches = Object.hasOwn(thinkingSwitches, id) ? thinkingSwitches[id] : undefined;
  const effortLine = Object.hasOwn(effortLines, id) ? effortLines[id] : undefined;
  return {
    source: `builtin:${id}`,
    reasoningSwitch: switches !== undefined || effortLine !== undefined,
    render: (input) => {
      const prompt = renderPromptText(languageModelPrompt(input.messages), input.tools, template, {
        toolChoice: input.toolChoice,
        ...(input.date === undefined ? {} : { date: input.date }),
      });
      const effort = input.reasoning?.effort;
      if (effortLine !== undefined && effort !== undefined)
        return prompt.replace(effortLine, `\nReasoning: ${effort}\n`);
      if (switches === undefined || input.reasoning === undefined) return prompt;
      const [ending, replacement] = input.reasoning.enabled ? switches.on : switches.off;
      return prompt.endsWith(ending) ? prompt.slice(0, prompt.length - ending.length) + replacement : prompt;
    },
  };
}
