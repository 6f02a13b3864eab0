import { pythonJson } from './python-json.js';
import { functionTool, joined } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

/**
 * InternLM 2.5: the function objects as one JSON list in a `system name=<|plugin|>` turn of their
 * own right after the system turn (a request has no such turn, so the system text closes its turn
 * and opens that one; the template closes it). Calls as `<|action_start|><|plugin|>` JSON; results
 * stay tool messages (the template prints them as `environment name=<|plugin|>` turns). Source:
 * vLLM's `tool_chat_template_internlm2_tool.jinja`.
 */
export const internlmRenderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) => pythonJson(tools.map((tool) => functionTool(tool).function)),
  join: (section, text) => `${text ?? ''}<|im_end|>\n<|im_start|>system name=<|plugin|>\n${section}`,
  call: (call) =>
    `<|action_start|><|plugin|>\n{"name": ${pythonJson(call.name)}, "arguments": ${pythonJson(call.input)}}<|action_end|>`,
  assistant: joined(''),
  results: 'tool',
};
