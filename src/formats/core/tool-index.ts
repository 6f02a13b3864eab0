import { InvalidToolsError } from '../../errors/invalid-tools-error.js';
import type { JSONSchema } from '../../types/json-schema.js';
import type { ToolDefinition } from '../../types/tool.js';

/**
 * Accepts the tool lists developers have at hand and returns `{ name, description?, parameters }`
 * entries: our own shape, OpenAI Chat `{ type: "function", function: { name, parameters } }`,
 * and `{ name, input_schema }` (Anthropic) / `{ name, inputSchema }` (AI SDK).
 *
 * @throws {InvalidToolsError} (code `invalid_tools`) when `tools` is not an array, an entry has no
 *   string `name`, two entries have the same `name`, or an entry's `parameters` is not an object or a
 *   boolean.
 */
export function normalizeTools(tools: unknown): ToolDefinition[] {
  if (!Array.isArray(tools)) throw new InvalidToolsError('tools must be a JSON array');
  // A loop by index, not `map`: `map` skips the holes of a sparse array and would hand them on as
  // `undefined` entries; a hole is an entry that is not an object.
  const normalized: ToolDefinition[] = [];
  // Two schemas under one name would make a call's arguments align with whichever came last, silently:
  // refused, as `createToolset` refuses it.
  const names = new Set<string>();
  for (let index = 0; index < tools.length; index++) {
    const entry: unknown = tools[index];
    if (typeof entry !== 'object' || entry === null) throw new InvalidToolsError('not an object', index);
    let record = entry as Record<string, unknown>;
    if (typeof record.function === 'object' && record.function !== null) {
      record = record.function as Record<string, unknown>;
    }
    if (typeof record.name !== 'string' || record.name === '') {
      throw new InvalidToolsError('missing string "name"', index);
    }
    if (names.has(record.name))
      throw new InvalidToolsError(`a second tool named "${record.name}"; tool names must be unique`, index);
    names.add(record.name);
    const parameters = (record.parameters ??
      record.input_schema ??
      record.inputSchema ?? {
        type: 'object',
        properties: {},
      }) as JSONSchema;
    if (typeof parameters !== 'boolean' && (typeof parameters !== 'object' || Array.isArray(parameters))) {
      throw new InvalidToolsError('"parameters" must be a JSON Schema (an object or a boolean)', index);
    }
    const tool: ToolDefinition =
      typeof record.description === 'string'
        ? { name: record.name, description: record.description, parameters }
        : { name: record.name, parameters };
    normalized.push(tool);
  }
  return normalized;
}

/** Tools by name, for the parsers' name checks and per-parameter schema look-ups. */
export class ToolIndex {
  private readonly byName = new Map<string, ToolDefinition>();

  constructor(tools: readonly ToolDefinition[]) {
    for (const tool of tools) this.byName.set(tool.name, tool);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  /** The tool's parameters schema, or `undefined` for an unknown tool. */
  parameters(name: string): JSONSchema | undefined {
    return this.byName.get(name)?.parameters;
  }

  /**
   * The schema of one top-level parameter: `properties[key]` of the tool's parameters, following a
   * local `$ref` at the top level. `undefined` when the tool or the property is unknown.
   */
  parameter(name: string, key: string): JSONSchema | undefined {
    const schema = this.parameters(name);
    if (typeof schema !== 'object' || schema === null) return undefined;
    const properties = schema.properties;
    if (typeof properties !== 'object' || properties === null) return undefined;
    if (!Object.hasOwn(properties, key)) return undefined;
    return (properties as Record<string, JSONSchema>)[key];
  }
}
