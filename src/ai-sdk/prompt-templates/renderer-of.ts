// The tool renderer a prompt template starts from: the variant of `promptRenderers` for a model.

import { promptRenderers } from '../renderers/prompt-renderers.js';
import type { ToolPromptRenderer } from '../renderers/tool-prompt-renderer.js';

/** The format's renderer for a model name (the variant `rendererFor` picks). */
export function rendererOf(format: string, model = ''): ToolPromptRenderer {
  const variants = promptRenderers[format] ?? [];
  const name = model.toLowerCase();
  const variant =
    variants.find((entry) => entry.models.some((pattern) => name.includes(pattern))) ??
    variants.find((entry) => entry.models.length === 0);
  if (variant === undefined) throw new Error(`no renderer for ${format}`);
  return variant.renderer;
}
