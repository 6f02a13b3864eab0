import { pythonJson } from './python-json.js';
import { afterSystem } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

// DeepSeek-V3.2's DSML markers: `｜` is U+FF5C, as the tokenizer spells it.
const dsml = '｜DSML｜';

const toolsHeader =
  "## Tools\n\nYou have access to a set of tools you can use to answer the user's question.\n" +
  `You can invoke functions by writing a "<${dsml}function_calls>" block like the following as part of your reply to the user:\n` +
  `<${dsml}function_calls>\n<${dsml}invoke name="$FUNCTION_NAME">\n` +
  `<${dsml}parameter name="$PARAMETER_NAME" string="true|false">$PARAMETER_VALUE</${dsml}parameter>\n...\n` +
  `</${dsml}invoke>\n<${dsml}invoke name="$FUNCTION_NAME2">\n...\n</${dsml}invoke>\n</${dsml}function_calls>\n\n` +
  'String and scalar parameters should be specified as is without any escaping or quotes, while lists and objects ' +
  'should use JSON format. The "string" attribute should be set to "true" for string type parameters and "false" ' +
  'for other types (numbers, booleans, arrays, objects).\n\nIf the thinking_mode is enabled, then after function ' +
  'results you should strongly consider outputting a thinking block. Here is an example:\n\n' +
  `<${dsml}function_calls>\n...\n</${dsml}function_calls>\n\n<function_results>\n...\n</function_results>\n\n` +
  '<think>...thinking about results</think>\n\nHere are the functions available in JSONSchema format:\n<functions>\n';

/**
 * DeepSeek-V3.2 (DSML): the header and one JSON line per function after the system text, calls as
 * `<｜DSML｜invoke>` blocks with a `string` attribute per parameter, results in one
 * `<function_results>` block. The template prints that block right after the assistant turn; plain
 * messages can only carry it in a turn, so it is a user turn (then the generation prompt follows it
 * as the template's does). Source: DeepSeek's template as llama.cpp ports it
 * (`deepseek-ai-DeepSeek-V3.2.jinja`).
 */
export const deepseekV32Renderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    `${toolsHeader}${tools
      .map((tool) =>
        pythonJson({
          name: tool.name,
          ...(tool.description === undefined ? {} : { description: tool.description }),
          parameters: tool.parameters,
        }),
      )
      .join('\n')}\n</functions>\n`,
  join: afterSystem,
  call: (call) =>
    `<${dsml}invoke name="${call.name}">\n${Object.entries(call.input)
      .map(([key, value]) =>
        typeof value === 'string'
          ? `<${dsml}parameter name="${key}" string="true">${value}</${dsml}parameter>\n`
          : `<${dsml}parameter name="${key}" string="false">${pythonJson(value)}</${dsml}parameter>\n`,
      )
      .join('')}</${dsml}invoke>\n`,
  assistant: (text, calls) =>
    calls.length === 0
      ? text
      : `${text}\n\n<${dsml}function_calls>\n${calls.join('')}</${dsml}function_calls>`,
  results: (results) =>
    `\n\n<function_results>${results.map((result) => `\n<result>${result.text}</result>`).join('')}\n</function_results>`,
};
