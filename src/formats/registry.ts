import { ToolwireError } from '../errors/toolwire-error.js';
import { UnknownFormatError } from '../errors/unknown-format-error.js';
import { type AutoFormatOptions, AutoParser, type ModelPlan, modelPlan } from './auto.js';
import { type WholeTextPlan, wholeTextPlan } from './families/tagged-json/whole-text-calls.js';
import type { FormatDefinition } from './format-definition.js';
import { checkFormatOptions, describe } from './format-options.js';
import { apertus } from './models/apertus.js';
import { commandRPlus } from './models/command-r-plus.js';
import { commandR7b } from './models/command-r7b.js';
import { contentOnly } from './models/content-only.js';
import { deepseekR1 } from './models/deepseek-r1.js';
import { deepseekV3 } from './models/deepseek-v3.js';
import { deepseekV4 } from './models/deepseek-v4.js';
import { deepseekV31 } from './models/deepseek-v31.js';
import { deepseekV32 } from './models/deepseek-v32.js';
import { firefunctionV2 } from './models/firefunction-v2.js';
import { functionaryV31 } from './models/functionary-v31.js';
import { functionaryV32 } from './models/functionary-v32.js';
import { functiongemma } from './models/functiongemma.js';
import { gemma4 } from './models/gemma4.js';
import { gigachat3 } from './models/gigachat3.js';
import { glm45 } from './models/glm45.js';
import { glm47 } from './models/glm47.js';
import { granite } from './models/granite.js';
import { granite4 } from './models/granite4.js';
import { harmony } from './models/harmony.js';
import { hermes, hermesConfig } from './models/hermes.js';
import { hunyuanA13b } from './models/hunyuan-a13b.js';
import { hyV3 } from './models/hy-v3.js';
import { internlm } from './models/internlm.js';
import { jamba } from './models/jamba.js';
import { kimiK2 } from './models/kimi-k2.js';
import { kimiK3 } from './models/kimi-k3.js';
import { lfm2 } from './models/lfm2.js';
import { llama3Json } from './models/llama3-json.js';
import { llama4Pythonic } from './models/llama4-pythonic.js';
import { minicpm5 } from './models/minicpm5.js';
import { minimaxM2 } from './models/minimax-m2.js';
import { minimaxM3 } from './models/minimax-m3.js';
import { mistral } from './models/mistral.js';
import { muse } from './models/muse.js';
import { nemotron } from './models/nemotron.js';
import { olmo3 } from './models/olmo3.js';
import { phi4Mini } from './models/phi4-mini.js';
import { poolsideV1 } from './models/poolside-v1.js';
import { pythonic } from './models/pythonic.js';
import { qwen3Coder } from './models/qwen3-coder.js';
import { seedOss } from './models/seed-oss.js';
import { step3 } from './models/step3.js';
import { tagged } from './models/tagged.js';
import { xlam } from './models/xlam.js';
import { schemaAligned, withSchemaAlignment } from './schema-aligned.js';

/**
 * Every registered format, in the order `toolwire formats` lists them: each definition with a `create`
 * that aligns arguments (`schemaAlignment`) when the options give no `align` (see `schemaAligned`).
 */
const formats: readonly FormatDefinition[] = [
  hermes,
  qwen3Coder,
  minimaxM2,
  deepseekV32,
  deepseekV3,
  deepseekR1,
  deepseekV31,
  mistral,
  functionaryV31,
  functionaryV32,
  gigachat3,
  internlm,
  commandR7b,
  pythonic,
  llama4Pythonic,
  lfm2,
  olmo3,
  harmony,
  llama3Json,
  glm45,
  glm47,
  kimiK2,
  hyV3,
  poolsideV1,
  kimiK3,
  seedOss,
  deepseekV4,
  step3,
  minicpm5,
  granite4,
  granite,
  jamba,
  nemotron,
  phi4Mini,
  firefunctionV2,
  hunyuanA13b,
  apertus,
  xlam,
  commandRPlus,
  gemma4,
  functiongemma,
  minimaxM3,
  muse,
  contentOnly,
  tagged,
].map(schemaAligned);

