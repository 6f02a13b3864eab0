import { type ArgumentEncoding, type EnvelopeSpec, fillTemplate } from './envelope-spec.js';

/** A call to write: a tool name and its arguments object. */
export interface CallToRender {
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** What else the turn holds: a reasoning block and free text before the calls. */
export interface RenderTurnOptions {
  readonly reasoning?: string;
  readonly text?: string;
}

/**
 * The text a model writes for `calls` in the format described by `spec`: the reasoning block (when
 * given and the format has one), the text, then the calls in the format's markers and argument
 * encoding (the same spec the grammar is built from, so the grammar accepts what this writes for
 * arguments valid under the tools' schemas). Arguments are written in their own key order; JSON
 * compact (`JSON.stringify`); Python values with `True` / `False` / `None`.
 */
export function renderToolCalls(
  spec: EnvelopeSpec,
  calls: readonly CallToRender[],
  options: RenderTurnOptions = {},
): string {
  let out = '';
  if (options.reasoning !== undefined && spec.reasoning !== undefined)
    out += spec.reasoning.open + options.reasoning + spec.reasoning.close;
  if (calls.length === 0) return out + (options.text ?? '');
  if (options.text !== undefined)
    out +=
      spec.textBlock === undefined ? options.text : spec.textBlock.open + options.text + spec.textBlock.close;
  const base = spec.indexBase ?? 0;
  const written = calls.map((call, index) => {
    const slots = { name: call.name, index: String(base + index) };
    return (
      fillTemplate(spec.call.open, slots) +
      renderArguments(spec.arguments, call.name, call.arguments) +
      fillTemplate(spec.call.close, slots)
    );
  });
  const body = written.join(spec.separator ?? '');
  return out + (spec.section === undefined ? body : spec.section.open + body + spec.section.close);
}

function renderArguments(
  encoding: ArgumentEncoding,
  name: string,
  args: Readonly<Record<string, unknown>>,
): string {
  if (encoding.kind === 'json') return JSON.stringify(args);
  const entries = Object.entries(args).map(([key, value]) => {
    const isString = typeof value === 'string';
    const type =
      encoding.types === undefined
        ? undefined
        : isString
          ? encoding.types.string
          : encoding.types.other === 'json-type'
            ? jsonType(value)
            : encoding.types.other;
    const slots = { name, key, ...(type === undefined ? {} : { type }) };
    let text: string;
    if (isString && encoding.strings === 'raw') text = value;
    else if (isString && typeof encoding.strings === 'object')
      text = encoding.strings.quote + value + encoding.strings.quote;
    else text = encoding.values === 'python' ? pythonLiteral(value) : JSON.stringify(value);
    return fillTemplate(encoding.open, slots) + text + fillTemplate(encoding.close, slots);
  });
  return entries.join(encoding.separator ?? '');
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' ? 'number' : typeof value;
}

/** A JSON value as a Python literal (strings in JSON's double-quoted spelling, which Python reads). */
function pythonLiteral(value: unknown): string {
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null) return 'None';
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}
