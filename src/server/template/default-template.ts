import { promptTemplates } from '../../ai-sdk/index.js';
import { getFormat } from '../../formats/index.js';

/**
 * The id of the built-in template (`toolwire/ai-sdk`'s `promptTemplates`) a raw-text backend renders
 * with when a model names no template: the first written for `format` (an id or an alias: `qwen` is
 * `hermes`'s), else the one named as the format is (`deepseek_r1`: `deepseek-r1`); `undefined` when
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
  return (
    promptTemplates.find((template) => template.format === id)?.id ??
    promptTemplates.find((template) => template.id === named)?.id
  );
}
