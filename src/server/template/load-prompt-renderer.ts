import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type PromptRenderer, TemplateError, type TemplateSource } from './prompt-renderer.js';
import { promptRendererFromSource } from './prompt-renderer-from-source.js';

/**
 * Loads a model's chat template (Node): files of `source` are read as UTF-8, relative to
 * `options.baseDir` (the config file's folder), once; the returned renderer keeps the parsed template.
 * Throws `TemplateError` when a file cannot be read (naming the path), the template does not parse, the
 * tokenizer config is malformed, or a built-in id is unknown.
 */
export async function loadPromptRenderer(
  source: TemplateSource,
  options: { readonly baseDir: string },
): Promise<PromptRenderer> {
  return promptRendererFromSource(source, async (path) => {
    const file = resolve(options.baseDir, path);
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new TemplateError(`cannot read chat template file ${file}: ${reason}`);
    }
  });
}
