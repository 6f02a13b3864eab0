import type { ToolDefinition } from '../../types/tool.js';
import { pythonJson } from './python-json.js';

/** A tool as the OpenAI-style `{ type: "function", function }` object chat templates are given. */
export function functionTool(tool: ToolDefinition): Record<string, unknown> {
  const fn: Record<string, unknown> = { name: tool.name };
  if (tool.description !== undefined) fn.description = tool.description;
  fn.parameters = tool.parameters;
  return { type: 'function', function: fn };
}

/** Text and calls joined by `separator`, empty pieces left out. */
export const joined =
  (separator: string) =>
  (text: string, calls: readonly string[]): string =>
    [text, ...calls].filter((piece) => piece !== '').join(separator);

export const afterSystem = (section: string, text: string | undefined): string =>
  text === undefined || text === '' ? section : `${text}\n\n${section}`;

/** `value` as an XML-style parameter body: strings as they are, anything else as JSON (`tojson`). */
export const parameterValue = (value: unknown): string =>
  typeof value === 'string' ? value : pythonJson(value);
