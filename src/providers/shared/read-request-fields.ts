import { ToolwireError } from '../../errors/toolwire-error.js';
import type { JSONSchema } from '../../types/json-schema.js';
import type { ToolDefinition } from '../../types/tool.js';
import type { Warning } from '../../types/warning.js';
import type { CanonicalRequest, ToolChoice, Usage } from '../provider-converter.js';
import { isRecord, nonEmptyString } from './call-accumulator.js';

/** The body as a record, or `ToolwireError` code `invalid_request` (a body that is not an object at all). */
export function requireRecord(body: unknown, what: string): Record<string, unknown> {
  if (!isRecord(body)) {
    throw new ToolwireError(
      'invalid_request',
      `${what} must be a JSON object, got ${body === null ? 'null' : Array.isArray(body) ? 'an array' : typeof body}`,
    );
  }
  return body;
}

/**
 * One function tool as a canonical definition: `{name, description?, parameters?}` (OpenAI's
 * `function` object, or a Responses tool, which is flat). Missing `parameters` is a tool without
 * arguments: `{type: "object", properties: {}}`. `undefined` when there is no name.
 */
export function readFunctionTool(fn: Record<string, unknown>): ToolDefinition | undefined {
  const name = nonEmptyString(fn.name);
  if (name === undefined) return undefined;
  const description = typeof fn.description === 'string' ? fn.description : undefined;
  const parameters: JSONSchema =
    isRecord(fn.parameters) || typeof fn.parameters === 'boolean'
      ? (fn.parameters as JSONSchema)
      : { type: 'object', properties: {} };
  return { name, ...(description === undefined ? {} : { description }), parameters };
}

/** A `tool_choice`: a mode string, or a named function given as `name` (Responses) or `function.name` (Chat). */
export function readToolChoice(value: unknown, warnings: Warning[]): ToolChoice | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === 'auto' || value === 'none' || value === 'required') return { type: value };
  if (isRecord(value) && value.type === 'function') {
    const name =
      nonEmptyString(value.name) ??
      (isRecord(value.function) ? nonEmptyString(value.function.name) : undefined);
    if (name !== undefined) return { type: 'tool', toolName: name };
  }
  warnings.push({
    type: 'unsupported',
    feature: 'tool_choice',
    details: `${JSON.stringify(value)} not read`,
  });
  return undefined;
}

/** The numeric request options both OpenAI APIs share, under the names given. */
export function readNumber(body: Record<string, unknown>, ...keys: string[]): number | undefined {
  for (const key of keys) {
    const value = body[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
}

/**
 * A request's function tools in their order, each read by `read` (`undefined`: not a named function
 * tool, reported and skipped). `undefined` when there is no tool list or no function tool in it (as
 * `toRequest` writes it: no `tools` field).
 */
export function readTools(
  value: unknown,
  read: (entry: Record<string, unknown>) => ToolDefinition | undefined,
  warnings: Warning[],
): ToolDefinition[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const tools: ToolDefinition[] = [];
  value.forEach((entry, index) => {
    const tool = isRecord(entry) ? read(entry) : undefined;
    if (tool) tools.push(tool);
    else {
      warnings.push({
        type: 'unsupported',
        feature: 'tool',
        details: `tools[${index}] (${isRecord(entry) ? JSON.stringify(entry.type) : 'not an object'}) is not a named function tool; skipped`,
      });
    }
  });
  return tools.length > 0 ? tools : undefined;
}

/** A response's `id`, `model` and token counts (under the provider's two usage keys), each when present. */
export function readResponseMeta(
  record: Record<string, unknown>,
  inputKey: string,
  outputKey: string,
): { usage?: Usage; id?: string; model?: string } {
  const meta: { usage?: Usage; id?: string; model?: string } = {};
  const usage = isRecord(record.usage) ? record.usage : undefined;
  if (usage !== undefined) {
    const counts: { inputTokens?: number; outputTokens?: number } = {};
    if (typeof usage[inputKey] === 'number') counts.inputTokens = usage[inputKey];
    if (typeof usage[outputKey] === 'number') counts.outputTokens = usage[outputKey];
    if (counts.inputTokens !== undefined || counts.outputTokens !== undefined) meta.usage = counts;
  }
  const id = nonEmptyString(record.id);
  if (id !== undefined) meta.id = id;
  const model = nonEmptyString(record.model);
  if (model !== undefined) meta.model = model;
  return meta;
}

/** The warning for a content part a reader has no canonical form for. */
export function unreadablePart(type: unknown): Warning {
  return {
    type: 'unsupported',
    feature: `user content part ${JSON.stringify(type)}`,
    details: 'not read (file_id references and unknown part types have no canonical form)',
  };
}

/**
 * The canonical request of an OpenAI-style body: `model`, the given messages, the function tools
 * (each entry read by `readTool`), `tool_choice`, `parallel_tool_calls`, the output-token limit (the
 * first of `maxTokenKeys` present) and `temperature`, each only when present.
 */
export function readOpenAIRequest(
  record: Record<string, unknown>,
  messages: CanonicalRequest['messages'],
  readTool: (entry: Record<string, unknown>) => ToolDefinition | undefined,
  maxTokenKeys: readonly string[],
  warnings: Warning[],
): CanonicalRequest {
  const model = nonEmptyString(record.model);
  const tools = readTools(record.tools, readTool, warnings);
  const toolChoice = readToolChoice(record.tool_choice, warnings);
  const maxOutputTokens = readNumber(record, ...maxTokenKeys);
  const temperature = readNumber(record, 'temperature');
  return {
    ...(model === undefined ? {} : { model }),
    messages,
    ...(tools === undefined ? {} : { tools }),
    ...(toolChoice === undefined ? {} : { toolChoice }),
    ...(typeof record.parallel_tool_calls === 'boolean'
      ? { parallelToolCalls: record.parallel_tool_calls }
      : {}),
    ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
    ...(temperature === undefined ? {} : { temperature }),
  };
}
