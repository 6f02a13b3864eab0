import { promptTemplates } from '../../ai-sdk/index.js';
import { getFormat } from '../../formats/index.js';

/**
 * The id of the built-in template (`toolwire/ai-sdk`'s `promptTemplates`) a raw-text backend renders
 * with when a model names no template: of those written for `format` (an id or an alias: `qwen` is
 * `hermes`'s), the one named as the format is (`deepseek_v3`: `deepseek-v3`), else the first; for a
 * format with none written for it, the one named as it is (`deepseek_r1`: `deepseek-r1`); `undefined` when
 * there is none (or the format is unknown). The config file, the CLI and `createGateway` all use it,
 * so one model renders the same prompt however it is served.
 */
export function defaultBuiltinTemplate(format: string): string | undefined {
  let id: string;
  try {
    id = getFormat(format).id;
  } catch {
    return undefined;
  }
  const named = id.replaceAll('_', '-');
  const written = promptTemplates.filter((template) => template.format === id);
  // A format named for a model defaults to that model's template (deepseek_v3: deepseek-v3, not the
  // DeepSeek-R1 template listed first, whose prompt opens a think block V3 never closes).
  return (
    written.find((template) => template.id === named)?.id ??
    written[0]?.id ??
    promptTemplates.find((template) => template.id === named)?.id
  );
}
