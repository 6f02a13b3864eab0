// IBM Granite chat templates: Granite 3.3 / 4.x and vLLM's Granite example.

import type { PromptTextContext } from '../prompt-text.js';
import { pythonJson } from '../renderers/python-json.js';
import { functionTool } from '../renderers/render-pieces.js';
import type { ToolPromptRenderer } from '../renderers/tool-prompt-renderer.js';
import { rendererOf } from './renderer-of.js';
import { turns } from './template-turns.js';

// IBM Granite: `<|start_of_role|>role<|end_of_role|>…<|end_of_text|>\n` turns.
export function granite(toolRole: string): (context: PromptTextContext) => string {
  return ({ messages }) =>
    turns(
      messages,
      (message) =>
        `<|start_of_role|>${message.role === 'tool' ? toolRole : message.role}<|end_of_role|>${message.content}<|end_of_text|>\n`,
      '<|start_of_role|>assistant<|end_of_role|>',
    );
}

// vLLM's Granite example: the tools (each its own indented object) in an `available_tools` turn
// before everything, results as `tool_response` turns.
export const graniteVllmRenderer: ToolPromptRenderer = {
  ...rendererOf('granite'),
  section: (tools) => tools.map((tool) => pythonJson(functionTool(tool), 4)).join('\n\n'),
};

export function graniteVllm(context: PromptTextContext): string {
  const tools =
    context.section === undefined
      ? ''
      : `<|start_of_role|>available_tools<|end_of_role|>\n${context.section}<|end_of_text|>\n`;
  return tools + granite('tool_response')({ ...context, messages: context.history });
}
