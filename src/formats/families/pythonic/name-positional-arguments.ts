// The arguments of a Python call with its positional arguments named from the tool's schema.
import { setOwnProperty } from '../../../internal/set-own-property.js';
import type { ToolIndex } from '../../core/tool-index.js';

/** A call's arguments by name, or why its positional arguments cannot be named (an invalid call). */
export type NamedArguments =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly code: string; readonly message: string };

/**
 * A keyword given twice (`repeated`, `f(path="/tmp/x", path="/")`) is a SyntaxError in Python, and
 * taking either value could run a call the model did not mean: the call is invalid
 * (`duplicate_argument`), whatever the positional arguments. Positional arguments take the names of the tool's parameters in the order of its schema's
 * `properties` (Python binds them in signature order, and tool schemas generated from signatures
 * list properties in that order). Without tools (code `positional_arguments`), for a tool whose schema
 * lists fewer properties than there are positional arguments (`too_many_positional_arguments`), or for
 * a parameter given both ways (`duplicate_argument`), the call is invalid. An unknown tool keeps its
 * keyword arguments: the caller reports it. Peers do not name positional arguments (vLLM's regex
 * rejects them); this is our rule.
 */
export function namePositionalArguments(
  name: string,
  args: Record<string, unknown>,
  positional: readonly unknown[],
  tools: ToolIndex | undefined,
  repeated: string | undefined,
): NamedArguments {
  if (repeated !== undefined) {
    return {
      ok: false,
      code: 'duplicate_argument',
      message: `the argument "${repeated}" of "${name}" is given twice`,
    };
  }
  if (positional.length === 0) return { ok: true, value: args };
  if (tools === undefined) {
    return {
      ok: false,
      code: 'positional_arguments',
      message: 'positional arguments can only be named from the tool schema, and no tools were given',
    };
  }
  const schema = tools.parameters(name);
  if (schema === undefined) return { ok: true, value: args };
  const properties =
    typeof schema === 'object' && typeof schema.properties === 'object' && schema.properties !== null
      ? Object.keys(schema.properties)
      : [];
  if (positional.length > properties.length) {
    return {
      ok: false,
      code: 'too_many_positional_arguments',
      message: `"${name}" has ${properties.length} parameter(s) but ${positional.length} positional argument(s) were given`,
    };
  }
  const value: Record<string, unknown> = {};
  positional.forEach((item, index) => {
    setOwnProperty(value, properties[index]!, item);
  });
  for (const key of Object.keys(args)) {
    if (Object.hasOwn(value, key)) {
      return {
        ok: false,
        code: 'duplicate_argument',
        message: `the argument "${key}" of "${name}" is given both by position and by keyword`,
      };
    }
    setOwnProperty(value, key, args[key]);
  }
  return { ok: true, value };
}
