import type { ToolDefinition } from '../../types/tool.js';
import { functionTool } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

/** JSON with every object's keys sorted, compact, non-ASCII kept (the template's `json_sorted`). */
export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${sortedJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** A value's XTML type attribute and its text (strings as they are, anything else as JSON). */
function argument(key: string, value: unknown): string {
  const type =
    typeof value === 'boolean'
      ? 'boolean'
      : value === null || value === undefined
        ? 'null'
        : typeof value === 'number'
          ? 'number'
          : typeof value === 'string'
            ? 'string'
            : Array.isArray(value)
              ? 'array'
              : 'object';
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return `<|open|>argument key="${escapeAttribute(key)}" type="${type}"<|sep|>${text}<|close|>argument<|sep|>`;
}

const escapeAttribute = (value: string): string => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

// `call` cannot know a call's position in its message, which the template numbers from 1; it writes
// this mark and `assistant` numbers the calls.
const indexMark = '\u0000index\u0000';

export function kimiK3Section(tools: readonly ToolDefinition[]): string {
  return `# Tools\nHere are the available tools, described in JSONSchema.\n\n\`\`\`json\n${sortedJson(tools.map(functionTool))}\n\`\`\``;
}

/**
 * Kimi K3 (XTML): the tools as key-sorted compact JSON in a system message of their own (the
 * template types it `tool-declare`, which message text cannot reach); a message's calls as one
 * `<|open|>tools<|sep|>` block of `call` elements numbered from 1 with typed `argument` elements,
 * after the turn's text; results stay tool messages (printed with the tool's name and number).
 * Source: Moonshot's template (llama.cpp `moonshotai-Kimi-K3.jinja`).
 */
export const kimiK3Renderer: ToolPromptRenderer = {
  placement: 'own-system',
  section: kimiK3Section,
  join: (section) => section,
  call: (call) =>
    `<|open|>call tool="${escapeAttribute(call.name)}" index="${indexMark}"<|sep|>${Object.entries(call.input)
      .map(([key, value]) => argument(key, value))
      .join('')}<|close|>call<|sep|>`,
  assistant: (text, calls) =>
    calls.length === 0
      ? text
      : `${text}<|open|>tools<|sep|>${calls.map((call, index) => call.replace(indexMark, String(index + 1))).join('')}<|close|>tools<|sep|>`,
  results: 'tool',
};
