/**
 * Every format's definition by its own name (`hermes`, `qwen3Coder`, ...; the registry's order), for
 * `parseWith(hermes, text)` and `hermes.create(options)`: an import names one format, so a bundle carries
 * that format's parser and not the others (`getFormat(id)` and `parseToolCalls` reach every format).
 */

export { apertus } from './apertus.js';
export { commandRPlus } from './command-r-plus.js';
export { commandR7b } from './command-r7b.js';
export { contentOnly } from './content-only.js';
export { deepseekR1 } from './deepseek-r1.js';
export { deepseekV3 } from './deepseek-v3.js';
export { deepseekV4 } from './deepseek-v4.js';
export { deepseekV31 } from './deepseek-v31.js';
export { deepseekV32 } from './deepseek-v32.js';
export { firefunctionV2 } from './firefunction-v2.js';
export { functionaryV31 } from './functionary-v31.js';
export { functionaryV32 } from './functionary-v32.js';
export { functiongemma } from './functiongemma.js';
export { gemma4 } from './gemma4.js';
export { gigachat3 } from './gigachat3.js';
export { glm45 } from './glm45.js';
export { glm47 } from './glm47.js';
export { granite } from './granite.js';
export { granite4 } from './granite4.js';
export { harmony } from './harmony.js';
export { hermes } from './hermes.js';
export { hunyuanA13b } from './hunyuan-a13b.js';
export { hyV3 } from './hy-v3.js';
export { internlm } from './internlm.js';
export { jamba } from './jamba.js';
export { kimiK2 } from './kimi-k2.js';
export { kimiK3 } from './kimi-k3.js';
export { lfm2 } from './lfm2.js';
export { llama3Json } from './llama3-json.js';
export { llama4Pythonic } from './llama4-pythonic.js';
export { minicpm5 } from './minicpm5.js';
export { minimaxM2 } from './minimax-m2.js';
export { minimaxM3 } from './minimax-m3.js';
export { mistral } from './mistral.js';
export { muse } from './muse.js';
export { nemotron } from './nemotron.js';
export { olmo3 } from './olmo3.js';
export { phi4Mini } from './phi4-mini.js';
export { poolsideV1 } from './poolside-v1.js';
export { pythonic } from './pythonic.js';
export { qwen3Coder } from './qwen3-coder.js';
export { seedOss } from './seed-oss.js';
export { step3 } from './step3.js';
export { tagged } from './tagged.js';
export { xlam } from './xlam.js';
