import type { ToolChoice } from '../../providers/index.js';
import type { ToolDefinition } from '../../types/index.js';
import { badField } from '../http/gateway-error.js';

/** The tools of a Messages request the gateway serves, and the ones it leaves out. */
export interface MessagesTools {
  readonly definitions: ToolDefinition[];
  /** Names of the tools declared with `strict: true` (their calls must fit the schema). */
  readonly strict: Set<string>;
  /**
   * Tools of Anthropic-defined types (`web_search_20250305`, `bash_20250124`, `text_editor_…`, ...):
   * their schemas live at Anthropic and their server tools run there, so the gateway cannot offer them;
   * they are left out (the route notes each), not refused, as agent clients send them by default.
   */
  readonly ignored: { readonly type: string; readonly name: string | undefined }[];
}

/** Anthropic's tool name rule (`^[a-zA-Z0-9_-]{1,128}$`). */
const toolName = /^[a-zA-Z0-9_-]{1,128}$/;

/**
 * Reads `tools`: client tools (`type` absent or `"custom"`) as `{name, description?, input_schema}`,
 * with `strict` read and `cache_control` ignored; tools of other types are listed in `ignored`.
 *
 * @throws {GatewayError} 400 naming the field (`tools.0.name`, ...) for a malformed tool or a name
 *   declared twice.
 */
export function readMessagesTools(value: unknown): MessagesTools {
  const definitions: ToolDefinition[] = [];
  const strict = new Set<string>();
  const ignored: MessagesTools['ignored'] = [];
  const names = new Set<string>();
  if (value === undefined || value === null) return { definitions, strict, ignored };
  if (!Array.isArray(value)) throw badField('tools', '"tools" must be an array');
  value.forEach((entry: unknown, index) => {
    const param = `tools.${index}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw badField(param, `${param} must be an object`);
    const { type, name, description, input_schema } = entry as Record<string, unknown>;
    if (type !== undefined && type !== null && type !== 'custom') {
      ignored.push({ type: String(type), name: typeof name === 'string' ? name : undefined });
      return;
    }
    if (typeof name !== 'string' || !toolName.test(name))
      throw badField(`${param}.name`, `${param}.name must be 1-128 letters, digits, "_" or "-"`);
    if (names.has(name)) throw badField(`${param}.name`, `tool "${name}" is declared twice`);
    names.add(name);
    if (description !== undefined && typeof description !== 'string')
      throw badField(`${param}.description`, `${param}.description must be a string`);
    if (typeof input_schema !== 'object' || input_schema === null || Array.isArray(input_schema))
      throw badField(`${param}.input_schema`, `${param}.input_schema must be a JSON Schema object`);
    // Anthropic requires an object schema (a call's `input` is an object); another type could not be met.
    if ((input_schema as { type?: unknown }).type !== 'object')
      throw badField(`${param}.input_schema.type`, `${param}.input_schema.type must be "object"`);
    const strictness = (entry as { strict?: unknown }).strict;
    if (strictness !== undefined && strictness !== null && typeof strictness !== 'boolean')
      throw badField(`${param}.strict`, `${param}.strict must be true or false`);
    if (strictness === true) strict.add(name);
    definitions.push({
      name,
      ...(description === undefined ? {} : { description }),
      parameters: input_schema as ToolDefinition['parameters'],
    });
  });
  return { definitions, strict, ignored };
}

/** What `tool_choice` asks: the core's choice, and whether at most one call may be made. */
export interface MessagesToolChoice {
  readonly toolChoice: ToolChoice;
  /** `false` when `disable_parallel_tool_use` is `true`. */
  readonly parallelToolCalls: boolean;
}

/**
 * Reads `tool_choice` into the core's rules: `auto` → auto, `any` → required, `{type: "tool", name}` →
 * that tool, `none` → none; `disable_parallel_tool_use: true` → at most one call. Absent: `auto` when
 * tools are offered, else `none` (Anthropic's default).
 *
 * @throws {GatewayError} 400 `tool_choice` for another shape, `any` or `tool` without tools, or a name
 *   that is not among the tools.
 */
export function readMessagesToolChoice(value: unknown, tools: readonly ToolDefinition[]): MessagesToolChoice {
  if (value === undefined || value === null)
    return { toolChoice: { type: tools.length > 0 ? 'auto' : 'none' }, parallelToolCalls: true };
  if (typeof value !== 'object' || Array.isArray(value))
    throw badField('tool_choice', '"tool_choice" must be an object');
  const { type, name, disable_parallel_tool_use: disable } = value as Record<string, unknown>;
  if (disable !== undefined && typeof disable !== 'boolean')
    throw badField('tool_choice.disable_parallel_tool_use', '"disable_parallel_tool_use" must be a boolean');
  const parallelToolCalls = disable !== true;
  if (type === 'auto' || type === 'none') return { toolChoice: { type }, parallelToolCalls };
  if (type !== 'any' && type !== 'tool')
    throw badField('tool_choice.type', '"tool_choice.type" must be "auto", "any", "tool" or "none"');
  if (tools.length === 0) throw badField('tool_choice', `"tool_choice" of type "${type}" needs "tools"`);
  if (type === 'any') return { toolChoice: { type: 'required' }, parallelToolCalls };
  if (typeof name !== 'string')
    throw badField('tool_choice.name', '"tool_choice" of type "tool" needs a "name"');
  if (!tools.some((tool) => tool.name === name))
    throw badField('tool_choice.name', `"tool_choice" names "${name}", which is not in "tools"`);
  return { toolChoice: { type: 'tool', toolName: name }, parallelToolCalls };
}
