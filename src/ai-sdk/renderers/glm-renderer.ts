// The GLM 4.5 / 4.6 / 4.7 / 5 tool renderer (`<arg_key>` / `<arg_value>` calls).

import { pythonJson } from './python-json.js';
import { functionTool, joined, parameterValue } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

/** GLM's revisions: 4.5/4.6 put each `<arg_key>` / `<arg_value>` on its own line, 4.7 and 5 do not. */
interface GlmStyle {
  /** Tools as `{ type: "function", function }` lines (4.x) or bare function objects (5.x). */
  readonly wrapped: boolean;
  /** One line per key and value (4.5 / 4.6). */
  readonly lines: boolean;
}

export function glmRenderer(style: GlmStyle): ToolPromptRenderer {
  const nl = style.lines ? '\n' : '';
  return {
    placement: 'own-system',
    // 4.7's template prints `<|system|>` then a newline before its tools, but none before a system
    // message's text; 4.6's prints the newline for both.
    section: (tools) =>
      `${style.lines ? '' : '\n'}# Tools\n\nYou may call one or more functions to assist with the user query.\n\n` +
      'You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n' +
      tools
        .map((tool) => pythonJson(style.wrapped ? functionTool(tool) : functionTool(tool).function))
        .join('\n') +
      '\n</tools>\n\nFor each function call, output the function name and arguments within the following XML ' +
      `format:\n<tool_call>{function-name}${nl}<arg_key>{arg-key-1}</arg_key>${nl}<arg_value>{arg-value-1}</arg_value>` +
      `${nl}<arg_key>{arg-key-2}</arg_key>${nl}<arg_value>{arg-value-2}</arg_value>${nl}...${nl}</tool_call>`,
    join: (section) => section,
    call: (call) =>
      `<tool_call>${call.name}${Object.entries(call.input)
        .map(
          ([key, value]) =>
            `${nl}<arg_key>${key}</arg_key>${nl}<arg_value>${parameterValue(value)}</arg_value>`,
        )
        .join('')}${nl}</tool_call>`,
    assistant: joined(nl),
    results: 'tool',
  };
}
