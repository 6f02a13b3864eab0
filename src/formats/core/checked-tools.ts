import type { JSONSchema } from '../../types/json-schema.js';
import type { ToolDefinition } from '../../types/tool.js';
import { normalizeTools, ToolIndex } from './tool-index.js';

/**
 * What `normalizeTools` read from one tools array: per entry, the fields its output is made of (the
 * name, the parameters as written, `undefined` for the default, and a string description), beside
 * the output and its `ToolIndex` (made on first use).
 */
interface CheckedTools {
  readonly names: readonly string[];
  readonly parameters: readonly unknown[];
  readonly descriptions: readonly (string | undefined)[];
  readonly tools: readonly ToolDefinition[];
  /** The key is `tools` itself: frozen, so it is never read again. */
  readonly own: boolean;
  index: ToolIndex | undefined;
}

/** By the array given (the caller's, or one `checkedTools` returned): weak, so nothing is kept alive. */
const checkedByArray = new WeakMap<object, CheckedTools>();

/**
 * `normalizeTools(given)`, answered from a cache for an array seen before: the parsers check `tools`
 * on every parse (`checkFormatOptions`, twice through `parseToolCalls`), and callers give the same
 * array to call after call.
 *
 * The rule: the cache is keyed by the array's identity, and a hit is used only after the entries
 * are read again and every field `normalizeTools` reads (`function`, `name`, `parameters` /
 * `input_schema` / `inputSchema`, `description`) still gives what it gave; so a caller that mutates
 * its array or its entries between calls gets its new tools, exactly as without the cache. Only the
 * allocations (the normalized array and entries, the `ToolIndex`) are saved. The array returned is
 * the library's own, frozen with its entries (unlike `normalizeTools`' answer, which is the
 * caller's to keep), and is itself a key that needs no reading: giving it back, as `parseToolCalls`
 * does to `create`, costs one look-up. Property reads are taken to be pure (a getter that answers
 * differently each time is read as often as the check needs).
 *
 * @throws {InvalidToolsError} as `normalizeTools` does.
 */
export function checkedTools(given: unknown): readonly ToolDefinition[] {
  if (Array.isArray(given)) {
    const cached = checkedByArray.get(given);
    if (cached !== undefined && (cached.own || unchanged(given, cached))) return cached.tools;
  }
  const tools = normalizeTools(given);
  const input = given as readonly unknown[];
  const read = readFields(input);
  if (read === undefined) return tools;
  for (const tool of tools) Object.freeze(tool);
  Object.freeze(tools);
  const checked: CheckedTools = { ...read, tools, own: false, index: undefined };
  checkedByArray.set(input, checked);
  checkedByArray.set(tools, { ...checked, own: true });
  return tools;
}

/**
 * The `ToolIndex` of `tools`, an array `checkedTools` just returned (made once per such array);
 * a new index for any other array.
 */
export function toolIndexOf(tools: readonly ToolDefinition[]): ToolIndex {
  const checked = checkedByArray.get(tools);
  if (checked === undefined || checked.tools !== tools) return new ToolIndex(tools);
  checked.index ??= new ToolIndex(tools);
  return checked.index;
}

/** The fields of every entry of a valid tools array, `undefined` when one is not an object (a hole). */
function readFields(
  given: readonly unknown[],
): Pick<CheckedTools, 'names' | 'parameters' | 'descriptions'> | undefined {
  const names: string[] = [];
  const parameters: unknown[] = [];
  const descriptions: (string | undefined)[] = [];
  for (let index = 0; index < given.length; index++) {
    const record = recordOf(given[index]);
    if (record === undefined) return undefined;
    names.push(record.name as string);
    parameters.push(writtenParameters(record));
    descriptions.push(descriptionOf(record));
  }
  return { names, parameters, descriptions };
}

/** Whether `given` still reads as it did when `checked` was made. */
function unchanged(given: readonly unknown[], checked: CheckedTools): boolean {
  const count = checked.names.length;
  if (given.length !== count) return false;
  for (let index = 0; index < count; index++) {
    const record = recordOf(given[index]);
    if (
      record === undefined ||
      record.name !== checked.names[index] ||
      writtenParameters(record) !== checked.parameters[index] ||
      descriptionOf(record) !== checked.descriptions[index]
    )
      return false;
  }
  return true;
}

/** The object `normalizeTools` reads an entry's fields from: its `function` member when an object. */
function recordOf(entry: unknown): Record<string, unknown> | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const record = entry as Record<string, unknown>;
  const inner = record.function;
  return typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : record;
}

function writtenParameters(record: Record<string, unknown>): JSONSchema | undefined {
  return (record.parameters ?? record.input_schema ?? record.inputSchema) as JSONSchema | undefined;
}

function descriptionOf(record: Record<string, unknown>): string | undefined {
  return typeof record.description === 'string' ? record.description : undefined;
}