const byName = new Map<string, FormatDefinition>();
for (const format of formats) {
  byName.set(format.id, format);
  for (const alias of format.aliases) byName.set(alias, format);
}

/**
 * The registered formats whose usual outputs `parseToolCalls` reads whole without running their parser
 * (`wholeTextCalls`), with the plan to read them by: Hermes, the most common format by far.
 */
const wholeText = new Map<FormatDefinition, WholeTextPlan>();
const registeredHermes = byName.get(hermes.id);
const hermesPlan = wholeTextPlan(hermesConfig);
if (registeredHermes !== undefined && hermesPlan !== undefined) wholeText.set(registeredHermes, hermesPlan);

/** How `parseToolCalls` may read an output of `format` whole (see `wholeText`), if it may. */
export function wholeTextReading(format: FormatDefinition): WholeTextPlan | undefined {
  return wholeText.get(format);
}

/** All registered formats (ids as vLLM / SGLang / llama.cpp name them). */
export function listFormats(): readonly FormatDefinition[] {
  return formats;
}

/**
 * The format registered under `id` or one of its aliases (case-insensitive, `-` and `_` alike).
 * @throws {UnknownFormatError} (code `unknown_format`) for any other id.
 * @throws {ToolwireError} (code `invalid_argument`) when `id` is not a string.
 */
export function getFormat(id: string): FormatDefinition {
  if (typeof id !== 'string')
    throw new ToolwireError('invalid_argument', `getFormat() takes a format id string, got ${describe(id)}`);
  const format = byName.get(id) ?? byName.get(id.toLowerCase().replaceAll('-', '_'));
  if (!format)
    throw new UnknownFormatError(
      id,
      formats.map((entry) => entry.id),
    );
  return format;
}

/**
 * `auto`: the format named by `options.model`, else the one whose markers appear first in the output.
 * See `AutoParser` for how marker detection buffers and when it warns.
 */
export const auto: FormatDefinition = {
  id: 'auto',
  aliases: [],
  description: 'picks the format from --model, or from the first markers in the output',
  models: [],
  markers: [],
  example: '',
  create: (given?: AutoFormatOptions) => {
    const options = withSchemaAlignment(checkFormatOptions(given));
    const byModel = resolveModelFormat(auto, options?.model);
    if (byModel !== auto) return byModel.create(options);
    return new AutoParser(options, resolveId, fallback());
  },
};
byName.set('auto', auto);

function resolveId(id: string): FormatDefinition | undefined {
  return byName.get(id);
}

function fallback(): FormatDefinition {
  return byName.get('tagged') ?? (formats[0] as FormatDefinition);
}

/**
 * The format a parse with `format` and `model` really uses: `auto` with a model name that maps to a
 * format (see `modelPlan`) is that format (its id, markers and envelope), its parser an `AutoParser`
 * over the formats the model's family writes (Llama 3.2: `llama3_json`, then `pythonic`) with the
 * options the model implies (`reasoningStartedInPrompt` for templates that open the reasoning block),
 * which warns when the output holds another format's call signature and none was found. Anything
 * else is returned unchanged (`auto` with an unknown model name warns about it). Callers create the
 * parser from the result, so the format id they report needs no second look-up.
 */
export function resolveModelFormat(format: FormatDefinition, model: string | undefined): FormatDefinition {
  if (format !== auto || model === undefined) return format;
  const plan = modelPlan(model, formats, resolveId);
  const primary = plan?.formats[0];
  if (plan === undefined || primary === undefined) return format;
  return { ...primary, create: (given?: AutoFormatOptions) => createForModel(plan, given) };
}

function createForModel(plan: ModelPlan, given: AutoFormatOptions | undefined): AutoParser {
  const options = withSchemaAlignment(checkFormatOptions(given));
  const implied =
    plan.reasoningOpened && options.reasoningStartedInPrompt === undefined
      ? { ...options, reasoningStartedInPrompt: true }
      : options;
  return new AutoParser(implied, resolveId, fallback(), plan.formats);
}
