// The DeepSeek V3 / V3.1 / R1 tool renderers (`<｜tool▁calls▁begin｜>` markers).

import { pythonJson } from './python-json.js';
import { afterSystem, functionTool } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

// DeepSeek's full-width markers (U+FF5C, U+2581), as the tokenizer spells them.
const dsCallsBegin = '<｜tool▁calls▁begin｜>';
const dsCallsEnd = '<｜tool▁calls▁end｜>';
const dsCallBegin = '<｜tool▁call▁begin｜>';
const dsCallEnd = '<｜tool▁call▁end｜>';
const dsSep = '<｜tool▁sep｜>';

const dsAssistant = (text: string, calls: readonly string[]): string =>
  calls.length === 0 ? text : `${text}${dsCallsBegin}${calls.join('')}${dsCallsEnd}`;

// DeepSeek V3.1 (vLLM's example template): `### name` blocks, calls as `name<｜tool▁sep｜>{json}`.
export const deepseekV31Renderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    `## Tools\nYou have access to the following tools:\n\n${tools
      .map(
        (tool) =>
          `### ${tool.name}\nDescription: ${tool.description ?? ''}\n\nParameters: ${pythonJson(tool.parameters)}\n\n`,
      )
      .join('')}IMPORTANT: ALWAYS adhere to this exact format for tool use:\n${dsCallsBegin}${dsCallBegin}` +
    `tool_call_name${dsSep}tool_call_arguments${dsCallEnd}{{additional_tool_calls}}${dsCallsEnd}\n\nWhere:\n\n` +
    '- `tool_call_name` must be an exact match to one of the available tools\n' +
    "- `tool_call_arguments` must be valid JSON that strictly follows the tool's Parameters Schema\n" +
    '- For multiple tool calls, chain them directly without separators or spaces\n',
  join: afterSystem,
  call: (call) => `${dsCallBegin}${call.name}${dsSep}${pythonJson(call.input)}${dsCallEnd}`,
  assistant: dsAssistant,
  results: 'tool',
};

// DeepSeek V3 (vLLM's example template): `function<｜tool▁sep｜>name` and a fenced JSON block.
export const deepseekV3Renderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    '# Tools\n\nYou may call one or more functions to assist with the user query.\n' +
    tools.map((tool) => pythonJson(functionTool(tool))).join('\n') +
    `\n</tools>\n\nFor function call returns, you should first print ${dsCallsBegin}\n\n` +
    `For each function call, you should return object like:\n\n${dsCallBegin}function${dsSep}<function_name>\n` +
    `\`\`\`json\n<function_arguments_in_json_format>\n\`\`\`${dsCallEnd}\n\n` +
    `At the end of function call returns, you should print ${dsCallsEnd}`,
  join: afterSystem,
  call: (call) =>
    `${dsCallBegin}function${dsSep}${call.name}\n\`\`\`json\n${pythonJson(call.input)}\n\`\`\`${dsCallEnd}`,
  assistant: dsAssistant,
  results: 'tool',
};

// llama.cpp's tool-aware DeepSeek-R1 template: the functions as indented JSON before the system text.
export const deepseekR1Renderer: ToolPromptRenderer = {
  ...deepseekV3Renderer,
  section: (tools) =>
    "You can call any of the following function tools to satisfy the user's requests: " +
    `${pythonJson(
      tools.map((tool) => functionTool(tool).function),
      2,
    )}\n\nExample function tool call syntax:\n\n${dsCallsBegin}${dsCallBegin}function${dsSep}example_function_name\n` +
    `\`\`\`json\n{\n  "arg1": "some_value"\n  ...\n}\n\`\`\`\n${dsCallEnd}${dsCallsEnd}\n\n`,
  join: (section, text) => `${section}${text ?? ''}`,
};
