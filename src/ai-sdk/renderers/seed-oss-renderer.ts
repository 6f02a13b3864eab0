import type { ToolDefinition } from '../../types/tool.js';
import { pythonString } from './python-json.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

/** What the template writes as the system text for a request with tools and no system message. */
export const seedOssDefaultSystem =
  'You are Doubao, a helpful AI assistant. You may call one or more functions to assist with the user query.';

const pyType = (type: unknown): string =>
  type === 'string'
    ? 'str'
    : type === 'number' || type === 'integer'
      ? 'int'
      : type === 'boolean'
        ? 'bool'
        : type === 'array'
          ? 'list'
          : 'Any';

function seedTool(tool: ToolDefinition): string {
  const parameters = tool.parameters as {
    properties?: Record<string, { type?: unknown; description?: unknown }>;
    required?: unknown;
  };
  const properties = Object.entries(parameters.properties ?? {});
  const required = Array.isArray(parameters.required) ? parameters.required : [];
  const args =
    properties.length === 0
      ? ''
      : `    Args:${properties
          .map(
            ([name, spec]) =>
              `\n    - ${name} (${pyType(spec.type)}) [${required.includes(name) ? '必填' : '选填'}]: ${typeof spec.description === 'string' ? spec.description : ''}`,
          )
          .join('')}`;
  return (
    `\n\nFunction:\ndef ${tool.name}(${properties.map(([name, spec]) => `${name}: ${pyType(spec.type)}`).join(',')}):\n` +
    `    """\n    ${(tool.description ?? '').trim()}\n\n${args}\n\n    """`
  );
}

export function seedOssSection(tools: readonly ToolDefinition[]): string {
  return (
    `${tools.map(seedTool).join('')}\n工具调用请遵循如下格式:\n<seed:tool_call>\n<function=example_function_name>\n` +
    '<parameter=example_parameter_1>value_1</parameter>\n<parameter=example_parameter_2>This is the value for the ' +
    'second parameter\nthat can span\nmultiple lines</parameter>\n</function>\n</seed:tool_call>\n'
  );
}

/**
 * Seed-OSS (ByteDance's template, llama.cpp `ByteDance-Seed-OSS.jinja`): each tool as a Python
 * `def` with a docstring (`[必填]` required / `[选填]` optional arguments) after the system text (the
 * template's default system text when there is none), then its call-format example; calls as
 * `<seed:tool_call>` blocks of `<parameter=…>` values (non-strings as Jinja's `string` prints them);
 * results stay tool messages.
 */
export const seedOssRenderer: ToolPromptRenderer = {
  placement: 'system',
  section: seedOssSection,
  join: (section, text) => `${text === undefined || text === '' ? seedOssDefaultSystem : text}${section}`,
  call: (call) =>
    `<seed:tool_call>\n<function=${call.name}>\n${Object.entries(call.input)
      .map(([key, value]) => `<parameter=${key}>${pythonString(value)}</parameter>\n`)
      .join('')}</function>\n</seed:tool_call>`,
  assistant: (text, calls) =>
    calls.length === 0 ? text : `${text.trim() === '' ? '' : `${text.trim()}\n\n`}${calls.join('\n')}`,
  results: 'tool',
};
