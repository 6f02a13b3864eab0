import type { ToolDefinition } from '../../types/tool.js';

/** A boolean schema as the object form a `parameters` field needs (`true` = `{}`, `false` = `{not: {}}`). */
export function objectSchema(schema: ToolDefinition['parameters']): { [keyword: string]: unknown } {
  if (schema === true) return {};
  if (schema === false) return { not: {} };
  return schema as { [keyword: string]: unknown };
}
