import type { ToolChoice } from '../../providers/index.js';
import type { ToolDefinition } from '../../types/index.js';
import { badField } from '../http/gateway-error.js';

/** A tool choice with the tools the turn offers. */
export interface OfferedTools {
  readonly toolChoice: ToolChoice;
  readonly tools: readonly ToolDefinition[];
}

/**
 * OpenAI's `allowed_tools` tool choice (Chat `{type: "allowed_tools", allowed_tools: {mode, tools}}`,
 * Responses `{type: "allowed_tools", mode, tools}`): the model may call only the named tools, `mode`
 * `auto` (or none) or `required` (at least one call). The turn offers only those tools (the template
 * lists them, the grammar and the checks allow them), so a call to another one is text like any tool
 * that was not offered. OpenAI keeps the whole list in the prompt for its cache; a rendered prompt has
 * no such cache to keep, and a tool the model sees but may not call invites the call.
 *
 * @param names - the names the surface read from its `tools` entries (`undefined` for an entry
 *   without one).
 * @throws {GatewayError} 400 (param `tool_choice`) for a mode other than `auto` / `required`, an empty
 *   list, or a name that is not in `tools`.
 */
export function allowedToolsChoice(
  mode: unknown,
  names: readonly (string | undefined)[],
  tools: readonly ToolDefinition[],
): OfferedTools {
  if (mode !== 'auto' && mode !== 'required')
    throw badField('tool_choice', '"tool_choice" allowed_tools "mode" must be "auto" or "required"');
  if (names.length === 0)
    throw badField('tool_choice', '"tool_choice" allowed_tools must name at least one tool');
  const allowed = new Set<string>();
  for (const name of names) {
    if (name === undefined || !tools.some((tool) => tool.name === name))
      throw badField(
        'tool_choice',
        `"tool_choice" allowed_tools names ${name === undefined ? 'a tool without a name' : `"${name}"`}, which is not in "tools"`,
      );
    allowed.add(name);
  }
  return {
    toolChoice: { type: mode },
    tools: tools.filter((tool) => allowed.has(tool.name)),
  };
}
