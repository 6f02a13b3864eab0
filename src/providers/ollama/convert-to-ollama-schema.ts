import { ToolwireError } from '../../errors/toolwire-error.js';
import { escapePointer } from '../../internal/escape-pointer.js';
import type { JSONSchema } from '../../types/json-schema.js';
import type { Warning } from '../../types/warning.js';
import { isRecord } from '../shared/call-accumulator.js';

/**
 * The keywords Ollama's server keeps when it decodes a tool's `parameters` into Go structs: the root
 * `ToolFunctionParameters {type, $defs, items, required, properties}`, each property a `ToolProperty
 * {anyOf, type, items, description, enum, properties, required}` (ollama/ollama api/types.go;
 * providers.md §7a). `items` and `$defs` are kept whole (Go `any`).
 */
const ROOT = new Set(['type', '$defs', 'items', 'required', 'properties']);
const PROPERTY = new Set(['anyOf', 'type', 'items', 'description', 'enum', 'properties', 'required']);

/** Options of `convertToOllamaSchema`. */
export interface OllamaSchemaOptions {
  /** `warn` (default): list each dropped keyword; `throw`: `ToolwireError` code `unsupported` at the first. */
  readonly onUnsupported?: 'warn' | 'throw';
  readonly toolName?: string;
}

/**
 * Checks a tool schema against what Ollama keeps and returns it unchanged (the server drops the rest
 * itself; sending the schema as given keeps the bytes stable), with one `unsupported` warning per
 * keyword the server drops silently (`format`, `minimum`, `pattern`, `additionalProperties`, `const`,
 * `default`, a nested `$ref`, ...), at its JSON Pointer. Vendor `x-` keys are not reported.
 *
 * @throws {ToolwireError} code `unsupported` at the first such keyword with `onUnsupported: 'throw'`.
 */
export function convertToOllamaSchema(
  schema: JSONSchema,
  options: OllamaSchemaOptions = {},
): { schema: JSONSchema; warnings: readonly Warning[] } {
  const warnings: Warning[] = [];
  const report = (keyword: string, pointer: string): void => {
    const where = `${options.toolName === undefined ? '' : `tool ${options.toolName}, `}at ${pointer === '' ? '/' : pointer}`;
    const why =
      keyword === '$ref' ? 'nested references do not survive; inline the schema' : 'Ollama drops it silently';
    if (options.onUnsupported === 'throw') {
      throw new ToolwireError('unsupported', `Ollama schema: keyword ${keyword} (${where}): ${why}`);
    }
    warnings.push({
      type: 'unsupported',
      feature: `schema keyword ${keyword}`,
      details: `ollama ${where}: ${why}`,
    });
  };
  const walk = (node: unknown, pointer: string, kept: ReadonlySet<string>): void => {
    if (!isRecord(node)) return;
    for (const keyword of Object.keys(node)) {
      if (!kept.has(keyword) && !keyword.startsWith('x-')) report(keyword, pointer);
    }
    const properties = node.properties;
    if (isRecord(properties)) {
      for (const key of Object.keys(properties)) {
        walk(properties[key], `${pointer}/properties/${escapePointer(key)}`, PROPERTY);
      }
    }
    if (kept === PROPERTY && Array.isArray(node.anyOf)) {
      node.anyOf.forEach((branch, index) => {
        walk(branch, `${pointer}/anyOf/${index}`, PROPERTY);
      });
    }
  };
  walk(schema, '', ROOT);
  return { schema, warnings };
}
