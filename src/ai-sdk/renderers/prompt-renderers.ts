// The tool renderers by format id (with model variants), the lookup, and the fallback for other formats.

import { apertusRenderer } from './apertus-renderer.js';
import { commandR7bRenderer } from './command-r7b-renderer.js';
import { deepseekR1Renderer, deepseekV3Renderer, deepseekV31Renderer } from './deepseek-renderers.js';
import { deepseekV32Renderer } from './deepseek-v32-renderer.js';
import { functiongemmaRenderer } from './functiongemma-renderer.js';
import { gemma4Renderer } from './gemma4-renderer.js';
import { gigachat3Renderer } from './gigachat3-renderer.js';
import { glmRenderer } from './glm-renderer.js';
import { graniteRenderer } from './granite-renderer.js';
import { granite4Renderer } from './granite4-renderer.js';
import { harmonyRenderer } from './harmony-renderer.js';
import { hermesRenderer } from './hermes-renderer.js';
import { hunyuanA13bRenderer } from './hunyuan-a13b-renderer.js';
import { internlmRenderer } from './internlm-renderer.js';
import { kimiK2Renderer } from './kimi-k2-renderer.js';
import { kimiK3Renderer } from './kimi-k3-renderer.js';
import { lfm2Renderer } from './lfm2-renderer.js';
import {
  llama4PythonicRenderer,
  llama32PythonicRenderer,
  toolacePythonicRenderer,
} from './llama-pythonic-renderers.js';
import { llama3JsonRenderer } from './llama3-json-renderer.js';
import { minimaxM2Renderer } from './minimax-m2-renderer.js';
import { mistralRenderer } from './mistral-renderer.js';
import { nemotronRenderer } from './nemotron-renderer.js';
import { olmo3Renderer } from './olmo3-renderer.js';
import { phi4MiniRenderer } from './phi4-mini-renderer.js';
import { pythonJson } from './python-json.js';
import { pythonicRenderer } from './pythonic-renderer.js';
import { qwenXmlRenderer } from './qwen-xml-renderer.js';
import { functionTool } from './render-pieces.js';
import { seedOssRenderer } from './seed-oss-renderer.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';
import { xlamRenderer } from './xlam-renderer.js';

/** A renderer and the model names (case-insensitive substrings) whose templates it follows. */
export interface RendererVariant {
  /** Empty: the format's default. */
  readonly models: readonly string[];
  readonly renderer: ToolPromptRenderer;
}

/**
 * Renderers by format id, each a list of variants: the first whose `models` match the model name
 * wins, else the one with no `models`. Formats without an entry get `genericRenderer` (the Hermes tool
 * section plus the format's own example output as the call syntax). Checked against the models' own
 * templates in `test/ai-sdk/template-check.test.ts`.
 */
