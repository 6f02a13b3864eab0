import { pythonJson, pythonString } from './python-json.js';
import { joined } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

/**
 * FunctionGemma (vLLM's simplified `tool_chat_template_functiongemma.jinja`): an `Available
 * functions:` list (name, description, JSON parameters) after the system text; calls as
 * `<start_function_call>call:NAME{key:<escape>value<escape>,…}<end_function_call>`, values as Jinja
 * prints them; results stay tool messages (`Function result for NAME: …` user turns).
 */
export const functiongemmaRenderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    `Available functions:${tools
      .map(
        (tool) =>
          `\nFunction: ${tool.name}\nDescription: ${tool.description ?? 'No description provided'}\n` +
          `Parameters: ${pythonJson(tool.parameters)}`,
      )
      .join('')}`,
  join: (section, text) => (text === undefined || text === '' ? section : `${text}\n${section}`),
  call: (call) =>
    `<start_function_call>call:${call.name}{${Object.entries(call.input)
      .map(([key, value]) => `${key}:<escape>${pythonString(value)}<escape>`)
      .join(',')}}<end_function_call>`,
  assistant: joined(''),
  results: 'tool',
};
