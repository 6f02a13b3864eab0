/**
 * JSON text as Python's `json.dumps(value, ensure_ascii=False)` writes it, which is what the Jinja
 * `tojson` filter of Hugging Face chat templates produces (transformers' `tojson`, and
 * `@huggingface/jinja`'s): `", "` between items, `": "` after keys, non-ASCII kept, key order kept.
 * With `indent`, one item per line indented by that many spaces (`json.dumps(..., indent=N)`).
 * Models saw this spelling in training, so prompts rendered for them use it.
 */
export function pythonJson(value: unknown, indent?: number): string {
  return write(value, indent, '');
}

function write(value: unknown, indent: number | undefined, pad: string): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const inner = indent === undefined ? '' : pad + ' '.repeat(indent);
  const open = indent === undefined ? '' : `\n${inner}`;
  const sep = indent === undefined ? ', ' : `,\n${inner}`;
  const close = indent === undefined ? '' : `\n${pad}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${open}${value.map((item) => write(item, indent, inner)).join(sep)}${close}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
  if (entries.length === 0) return '{}';
  return `{${open}${entries.map(([key, item]) => `${JSON.stringify(key)}: ${write(item, indent, inner)}`).join(sep)}${close}}`;
}

/** A value as Jinja's `string` filter prints it in Python (`True`, `None`, `1.5`, text as is). */
export function pythonString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'number') return String(value);
  return pythonRepr(value);
}

/** Python's `repr` of a list or dict (single-quoted strings), as `string` prints containers. */
function pythonRepr(value: unknown): string {
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.entries(value)
      .map(([key, item]) => `${pythonRepr(key)}: ${pythonRepr(item)}`)
      .join(', ')}}`;
  return pythonString(value);
}
