/**
 * Every format's definition by its own name (`hermes`, `qwen3Coder`, ...; the registry's order), for
 * `parseWith(hermes, text)` and `hermes.create(options)`: an import names one format, so a bundle carries
 * that format's parser and not the others (`getFormat(id)` and `parseToolCalls` reach every format).
 */

export { apertus } from './models/apertus.js';
export { commandRPlus } from './models/command-r-plus.js';
export { commandR7b } from './models/command-r7b.js';
export { contentOnly } from './models/content-only.js';
export { deepseekR1 } from './models/deepseek-r1.js';
export { deepseekV3 } from './models/deepseek-v3.js';
export { deepseekV4 } from './models/deepseek-v4.js';
export { deepseekV31 } from './models/deepseek-v31.js';
export { deepseekV32 } from './models/deepseek-v32.js';
export { firefunctionV2 } from './models/firefunction-v2.js';
export { functionaryV31 } from './models/functionary-v31.js';
export { functionaryV32 } from './models/functionary-v32.js';
export { functiongemma } from './models/functiongemma.js';
export { gemma4 } from './models/gemma4.js';
export { gigachat3 } from './models/gigachat3.js';
export { glm45 } from './models/glm45.js';
export { glm47 } from './models/glm47.js';
export { granite } from './models/granite.js';
export { granite4 } from './models/granite4.js';
export { harmony } from './models/harmony.js';
export { hermes } from './models/hermes.js';
export { hunyuanA13b } from './models/hunyuan-a13b.js';
export { hyV3 } from './models/hy-v3.js';
export { internlm } from './models/internlm.js';
export { jamba } from './models/jamba.js';
export { kimiK2 } from './models/kimi-k2.js';
export { kimiK3 } from './models/kimi-k3.js';
export { lfm2 } from './models/lfm2.js';
export { llama3Json } from './models/llama3-json.js';
export { llama4Pythonic } from './models/llama4-pythonic.js';
export { minicpm5 } from './models/minicpm5.js';
export { minimaxM2 } from './models/minimax-m2.js';
export { minimaxM3 } from './models/minimax-m3.js';
export { mistral } from './models/mistral.js';
export { muse } from './models/muse.js';
export { nemotron } from './models/nemotron.js';
export { olmo3 } from './models/olmo3.js';
export { phi4Mini } from './models/phi4-mini.js';
export { poolsideV1 } from './models/poolside-v1.js';
export { pythonic } from './models/pythonic.js';
export { qwen3Coder } from './models/qwen3-coder.js';
export { seedOss } from './models/seed-oss.js';
export { step3 } from './models/step3.js';
export { tagged } from './models/tagged.js';
export { xlam } from './models/xlam.js';