export const promptRenderers: Readonly<Record<string, readonly RendererVariant[]>> = {
  hermes: [{ models: [], renderer: hermesRenderer }],
  qwen3_coder: [
    {
      models: ['qwen3.5', 'qwen3-5', 'qwen3.6', 'qwen3-6'],
      renderer: qwenXmlRenderer({
        list: 'json',
        intro: 'You have access to the following functions:',
        revision: 2,
        before: true,
        contentBreak: '\n\n',
        callBreak: '\n',
      }),
    },
    {
      models: ['step-3.5', 'step3.5'],
      renderer: qwenXmlRenderer({
        list: 'json',
        intro: 'You have access to the following functions in JSONSchema format:',
        revision: 3,
        before: false,
        toolMessages: true,
        contentBreak: '',
        callBreak: '',
      }),
    },
    {
      models: ['nemotron-3', 'nemotron3'],
      renderer: qwenXmlRenderer({
        list: 'xml',
        intro: 'You have access to the following functions:',
        revision: 2,
        before: false,
        padCalls: true,
        contentBreak: '\n',
        callBreak: '\n',
      }),
    },
    {
      models: [],
      renderer: qwenXmlRenderer({
        list: 'xml',
        intro: 'You have access to the following tools:',
        revision: 1,
        before: false,
        contentBreak: '\n\n',
        callBreak: '\n',
      }),
    },
  ],
  llama3_json: [{ models: [], renderer: llama3JsonRenderer }],
  glm45: [{ models: [], renderer: glmRenderer({ wrapped: true, lines: true }) }],
  glm47: [
    { models: ['glm-5', 'glm5'], renderer: glmRenderer({ wrapped: false, lines: false }) },
    { models: [], renderer: glmRenderer({ wrapped: true, lines: false }) },
  ],
  mistral: [{ models: [], renderer: mistralRenderer }],
  kimi_k2: [{ models: [], renderer: kimiK2Renderer }],
  kimi_k3: [{ models: [], renderer: kimiK3Renderer }],
  gigachat3: [{ models: [], renderer: gigachat3Renderer }],
  olmo3: [{ models: [], renderer: olmo3Renderer }],
  seed_oss: [{ models: [], renderer: seedOssRenderer }],
  minimax_m2: [{ models: [], renderer: minimaxM2Renderer }],
  deepseek_v31: [{ models: [], renderer: deepseekV31Renderer }],
  harmony: [{ models: [], renderer: harmonyRenderer }],
  pythonic: [
    { models: ['llama 3.2', 'llama-3.2', 'llama3.2'], renderer: llama32PythonicRenderer },
    { models: ['toolace'], renderer: toolacePythonicRenderer },
    { models: [], renderer: pythonicRenderer },
  ],
  llama4_pythonic: [{ models: [], renderer: llama4PythonicRenderer }],
  lfm2: [
    { models: ['lfm2.5', 'lfm2-5'], renderer: lfm2Renderer(false) },
    { models: [], renderer: lfm2Renderer(true) },
  ],
  granite4: [{ models: [], renderer: granite4Renderer }],
  nemotron: [{ models: [], renderer: nemotronRenderer }],
  gemma4: [{ models: [], renderer: gemma4Renderer }],
  deepseek_v32: [{ models: [], renderer: deepseekV32Renderer }],
  granite: [{ models: [], renderer: graniteRenderer }],
  phi4_mini: [{ models: [], renderer: phi4MiniRenderer }],
  command_r7b: [{ models: [], renderer: commandR7bRenderer }],
  apertus: [{ models: [], renderer: apertusRenderer }],
  internlm: [{ models: [], renderer: internlmRenderer }],
  xlam: [{ models: [], renderer: xlamRenderer }],
  functiongemma: [{ models: [], renderer: functiongemmaRenderer }],
  hunyuan_a13b: [{ models: [], renderer: hunyuanA13bRenderer }],
  // R1's calls are DeepSeek-V3's after a <think> block, and so is its prompt: a model served as
  // `deepseek_v3` under an R1 name and one served as `deepseek_r1` get the same text.
  deepseek_r1: [{ models: [], renderer: deepseekR1Renderer }],
  deepseek_v3: [
    { models: ['deepseek-r1'], renderer: deepseekR1Renderer },
    { models: [], renderer: deepseekV3Renderer },
  ],
};

/**
 * The renderer for a format and model name: the matching variant of `promptRenderers`, else the
 * format's default variant, else `genericRenderer(example)`.
 */
export function rendererFor(
  format: { readonly id: string; readonly example: string },
  model?: string,
): ToolPromptRenderer {
  const variants = promptRenderers[format.id];
  if (variants === undefined) return genericRenderer(format.example);
  const name = model?.toLowerCase() ?? '';
  const matched = variants.find(
    (variant) => variant.models.length > 0 && variant.models.some((entry) => name.includes(entry)),
  );
  return (
    (matched ?? variants.find((variant) => variant.models.length === 0) ?? variants[0])?.renderer ??
    genericRenderer(format.example)
  );
}

/**
 * For a format with no renderer of its own: the tools as Hermes-style JSON lines in the system
 * prompt, the format's `example` output as the syntax to answer in, earlier calls as JSON, results as
 * `<tool_response>` user turns. The parse side is the format's own parser either way.
 */
export function genericRenderer(example: string): ToolPromptRenderer {
  return {
    ...hermesRenderer,
    section: (tools) =>
      '# Tools\n\nYou may call one or more functions to assist with the user query.\n\n' +
      'You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n' +
      tools.map((tool) => pythonJson(functionTool(tool))).join('\n') +
      `\n</tools>\n\nTo call a function, answer in exactly this form:\n${example}`,
    call: (call) => pythonJson({ name: call.name, arguments: call.input }),
  };
}
