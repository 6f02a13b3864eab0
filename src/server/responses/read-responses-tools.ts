import type { ToolChoice } from '../../providers/index.js';
import type { ToolDefinition } from '../../types/index.js';
import { allowedToolsChoice, type OfferedTools } from '../core/allowed-tools.js';
import { badField } from '../http/gateway-error.js';
import { readCustomTool } from './custom-tool.js';

/** The tools of a Responses request as the core takes them. */
export interface ResponsesTools {
  /** Function and custom tools, in their order, custom ones as one-argument function tools. */
  readonly definitions: readonly ToolDefinition[];
  /** Names of the tools whose calls must fit their schema. */
  readonly strict: ReadonlySet<string>;
  /** Names of the `custom` (freeform) tools. */
  readonly custom: ReadonlySet<string>;
}

const TOOL_NAME = /^[A-Za-z0-9_.:-]{1,128}$/;

/**
 * Reads `tools`: `function` tools (`name`, `description`, `parameters`, `strict`, which defaults to
 * `true` in the Responses API) and `custom` tools (see `readCustomTool`). Tools of other types are
 * OpenAI's own (`web_search`, `file_search`, `code_interpreter`, `local_shell`, `namespace`, `mcp`,
 * ...): the gateway cannot run them, so each is left out of the prompt with a notice, not refused
 * (agents send them on every turn).
 *
 * @throws {GatewayError} 400 naming the entry for a malformed tool or a name given twice.
 */
export function readResponsesTools(value: unknown, notice: (message: string) => void): ResponsesTools {
  const definitions: ToolDefinition[] = [];
  const strict = new Set<string>();
  const custom = new Set<string>();
  if (value === undefined || value === null) return { definitions, strict, custom };
  if (!Array.isArray(value)) throw badField('tools', '"tools" must be an array');
  const names = new Set<string>();
  value.forEach((entry: unknown, index) => {
    const param = `tools[${index}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw badField(param, `${param} must be an object with a "type"`);
    const record = entry as Record<string, unknown>;
    if (record.type !== 'function' && record.type !== 'custom') {
      notice(`tools: ${JSON.stringify(record.type)} tools are not served by this gateway; ${param} ignored`);
      return;
    }
    const name = record.name;
    if (typeof name !== 'string' || !TOOL_NAME.test(name))
      throw badField(`${param}.name`, `${param}.name must be 1-128 letters, digits, "_", "-", ".", ":"`);
    if (names.has(name)) throw badField(`${param}.name`, `tool "${name}" is declared twice`);
    names.add(name);
    if (
      record.description !== undefined &&
      record.description !== null &&
      typeof record.description !== 'string'
    )
      throw badField(`${param}.description`, `${param}.description must be a string`);
    if (record.strict !== undefined && record.strict !== null && typeof record.strict !== 'boolean')
      throw badField(`${param}.strict`, `${param}.strict must be true or false`);
    if (record.type === 'custom') {
      const tool = readCustomTool(record, name, param, notice);
      definitions.push(tool.definition);
      custom.add(name);
      if (tool.strict) strict.add(name);
      return;
    }
    definitions.push(functionTool(record, name, param));
    if (record.strict !== false) strict.add(name);
  });
  return { definitions, strict, custom };
}

function functionTool(record: Record<string, unknown>, name: string, param: string): ToolDefinition {
  const { description, parameters } = record;
  if (
    parameters !== undefined &&
    parameters !== null &&
    (typeof parameters !== 'object' || Array.isArray(parameters))
  ) {
    throw badField(`${param}.parameters`, `${param}.parameters must be a JSON Schema object`);
  }
  return {
    name,
    ...(typeof description === 'string' ? { description } : {}),
    parameters: (parameters ?? { type: 'object', properties: {} }) as ToolDefinition['parameters'],
  };
}

/**
 * Reads `tool_choice`: `auto`, `none`, `required`, `{type: "function", name}` naming a function tool,
 * `{type: "custom", name}` naming a custom tool, or `{type: "allowed_tools", mode, tools}` (the turn
 * then offers only those tools: see `allowedToolsChoice`). Absent: `auto` with tools, `none` without.
 * Returns the choice with the tools the turn offers.
 *
 * @throws {GatewayError} 400 (param `tool_choice`) for `required` without tools, a name not among
 *   the tools (or of the other kind), and choices of OpenAI's own tools (`web_search_preview`, ...).
 */
export function readResponsesToolChoice(value: unknown, tools: ResponsesTools): OfferedTools {
  const offered = (toolChoice: ToolChoice): OfferedTools => ({ toolChoice, tools: tools.definitions });
  if (value === undefined || value === null)
    return offered({ type: tools.definitions.length > 0 ? 'auto' : 'none' });
  if (value === 'auto' || value === 'none' || value === 'required') {
    if (value === 'required' && tools.definitions.length === 0)
      throw badField('tool_choice', '"tool_choice": "required" needs "tools"');
    return offered({ type: value });
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const {
      type,
      name,
      mode,
      tools: allowed,
    } = value as {
      type?: unknown;
      name?: unknown;
      mode?: unknown;
      tools?: unknown;
    };
    if (type === 'allowed_tools' && Array.isArray(allowed)) {
      const names = allowed.map((entry: unknown) => {
        const named = (entry as { name?: unknown } | null)?.name;
        return typeof named === 'string' ? named : undefined;
      });
      return allowedToolsChoice(mode, names, tools.definitions);
    }
    if ((type === 'function' || type === 'custom') && typeof name === 'string') {
      const declared = tools.definitions.some((tool) => tool.name === name);
      if (!declared || tools.custom.has(name) !== (type === 'custom')) {
        throw badField(
          'tool_choice',
          `"tool_choice" names the ${type} tool "${name}", which is not in "tools"`,
        );
      }
      return offered({ type: 'tool', toolName: name });
    }
  }
  throw badField(
    'tool_choice',
    '"tool_choice" must be "auto", "none", "required", {"type": "function", "name"}, {"type": "custom", "name"} or {"type": "allowed_tools", "mode", "tools"}',
  );
}
