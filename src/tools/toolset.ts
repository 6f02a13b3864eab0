import { ToolwireError } from '../errors/toolwire-error.js';
import { describe } from '../internal/describe-value.js';
import type { ToolDefinition } from '../types/tool.js';
import type { Tool } from './define-tool.js';

/**
 * Tools by name, in declaration order: `tools` as given, `names` in that order, `get(name)`, and
 * `definitions()`, the `{ name, description?, parameters }` list a model or provider request is given
 * (same order, same objects each time). Built once from a list (`createToolset`), literal or made at run time.
 */
export interface Toolset {
  readonly tools: readonly Tool[];
  readonly names: readonly string[];
  get(name: string): Tool | undefined;
  definitions(): readonly ToolDefinition[];
}

/** What `dispatch` and `runAgent` take: a `Toolset`, or a list of tools (made a toolset once, cached). */
export type Tools = Toolset | readonly Tool[];

const fromLists = new WeakMap<readonly Tool[], Toolset>();

/**
 * A toolset over `tools` (any iterable of `defineTool` results), keeping their order.
 *
 * @throws {ToolwireError} code `invalid_tools` when `tools` is not iterable, an entry is not a tool
 *   (`name` string, `parameters` object, `execute` function), or two tools share a name.
 */
export function createToolset(tools: Iterable<Tool>): Toolset {
  if (
    typeof tools !== 'object' ||
    tools === null ||
    typeof (tools as Iterable<Tool>)[Symbol.iterator] !== 'function'
  )
    throw new ToolwireError('invalid_tools', `a toolset takes a list of tools, got ${describe(tools)}`);
  const list: Tool[] = [];
  const byName = new Map<string, Tool>();
  for (const tool of tools) {
    if (
      typeof tool !== 'object' ||
      tool === null ||
      typeof tool.name !== 'string' ||
      typeof tool.parameters !== 'object' ||
      tool.parameters === null ||
      typeof tool.execute !== 'function'
    ) {
      throw new ToolwireError(
        'invalid_tools',
        `toolset entry ${list.length} is not a tool (use defineTool), got ${describe(tool)}`,
      );
    }
    if (byName.has(tool.name))
      throw new ToolwireError(
        'invalid_tools',
        `two tools are named "${tool.name}"; tool names must be unique`,
      );
    byName.set(tool.name, tool);
    list.push(tool);
  }
  const definitions: readonly ToolDefinition[] = Object.freeze(
    list.map((tool) =>
      Object.freeze({
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: tool.parameters,
      }),
    ),
  );
  const names = Object.freeze(list.map((tool) => tool.name));
  return Object.freeze({
    tools: Object.freeze(list),
    names,
    get: (name: string) => byName.get(name),
    definitions: () => definitions,
  });
}

/** `tools` as a toolset (a list is converted once and cached by identity). */
export function toToolset(tools: Tools): Toolset {
  if (Array.isArray(tools)) {
    let toolset = fromLists.get(tools);
    if (!toolset) {
      toolset = createToolset(tools);
      fromLists.set(tools, toolset);
    }
    return toolset;
  }
  if (
    typeof tools === 'object' &&
    tools !== null &&
    typeof (tools as Toolset).get === 'function' &&
    Array.isArray((tools as Toolset).tools)
  ) {
    return tools as Toolset;
  }
  throw new ToolwireError('invalid_tools', `expected a toolset or a list of tools, got ${describe(tools)}`);
}
