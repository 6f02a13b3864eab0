import { ToolwireError } from '../../errors/toolwire-error.js';
import { appendAll } from '../../internal/append-all.js';
import { setOwnProperty } from '../../internal/set-own-property.js';
import type { JSONSchema } from '../../types/json-schema.js';
import type { Message } from '../../types/message.js';
import type { ToolDefinition } from '../../types/tool.js';
import type { Warning } from '../../types/warning.js';
import type { CanonicalRequest, Converted, ToolChoice } from '../provider-converter.js';
import { isRecord } from '../shared/call-accumulator.js';
import { convertFromGeminiContents } from './convert-from-gemini-contents.js';
import { GEMINI_COUNT_KEYWORDS } from './convert-to-gemini-schema.js';

/**
 * Reads a Gemini `generateContent` body into a canonical request: `systemInstruction` text parts →
 * one `system` message each; `contents` (see `convertFromGeminiContents`); `functionDeclarations` of
 * every `tools` entry, in order (`parametersJsonSchema` as is, `parameters` with upper-case type names
 * lowered, no parameters as `{type: "object", properties: {}}`; other tool kinds reported and left
 * out); `toolConfig.functionCallingConfig` → `toolChoice`; `generationConfig.maxOutputTokens` /
 * `temperature`. A `model` field (not part of the REST body: the model is in the URL) is read if present.
 *
 * @throws {ToolwireError} code `invalid_request` when the body is not an object or `contents` is not an array.
 */
export function convertFromGeminiRequest(body: unknown): Converted<CanonicalRequest> {
  if (!isRecord(body) || !Array.isArray(body.contents)) {
    throw new ToolwireError(
      'invalid_request',
      'a Gemini generateContent body is an object with a contents array',
    );
  }
  const warnings: Warning[] = [];
  const messages: Message[] = [];
  const system = body.systemInstruction;
  if (typeof system === 'string') messages.push({ role: 'system', content: system });
  else if (isRecord(system) && Array.isArray(system.parts)) {
    for (const part of system.parts) {
      if (isRecord(part) && typeof part.text === 'string')
        messages.push({ role: 'system', content: part.text });
    }
  }
  appendAll(messages, convertFromGeminiContents(body.contents, warnings));
  const request: { -readonly [K in keyof CanonicalRequest]: CanonicalRequest[K] } = { messages };
  if (typeof body.model === 'string' && body.model !== '') request.model = body.model;
  const tools = readTools(body.tools, warnings);
  if (tools.length > 0) request.tools = tools;
  const toolChoice = readToolChoice(body.toolConfig, warnings);
  if (toolChoice) request.toolChoice = toolChoice;
  const config = body.generationConfig;
  if (isRecord(config)) {
    if (typeof config.maxOutputTokens === 'number') request.maxOutputTokens = config.maxOutputTokens;
    if (typeof config.temperature === 'number') request.temperature = config.temperature;
  }
  return { value: request, warnings };
}

function readTools(value: unknown, warnings: Warning[]): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  if (!Array.isArray(value)) return tools;
  for (const entry of value) {
    if (!isRecord(entry)) continue;
    for (const key of Object.keys(entry)) {
      if (key !== 'functionDeclarations') {
        warnings.push({
          type: 'unsupported',
          feature: `gemini tool ${key}`,
          details: 'only functionDeclarations have a canonical form; this tool was left out',
        });
      }
    }
    if (!Array.isArray(entry.functionDeclarations)) continue;
    for (const declaration of entry.functionDeclarations) {
      if (!isRecord(declaration) || typeof declaration.name !== 'string') continue;
      const parameters: JSONSchema =
        declaration.parametersJsonSchema !== undefined && declaration.parametersJsonSchema !== null
          ? (declaration.parametersJsonSchema as JSONSchema)
          : isRecord(declaration.parameters)
            ? (lowerTypes(declaration.parameters) as JSONSchema)
            : { type: 'object', properties: {} };
      tools.push({
        name: declaration.name,
        ...(typeof declaration.description === 'string' ? { description: declaration.description } : {}),
        parameters,
      });
    }
  }
  return tools;
}

/**
 * The OpenAPI schema as JSON Schema: `STRING`-style type names (the proto enum spelling) lowered, and
 * int64 counts written as strings (`"5"`) read as numbers.
 */
function lowerTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lowerTypes);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const child = value[key];
    if (key === 'type' && typeof child === 'string') setOwnProperty(out, key, child.toLowerCase());
    else if (GEMINI_COUNT_KEYWORDS.has(key) && typeof child === 'string' && /^[0-9]{1,15}$/.test(child)) {
      setOwnProperty(out, key, Number(child));
    } else if (key === 'properties' && isRecord(child)) {
      const properties: Record<string, unknown> = {};
      for (const name of Object.keys(child)) setOwnProperty(properties, name, lowerTypes(child[name]));
      setOwnProperty(out, key, properties);
    } else if (key === 'items' || key === 'anyOf') setOwnProperty(out, key, lowerTypes(child));
    else setOwnProperty(out, key, child);
  }
  return out;
}

function readToolChoice(value: unknown, warnings: Warning[]): ToolChoice | undefined {
  if (!isRecord(value) || !isRecord(value.functionCallingConfig)) return undefined;
  const config = value.functionCallingConfig;
  const names = Array.isArray(config.allowedFunctionNames)
    ? config.allowedFunctionNames.filter((name): name is string => typeof name === 'string')
    : [];
  switch (config.mode) {
    case 'AUTO':
      return { type: 'auto' };
    case 'NONE':
      return { type: 'none' };
    case 'ANY':
      if (names.length === 1) return { type: 'tool', toolName: names[0] as string };
      if (names.length > 1) {
        warnings.push({
          type: 'unsupported',
          feature: 'allowedFunctionNames',
          details: `gemini: a choice among ${names.length} functions has no canonical form; read as required (any tool)`,
        });
      }
      return { type: 'required' };
    case 'VALIDATED':
      warnings.push({
        type: 'compatibility',
        feature: 'functionCallingConfig mode VALIDATED',
        details: 'gemini: read as auto (schema-validated calls have no canonical switch)',
      });
      return { type: 'auto' };
    default:
      return undefined;
  }
}
