// The prompt templates by model: each model's chat template as its text writer and tool renderer.

import type { PromptTemplate, PromptTextContext } from '../prompt-text.js';
import { pythonCall } from '../renderers/python-call.js';
import type { ToolPromptRenderer } from '../renderers/tool-prompt-renderer.js';
import { apertus } from './apertus-template.js';
import { chatml, internlm, lfm2, olmo3 } from './chatml-templates.js';
import { commandR7b } from './command-r7b-template.js';
import { deepseekR1, deepseekV3, deepseekV31, deepseekV32 } from './deepseek-templates.js';
import { functiongemma, gemma3, gemma4 } from './gemma-templates.js';
import { gigachat3 } from './gigachat3-template.js';
import { glm } from './glm-template.js';
import { granite, graniteVllm, graniteVllmRenderer } from './granite-templates.js';
import { harmony, harmonyTemplateRenderer } from './harmony-template.js';
import { hermesToolUse, hermesToolUseRenderer } from './hermes-tool-use-template.js';
import { hunyuanA13b } from './hunyuan-a13b-template.js';
import { kimiK2, kimiK3 } from './kimi-templates.js';
import { llama3, llama4 } from './llama-templates.js';
import { minimaxM2 } from './minimax-m2-template.js';
import { mistralParallel, mistralV3 } from './mistral-templates.js';
import { nemotronNano } from './nemotron-nano-template.js';
import { phi4Mini } from './phi4-mini-template.js';
import { rendererOf } from './renderer-of.js';
import { seedOss } from './seed-oss-template.js';

function template(
  id: string,
  format: string,
  models: readonly string[],
  text: (context: PromptTextContext) => string,
  renderer: ToolPromptRenderer = rendererOf(format, models[0] ?? id),
): PromptTemplate {
  return { id, format, models, renderer, text };
}

