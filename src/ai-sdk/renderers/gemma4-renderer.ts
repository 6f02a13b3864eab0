import type { ToolDefinition } from '../../types/tool.js';
import { joined } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

// Gemma 4's chat template writes schemas, calls and results in its own value syntax: bare keys,
// strings between `<|"|>` quotes, keys sorted (`dictsort`, case-insensitive), types upper-cased.
const quote = '<|"|>';
const quoted = (text: string): string => `${quote}${text}${quote}`;

type Schema = Record<string, unknown>;
const asSchema = (value: unknown): Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Schema) : {};
const truthy = (value: unknown): boolean =>
  Array.isArray(value)
    ? value.length > 0
    : asSchema(value) === value
      ? Object.keys(value).length > 0
      : !!value;

/** Entries sorted as Jinja's `dictsort` sorts them (case-insensitive keys). */
const sorted = (object: Schema): [string, unknown][] =>
  Object.entries(object).sort(([a], [b]) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  });

/** The template's `format_argument`: a value; mapping keys quoted unless `bareKeys`. */
function argument(value: unknown, bareKeys = false): string {
  if (typeof value === 'string') return quoted(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map((item) => argument(item, bareKeys)).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${sorted(value as Schema)
      .map(([key, item]) => `${bareKeys ? key : quoted(key)}:${argument(item, bareKeys)}`)
      .join(',')}}`;
  return value === null || value === undefined ? 'None' : String(value);
}

const upper = (value: unknown): string => (value === undefined ? '' : String(value).toUpperCase());
const requiredList = (value: unknown): string =>
  `required:[${(Array.isArray(value) ? value : []).map((item) => quoted(String(item))).join(',')}]`;

const standardKeys = ['description', 'type', 'properties', 'required', 'nullable'];

/**
 * The template's `format_parameters`: each property as `name:{description,enum|items,nullable,
 * properties,required,type}`. Like Google's template, properties named like the standard schema
 * keys are skipped (vLLM's copy skips them only for an object schema without `properties`, whose own
 * keys it lists as properties; the two agree on every other schema).
 */
function parameters(properties: Schema): string {
  const pieces: string[] = [];
  for (const [key, field] of sorted(properties)) {
    if (standardKeys.includes(key)) continue;
    const value = asSchema(field);
    const inner: string[] = [];
    const type = upper(value.type);
    if (truthy(value.description)) inner.push(`description:${quoted(String(value.description))}`);
    if (type === 'STRING' && truthy(value.enum)) inner.push(`enum:${argument(value.enum)}`);
    if (type === 'ARRAY' && truthy(value.items)) inner.push(`items:{${items(asSchema(value.items))}}`);
    if (truthy(value.nullable)) inner.push('nullable:true');
    if (type === 'OBJECT') {
      inner.push(
        typeof value.properties === 'object' && value.properties !== null && !Array.isArray(value.properties)
          ? `properties:{${parameters(value.properties as Schema)}}`
          : `properties:{${parameters(value)}}`,
      );
      if (truthy(value.required)) inner.push(requiredList(value.required));
    }
    inner.push(`type:${quoted(type)}`);
    pieces.push(`${key}:{${inner.join(',')}}`);
  }
  return pieces.join(',');
}

function items(schema: Schema): string {
  const pieces: string[] = [];
  for (const [key, value] of sorted(schema)) {
    if (value === null || value === undefined) continue;
    if (key === 'properties') pieces.push(`properties:{${parameters(asSchema(value))}}`);
    else if (key === 'required') pieces.push(requiredList(value));
    else if (key === 'type')
      pieces.push(`type:${argument(Array.isArray(value) ? value.map(upper) : upper(value))}`);
    else pieces.push(`${key}:${argument(value)}`);
  }
  return pieces.join(',');
}

function declaration(tool: ToolDefinition): string {
  let text = `declaration:${tool.name}{description:${quoted(tool.description ?? '')}`;
  const params = asSchema(tool.parameters);
  if (truthy(params)) {
    text += ',parameters:{';
    if (truthy(params.properties)) text += `properties:{${parameters(asSchema(params.properties))}},`;
    if (truthy(params.required)) text += `${requiredList(params.required)},`;
    if (truthy(params.type)) text += `type:${quoted(upper(params.type))}}`;
  }
  return `<|tool>${`${text}}`.trim()}<tool|>`;
}

/**
 * Gemma 4: the declarations right after the system text, each call `<|tool_call>call:NAME{…}`,
 * each result `<|tool_response>response:NAME{value:…}<tool_response|>` inside the model turn after
 * the call (Gemma's template prints them there, not in a turn of their own). Source: Google's
 * template (llama.cpp `google-gemma-4-31B-it.jinja`) and vLLM's `tool_chat_template_gemma4.jinja`.
 */
export const gemma4Renderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) => tools.map((tool) => declaration(tool)).join(''),
  join: (section, text) => `${(text ?? '').trim()}${section}`,
  call: (call) =>
    `<|tool_call>call:${call.name}{${sorted(call.input)
      .map(([key, value]) => `${key}:${argument(value, true)}`)
      .join(',')}}<tool_call|>`,
  assistant: joined(''),
  results: (results) =>
    results
      .map(
        (result) =>
          `<|tool_response>response:${result.name}{value:${argument(result.text, true)}}<tool_response|>`,
      )
      .join(''),
  resultsRole: 'assistant',
};
