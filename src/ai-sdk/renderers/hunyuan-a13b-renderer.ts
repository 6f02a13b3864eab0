import { hunyuanA13bIntro, hunyuanA13bSystemRules, hunyuanA13bUserRules } from './hunyuan-a13b-system.js';
import { pythonJson } from './python-json.js';
import { functionTool } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

/**
 * Hunyuan-A13B: the template's own system turn as the system message's text: its instructions, the
 * tools as one `tojson` list, then the system text as `额外要求` ("additional requirements") with the
 * rules that follow it, or, with no system message, the shorter rules the template writes before the
 * first user turn. The template's closing time line is left out (it reads the clock; the whole-prompt
 * mode prints it from `promptDate`). Calls as one `<tool_calls>[…]</tool_calls>` list after the turn's
 * text (the name as written, the arguments as `tojson`); each result as `<tool_response>…</tool_response>`
 * kept in its tool message, which the template closes with `<|extra_0|>`. Source: vLLM
 * `examples/tool_chat_template_hunyuan_a13b.jinja`.
 */
export const hunyuanA13bRenderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) => `${hunyuanA13bIntro}\n${pythonJson(tools.map(functionTool))}\n`,
  // The template tells a system message (even an empty one) from none by its role, not its text.
  join: (section, text) =>
    text === undefined
      ? `${section}${hunyuanA13bUserRules}`
      : `${section}\n额外要求：\n${text}${hunyuanA13bSystemRules}`,
  call: (call) => `{"name": "${call.name}", "arguments": ${pythonJson(call.input)}}`,
  assistant: (text, calls) =>
    calls.length === 0 ? text : `${text}<tool_calls>[${calls.join(', ')}]</tool_calls>`,
  results: (results) => results.map((result) => `<tool_response>${result.text}</tool_response>`).join(''),
  resultsRole: 'tool',
};
