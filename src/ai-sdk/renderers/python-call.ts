import { pythonJson } from './python-json.js';
import type { RenderedCall } from './tool-prompt-renderer.js';

/**
 * A JSON value as a Python literal (`True`, `None`, dicts and lists); strings double-quoted as JSON
 * writes them, or single-quoted as Python's `repr` does (`quote: "'"`).
 */
export function pythonLiteral(value: unknown, quote: '"' | "'" = '"'): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string')
    return quote === '"'
      ? JSON.stringify(value)
      : `'${JSON.stringify(value).slice(1, -1).replaceAll("'", "\\'").replaceAll('\\"', '"')}'`;
  if (typeof value === 'number') return pythonJson(value);
  if (Array.isArray(value)) return `[${value.map((item) => pythonLiteral(item, quote)).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${pythonLiteral(key, quote)}: ${pythonLiteral(item, quote)}`)
    .join(', ')}}`;
}

/** One call in Python syntax: `name(key=value, ...)`. */
export const pythonCall = (call: RenderedCall, quote: '"' | "'"): string =>
  `${call.name}(${Object.entries(call.input)
    .map(([key, value]) => `${key}=${pythonLiteral(value, quote)}`)
    .join(', ')})`;
