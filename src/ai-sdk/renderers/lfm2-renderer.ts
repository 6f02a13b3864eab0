// The LFM2 / LFM2.5 tool renderer.

import { pythonCall } from './python-call.js';
import { pythonJson } from './python-json.js';
import { functionTool } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

// LFM2: the tool list as JSON on the system prompt's last line (LFM2 inside list markers), calls as a
// Python list inside call markers, results as tool messages.
export function lfm2Renderer(markers: boolean): ToolPromptRenderer {
  return {
    placement: 'system',
    section: (tools) => {
      const list = pythonJson(tools.map(functionTool));
      return `List of tools: ${markers ? `<|tool_list_start|>${list}<|tool_list_end|>` : list}`;
    },
    join: (section, text) => (text === undefined || text === '' ? section : `${text}\n${section}`),
    // LFM2.5's template writes string arguments as Python's repr does (single quotes).
    call: (call) => pythonCall(call, "'"),
    assistant: (text, calls) =>
      calls.length === 0 ? text : `${text}<|tool_call_start|>[${calls.join(', ')}]<|tool_call_end|>`,
    results: 'tool',
  };
}
