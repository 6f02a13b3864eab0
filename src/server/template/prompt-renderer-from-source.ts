import { builtinPromptRenderer } from './builtin-renderer.js';
import { promptRendererFromText } from './jinja-renderer.js';
import type { PromptRenderer, TemplateSource } from './prompt-renderer.js';
import { promptRendererFromTokenizerConfig } from './tokenizer-config.js';

/** Reads a template file named in the config (a path as written there); rejects when it cannot. */
export type ReadTemplateFile = (path: string) => Promise<string>;

/**
 * The prompt renderer of a `TemplateSource`, reading files with `read` (platform-neutral: Node's loader is
 * `loadPromptRenderer`). A `jinja` file has no special tokens (`bos_token` / `eos_token` are `""`).
 * Throws `TemplateError` (unknown built-in id, a template that does not parse, a bad tokenizer config);
 * errors of `read` are passed on.
 */
export async function promptRendererFromSource(
  source: TemplateSource,
  read: ReadTemplateFile,
): Promise<PromptRenderer> {
  if ('builtin' in source) return builtinPromptRenderer(source.builtin);
  if ('jinja' in source) return promptRendererFromText(await read(source.jinja), { name: source.jinja });
  return promptRendererFromTokenizerConfig(await read(source.tokenizerConfig), source.tokenizerConfig);
}
