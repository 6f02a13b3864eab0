// The Qwen3-Coder family's tool renderer (`<function=…>` / `<parameter=…>` calls) and its revisions.

import type { ToolDefinition } from '../../types/tool.js';
import { pythonJson, pythonString } from './python-json.js';
import { afterSystem, functionTool, parameterValue } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

/** Extra schema keys as `<key>value</key>` lines (containers as JSON, scalars as Python prints them). */
function extraKeys(object: unknown, handled: readonly string[]): string {
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return '';
  let text = '';
  for (const [key, value] of Object.entries(object)) {
    if (handled.includes(key)) continue;
    const body = typeof value === 'object' && value !== null ? pythonJson(value) : pythonString(value);
    text += `\n<${key}>${body}</${key}>`;
  }
  return text;
}

function qwenXmlTool(tool: ToolDefinition): string {
  let text = `\n<function>\n<name>${tool.name}</name>`;
  if (tool.description !== undefined) text += `\n<description>${tool.description.trim()}</description>`;
  text += '\n<parameters>';
  const properties = (tool.parameters as { properties?: unknown }).properties;
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    for (const [name, field] of Object.entries(properties as Record<string, unknown>)) {
      const schema = (typeof field === 'object' && field !== null ? field : {}) as Record<string, unknown>;
      text += `\n<parameter>\n<name>${name}</name>`;
      if (schema.type !== undefined) text += `\n<type>${pythonString(schema.type)}</type>`;
      if (typeof schema.description === 'string')
        text += `\n<description>${schema.description.trim()}</description>`;
      text += `${extraKeys(schema, ['name', 'type', 'description'])}\n</parameter>`;
    }
  }
  return `${text}${extraKeys(tool.parameters, ['type', 'properties'])}\n</parameters>\n</function>`;
}

/** The Qwen3-Coder family's revisions of its tool section, as switches. */
interface QwenXmlStyle {
  /** `<function>` XML per tool (Qwen3-Coder) or one JSON line per tool (Qwen3.5, Step-3.5). */
  readonly list: 'xml' | 'json';
  /** The line before `<tools>`. */
  readonly intro: string;
  /**
   * The reminder's revision: 1 (Qwen3-Coder: `tools`, two plain parameters), 2 (`functions`, a
   * multi-line example value), 3 (Step-3.5: 2 with `...` inside the tags and two rules fewer).
   */
  readonly revision: 1 | 2 | 3;
  /**
   * Nemotron 3 writes a newline after the content (none before it) and after every call; the others
   * put `contentBreak` between the content and the first call and `callBreak` between calls.
   */
  readonly padCalls?: boolean;
  /** Between an assistant turn's content and its first call: Qwen3-Coder and Qwen3.5 `\n\n`. */
  readonly contentBreak: string;
  /** Between two calls of one turn: `\n`, Step-3.5 nothing. */
  readonly callBreak: string;
  /** Step-3.5's template prints tool messages itself (as `tool_response`). */
  readonly toolMessages?: boolean;
  /** Qwen3.5 puts the tool section before the system text, the others after it. */
  readonly before: boolean;
}

function qwenXmlSection(style: QwenXmlStyle, tools: readonly ToolDefinition[]): string {
  const list =
    style.list === 'xml'
      ? tools.map(qwenXmlTool).join('')
      : `\n${tools.map((tool) => pythonJson(functionTool(tool))).join('\n')}`;
  const what = style.revision === 1 ? 'tool' : 'function';
  const second =
    style.revision === 1
      ? 'value_2'
      : 'This is the value for the second parameter\nthat can span\nmultiple lines';
  const rule =
    style.revision === 1
      ? 'the tool calling block MUST begin with an opening <tool_call> tag and end with a closing </tool_call> tag.'
      : style.revision === 2
        ? 'an inner <function=...></function> block must be nested within <tool_call></tool_call> XML tags'
        : 'an inner <function=...>\n...\n</function> block must be nested within <tool_call>\n...\n</tool_call> XML tags';
  const rest =
    style.revision === 3
      ? ''
      : '\n- You may provide optional reasoning for your function call in natural language BEFORE the function call, ' +
        'but NOT after\n- If there is no function call available, answer the question like normal with your current ' +
        'knowledge and do not tell the user about function calls';
  return (
    `# Tools\n\n${style.intro}\n\n<tools>${list}\n</tools>` +
    `\n\nIf you choose to call a ${what} ONLY reply in the following format with NO suffix:\n\n<tool_call>\n` +
    '<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n' +
    `<parameter=example_parameter_2>\n${second}\n</parameter>\n</function>\n</tool_call>\n\n<IMPORTANT>\n` +
    `Reminder:\n- Function calls MUST follow the specified format: ${rule}\n- Required parameters MUST be specified` +
    `${rest}\n</IMPORTANT>`
  );
}

export function qwenXmlRenderer(style: QwenXmlStyle): ToolPromptRenderer {
  return {
    placement: 'system',
    section: (tools) => qwenXmlSection(style, tools),
    join: style.before
      ? (section, text) => (text === undefined || text === '' ? section : `${section}\n\n${text}`)
      : afterSystem,
    call: (call) =>
      `<tool_call>\n<function=${call.name}>\n${Object.entries(call.input)
        .map(([key, value]) => `<parameter=${key}>\n${parameterValue(value)}\n</parameter>\n`)
        .join('')}</function>\n</tool_call>`,
    assistant: (text, calls) => {
      const content = text.trim();
      if (calls.length === 0) return content;
      if (style.padCalls === true) return `${content}\n${calls.join('\n')}\n`;
      const joined = calls.join(style.callBreak);
      return content === '' ? joined : `${content}${style.contentBreak}${joined}`;
    },
    results:
      style.toolMessages === true
        ? 'tool'
        : (results) =>
            results
              .map((result) => `<tool_response>\n${result.text}\n</tool_response>${style.before ? '' : '\n'}`)
              .join(style.before ? '\n' : ''),
  };
}
