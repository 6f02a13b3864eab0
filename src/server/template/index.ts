/**
 * The gateway's prompt renderers: a model's chat template (a Jinja file, a `tokenizer_config.json`, or a
 * built-in template) writing the whole conversation as one raw prompt.
 */
export { builtinPromptRenderer } from './builtin-renderer.js';
export {
  type ChatTemplateMessage,
  type ChatTemplateTool,
  type ChatTemplateToolCall,
  chatTemplateContext,
  chatTemplateMessages,
  chatTemplateTools,
  type SpecialTokens,
} from './chat-template-context.js';
export { type JinjaRendererOptions, promptRendererFromText } from './jinja-renderer.js';
export { languageModelPrompt } from './language-model-prompt.js';
export { loadPromptRenderer } from './load-prompt-renderer.js';
export {
  type PromptRenderer,
  type RenderInput,
  TemplateError,
  TemplateRefusal,
  type TemplateSource,
} from './prompt-renderer.js';
export { promptRendererFromSource, type ReadTemplateFile } from './prompt-renderer-from-source.js';
export { strftime } from './strftime.js';
export { promptRendererFromTokenizerConfig } from './tokenizer-config.js';
