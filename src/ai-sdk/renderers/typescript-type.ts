/**
 * A JSON Schema as the TypeScript type gpt-oss's template writes for it (the common cases); Apertus'
 * template has the same macro.
 */
export function typescriptType(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return 'any';
  const spec = schema as Record<string, unknown>;
  const nullable = spec.nullable === true ? ' | null' : '';
  if (spec.type === 'array') {
    const items = spec.items as Record<string, unknown> | undefined;
    if (items === undefined) return `any[]${nullable}`;
    const simple: Record<string, string> = {
      string: 'string[]',
      number: 'number[]',
      integer: 'number[]',
      boolean: 'boolean[]',
    };
    const known = typeof items.type === 'string' ? simple[items.type] : undefined;
    if (known !== undefined) return `${known}${nullable}`;
    const inner = typescriptType(items);
    return `${inner === 'object | object' || inner.length > 50 ? 'any[]' : `${inner}[]`}${nullable}`;
  }
  if (Array.isArray(spec.type)) return spec.type.map(String).join(' | ');
  if (spec.type === 'string')
    return Array.isArray(spec.enum) ? `"${spec.enum.map(String).join('" | "')}"` : `string${nullable}`;
  if (spec.type === 'number' || spec.type === 'integer') return 'number';
  if (spec.type === 'boolean') return 'boolean';
  if (spec.type === 'object') {
    const properties = spec.properties as Record<string, unknown> | undefined;
    if (properties === undefined || Object.keys(properties).length === 0) return 'object';
    const required = Array.isArray(spec.required) ? spec.required : [];
    return `{\n${Object.entries(properties)
      .map(([name, inner]) => `${name}${required.includes(name) ? '' : '?'}: ${typescriptType(inner)}`)
      .join(', ')}}`;
  }
  return 'any';
}
