import { UnknownFormatError } from '../errors/unknown-format-error.js';
import { type AutoFormatOptions, AutoParser, detectFormatFromModel } from './auto.js';
import type { FormatDefinition } from './format-definition.js';
import { glm45 } from './glm45.js';
import { glm47 } from './glm47.js';
import { hermes } from './hermes.js';
import { lfm2 } from './lfm2.js';
import { olmo3 } from './olmo3.js';
import { kimiK2 } from './kimi-k2.js';
import { llama4Pythonic } from './llama4-pythonic.js';
import { pythonic } from './pythonic.js';
import { deepseekR1 } from './deepseek-r1.js';
import { deepseekV3 } from './deepseek-v3.js';
import { deepseekV31 } from './deepseek-v31.js';
import { deepseekV32 } from './deepseek-v32.js';
import { minimaxM2 } from './minimax-m2.js';
import { mistral } from './mistral.js';
import { qwen3Coder } from './qwen3-coder.js';

/** Every registered format, in the order `toolwire formats` lists them. */
const formats: readonly FormatDefinition[] = [
  hermes,
  qwen3Coder,
  minimaxM2,
  deepseekV32,
  deepseekV3,
  deepseekR1,
  deepseekV31,
  mistral,
  pythonic,
  llama4Pythonic,
  lfm2,
  olmo3,
  glm45,
  glm47,
  kimiK2,
];

const byName = new Map<string, FormatDefinition>();
for (const format of formats) {
  byName.set(format.id, format);
  for (const alias of format.aliases) byName.set(alias, format);
}

/** All registered formats (ids as vLLM / SGLang / llama.cpp name them). */
export function listFormats(): readonly FormatDefinition[] {
  return formats;
}

/**
 * The format registered under `id` or one of its aliases (case-insensitive, `-` and `_` alike).
 * @throws {UnknownFormatError} (code `unknown_format`) for any other id.
 */
export function getFormat(id: string): FormatDefinition {
  const format = byName.get(id) ?? byName.get(id.toLowerCase().replaceAll('-', '_'));
  if (!format) throw new UnknownFormatError(id, formats.map((entry) => entry.id));
  return format;
}

/**
 * `auto`: the format named by `options.model`, else the one whose markers appear first in the output.
 * See `AutoParser` for how marker detection buffers.
 */
export const auto: FormatDefinition = {
  id: 'auto',
  aliases: [],
  description: 'picks the format from --model, or from the first markers in the output',
  models: [],
  markers: [],
  example: '',
  create: (options?: AutoFormatOptions) => {
    const byModel = options?.model ? detectFormatFromModel(options.model, formats) : undefined;
    if (byModel) return byModel.create(options);
    return new AutoParser(options ?? {}, (id) => byName.get(id), hermes);
  },
};
byName.set('auto', auto);