export const promptTemplates: readonly PromptTemplate[] = [
  template('qwen2.5', 'hermes', ['qwen2.5', 'qwen2-5'], chatml({})),
  template('qwen3', 'hermes', ['qwen3'], chatml({ reasoningAfterLastQuery: true })),
  template('qwen3-coder', 'qwen3_coder', ['qwen3-coder'], chatml({})),
  template(
    'qwen3.5',
    'qwen3_coder',
    ['qwen3.5', 'qwen3-5', 'qwen3.6', 'qwen3-6'],
    chatml({ generation: '<think>\n', reasoningAfterLastQuery: true }),
  ),
  template(
    'nemotron-3',
    'qwen3_coder',
    ['nemotron-3', 'nemotron3'],
    chatml({ generation: '<think>\n', assistantPrefix: '<think></think>' }),
  ),
  template(
    'step-3.5',
    'qwen3_coder',
    ['step-3.5', 'step3.5'],
    chatml({
      generation: '<think>\n',
      tool: (message) =>
        `<|im_start|>tool_response\n<tool_response>${message.content}</tool_response><|im_end|>\n`,
    }),
  ),
  template(
    'llama-3.1',
    'llama3_json',
    ['llama-3.1', 'llama3.1'],
    llama3({
      header: true,
      fallbackDate: '26 Jul 2024',
      readsClock: false,
      result: (text) => JSON.stringify(text),
    }),
  ),
  template(
    'llama-3.2',
    'llama3_json',
    ['llama-3.2', 'llama3.2'],
    llama3({
      header: true,
      fallbackDate: '26 Jul 2024',
      readsClock: true,
      result: (text) => JSON.stringify(text),
    }),
  ),
  template('glm-4.6', 'glm45', ['glm-4.5', 'glm-4.6'], glm(true)),
  template('glm-4.7', 'glm47', ['glm-4.7'], glm(false)),
  template('glm-5', 'glm47', ['glm-5'], glm(false)),
  template('kimi-k2-thinking', 'kimi_k2', ['kimi-k2-thinking'], kimiK2('<think></think>')),
  template('mistral-v0.3', 'mistral', ['mistral-7b-instruct-v0.3'], mistralV3),
  template('deepseek-r1', 'deepseek_v3', ['deepseek-r1'], deepseekR1),
  template('deepseek-v3', 'deepseek_v3', ['deepseek-v3-0324', 'deepseek-v3'], deepseekV3),
  template('deepseek-v3.1', 'deepseek_v31', ['deepseek-v3.1'], deepseekV31),
  template('deepseek-v3.2', 'deepseek_v32', ['deepseek-v3.2'], deepseekV32),
  template('minimax-m2', 'minimax_m2', ['minimax-m2'], minimaxM2),
  template('granite-4.0', 'granite4', ['granite-4.0'], granite('tool')),
  template('granite-4.1', 'granite4', ['granite-4.1'], granite('tool')),
  template('granite-3.3', 'granite', ['granite-3.3', 'granite-3'], granite('tool')),
  template('granite-vllm', 'granite', [], graniteVllm, graniteVllmRenderer),
  template('command-r7b', 'command_r7b', ['command-r7b'], commandR7b),
  template('nemotron-nano-v2', 'nemotron', ['nemotron-nano-9b-v2', 'nemotron-nano-v2'], nemotronNano),
  template('gemma-4', 'gemma4', ['gemma-4'], gemma4),
  template('functiongemma', 'functiongemma', ['functiongemma'], functiongemma),
  template('apertus', 'apertus', ['apertus'], apertus),
  template('lfm2', 'lfm2', ['lfm2-'], lfm2(true, false)),
  template('lfm2.5', 'lfm2', ['lfm2.5'], lfm2(false, false)),
  // The VL template writes string arguments double-quoted (the text LFM2.5 template: Python's repr).
  template('lfm2.5-vl', 'lfm2', ['lfm2.5-vl'], lfm2(false, true), {
    ...rendererOf('lfm2', 'lfm2.5'),
    call: (call) => pythonCall(call, '"'),
  }),
  template('internlm2.5', 'internlm', ['internlm2'], internlm),
  template('phi-4-mini', 'phi4_mini', ['phi-4-mini'], phi4Mini),
  template(
    'xlam-llama',
    'xlam',
    ['llama-xlam'],
    llama3({ header: false, fallbackDate: '', readsClock: false, result: (text) => text }),
  ),
  template('gpt-oss', 'harmony', ['gpt-oss'], harmony, harmonyTemplateRenderer),
  template('kimi-k3', 'kimi_k3', ['kimi-k3'], kimiK3),
  template('seed-oss', 'seed_oss', ['seed-oss'], seedOss),
  template('gemma-3-pythonic', 'pythonic', ['gemma-3'], gemma3),
  template('olmo-3', 'olmo3', ['olmo-3', 'olmo3'], olmo3),
  template('llama-4-pythonic', 'llama4_pythonic', ['llama-4'], llama4),
  template(
    'llama-3.2-pythonic-vllm',
    'pythonic',
    [],
    llama3({
      header: true,
      fallbackDate: '26 Jul 2024',
      readsClock: true,
      result: (text) => `{"output": ${JSON.stringify(text)}}`,
    }),
    rendererOf('pythonic', 'llama-3.2'),
  ),
  template(
    'toolace',
    'pythonic',
    ['toolace'],
    llama3({
      header: false,
      fallbackDate: '',
      readsClock: false,
      result: (text) => `{"output": ${JSON.stringify(text)}}`,
    }),
  ),
  template('gigachat3', 'gigachat3', ['gigachat3', 'gigachat-3'], gigachat3),
  template('hunyuan-a13b', 'hunyuan_a13b', ['hunyuan-a13b'], hunyuanA13b),
  template(
    'hermes-3-tool-use',
    'hermes',
    ['hermes-3-llama', 'hermes-2-pro'],
    hermesToolUse('\n'),
    hermesToolUseRenderer,
  ),
  template('hermes-tool-use-vllm', 'hermes', [], hermesToolUse(''), hermesToolUseRenderer),
  template(
    'xlam-qwen',
    'xlam',
    ['xlam-2-32b', 'xlam-2-3b', 'xlam-2-1b'],
    chatml({ tool: (message) => `<|im_start|>tool\n${message.content}<|im_end|>\n` }),
  ),
  // vLLM's Qwen3-Coder example: the later revision of the tool section (`functions`), calls unpadded.
  template('qwen3-coder-vllm', 'qwen3_coder', [], chatml({}), {
    ...rendererOf('qwen3_coder', 'nemotron-3'),
    assistant: rendererOf('qwen3_coder').assistant,
  }),
  // vLLM's Llama 3.1 JSON example: a space after `}.`, results wrapped as `{"output": …}`.
  template(
    'llama-3.1-json-vllm',
    'llama3_json',
    [],
    llama3({
      header: true,
      fallbackDate: '26 Jul 2024',
      readsClock: true,
      result: (text) => `{"output": ${JSON.stringify(text)}}`,
    }),
    {
      ...rendererOf('llama3_json'),
      section: (tools) => rendererOf('llama3_json').section(tools).replace('value}.Do not', 'value}. Do not'),
    },
  ),
  template('mistral-parallel-vllm', 'mistral', [], mistralParallel),
];

/**
 * The prompt template for a model name: the one with the longest `models` entry that the name
 * contains (case-insensitive), so `Qwen3.5-4B` gets `qwen3.5` rather than `qwen3`; `undefined` when
 * none matches. Templates of vLLM's examples have no `models`: they are chosen by id.
 */
export function promptTemplateFor(model: string): PromptTemplate | undefined {
  const name = model.toLowerCase();
  let best: PromptTemplate | undefined;
  let length = 0;
  for (const candidate of promptTemplates)
    for (const pattern of candidate.models)
      if (pattern.length > length && name.includes(pattern)) {
        best = candidate;
        length = pattern.length;
      }
  return best;
}
