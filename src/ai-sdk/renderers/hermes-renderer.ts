// The Hermes tool renderer (Qwen2.5 / Qwen3 / Hermes 3): `<tools>` JSON lines, `<tool_call>` JSON.

import type { ToolDefinition } from '../../types/tool.js';
import { pythonJson } from './python-json.js';
import { afterSystem, functionTool, joined } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

// Qwen2.5 / Qwen3 / Hermes 3 (`<tools>` JSON lines, `<tool_call>` JSON, results in a user turn).
const hermesSection = (tools: readonly ToolDefinition[]): string =>
  '# Tools\n\nYou may call one or more functions to assist with the user query.\n\n' +
  'You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n' +
  tools.map((tool) => pythonJson(functionTool(tool))).join('\n') +
  '\n</tools>\n\nFor each function call, return a json object with function name and arguments within ' +
  '<tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>';

export const hermesRenderer: ToolPromptRenderer = {
  placement: 'system',
  section: hermesSection,
  join: afterSystem,
  call: (call) =>
    `<tool_call>\n{"name": ${pythonJson(call.name)}, "arguments": ${pythonJson(call.input)}}\n</tool_call>`,
  assistant: joined('\n'),
  results: (results) =>
    results.map((result) => `<tool_response>\n${result.text}\n</tool_response>`).join('\n'),
};
