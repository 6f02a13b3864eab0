import { ToolwireError } from '../../errors/index.js';
import { openaiChat, type ToolChoice } from '../../providers/index.js';
import type { JSONSchema, Message, ToolDefinition } from '../../types/index.js';
import { allowedToolsChoice, type OfferedTools } from '../core/allowed-tools.js';
import { finalAssistantText } from '../core/continue-final.js';
import { reasoningField, reasoningFromEffort } from '../core/reasoning-switch.js';
import { warningText } from '../core/turn-grammar.js';
import type { ResponseFormat, TurnRequest } from '../core/turn-request.js';
import { badField } from '../http/gateway-error.js';
import { readSampling } from './read-sampling.js';

/**
 * Fields of a Chat Completions body the gateway reads elsewhere or that change nothing it does
 * (`user`, `metadata`, `store`: bookkeeping at OpenAI; `service_tier`, `prompt_cache_key`: routing).
 */
const accepted = new Set([
  'model',
  'messages',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'response_format',
  'max_tokens',
  'max_completion_tokens',
  'temperature',
  'top_p',
  'top_k',
  'stop',
  'seed',
  'stream',
  'stream_options',
  'n',
  'user',
  'metadata',
  'store',
  'service_tier',
  'prompt_cache_key',
  'safety_identifier',
  'reasoning_effort',
  'logprobs',
  'frequency_penalty',
  'presence_penalty',
  'top_logprobs',
  'logit_bias',
  'continue_final_message',
  'add_generation_prompt',
]);

/**
 * Reads and checks a Chat Completions request body (`POST /v1/chat/completions`); what the message
 * conversion leaves out or reads otherwise (a content part it cannot read, a tool result that answers
 * no call) goes to `notice`, one line each.
 *
 * @throws {GatewayError} 400 for a body that is not a Chat request, a message that is not an object
 *   or has another role than system, developer, user, assistant or tool, a field of the wrong type or
 *   out of range, and a field the gateway cannot honour (`n` > 1, `logprobs`, `logit_bias`, penalties,
 *   `audio`, ...): each names the field in `param`.
 */
export function readChatRequest(body: unknown, notice: (message: string) => void = () => {}): TurnRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badField('body', 'the request body must be a JSON object', 'invalid_request');
  }
  const record = body as Record<string, unknown>;
  if (typeof record.model !== 'string' || record.model === '')
    throw badField('model', '"model" must be a non-empty string');
  if (!Array.isArray(record.messages) || record.messages.length === 0) {
    throw badField('messages', '"messages" must be a non-empty array');
  }
  for (const key of Object.keys(record)) {
    if (accepted.has(key)) continue;
    if (record[key] === null || record[key] === undefined) continue;
    throw badField(key, `"${key}" is not supported by this gateway`, 'unsupported_parameter');
  }
  rejectUnhonoured(record);
  checkMessages(record.messages);
  const tools = readTools(record.tools);
  let canonical: ReturnType<typeof openaiChat.fromRequest>['value'];
  try {
    // The conversion reads messages; `tool_choice` is read below (the converter knows no
    // `allowed_tools` and would note it as not read).
    const converted = openaiChat.fromRequest({ ...record, tool_choice: undefined });
    canonical = converted.value;
    // What the conversion left out or read otherwise (a content part it cannot read, a result that
    // answers no call): the log says so, as the Responses route does.
    for (const warning of converted.warnings) notice(`messages: ${warningText(warning)}`);
  } catch (error) {
    if (error instanceof ToolwireError) throw badField('messages', error.message, 'invalid_request');
    throw error;
  }
  const { toolChoice, tools: offered } = readToolChoice(record.tool_choice, tools.definitions);
  if (record.parallel_tool_calls !== undefined && typeof record.parallel_tool_calls !== 'boolean') {
    throw badField('parallel_tool_calls', '"parallel_tool_calls" must be a boolean');
  }
  if (record.stream !== undefined && typeof record.stream !== 'boolean')
    throw badField('stream', '"stream" must be a boolean');
  const streamOptions = record.stream_options;
  if (
    streamOptions !== undefined &&
    streamOptions !== null &&
    (typeof streamOptions !== 'object' || Array.isArray(streamOptions))
  ) {
    throw badField('stream_options', '"stream_options" must be an object');
  }
  const includeUsageField = (streamOptions as { include_usage?: unknown } | null | undefined)?.include_usage;
  if (includeUsageField !== undefined && includeUsageField !== null && typeof includeUsageField !== 'boolean')
    throw badField('stream_options.include_usage', '"stream_options.include_usage" must be a boolean');
  const includeUsage = includeUsageField === true;
  return {
    model: record.model,
    messages: canonical.messages,
    tools: offered,
    strictTools: tools.strict,
    toolChoice,
    parallelToolCalls: record.parallel_tool_calls !== false,
    responseFormat: readResponseFormat(record.response_format),
    params: readSampling(record),
    stream: record.stream === true,
    includeUsage,
    ...reasoningField(reasoningFromEffort(record.reasoning_effort, 'reasoning_effort')),
    ...(readContinueFinal(record, canonical.messages) ? { continueFinal: true } : {}),
  };
}

/**
 * vLLM's `continue_final_message` (the answer goes on writing the final assistant message) and
 * `add_generation_prompt` (which may be `false` only together with it: a prompt that ends a turn and
 * opens none would leave the model nothing to write).
 */
function readContinueFinal(record: Record<string, unknown>, messages: readonly Message[]): boolean {
  const { continue_final_message: continues, add_generation_prompt: opens } = record;
  for (const [key, value] of [
    ['continue_final_message', continues],
    ['add_generation_prompt', opens],
  ] as const) {
    if (value !== undefined && value !== null && typeof value !== 'boolean')
      throw badField(key, `"${key}" must be a boolean`);
  }
  if (continues === true && opens === true)
    throw badField(
      'continue_final_message',
      '"continue_final_message" and "add_generation_prompt" cannot both be true',
    );
  if (opens === false && continues !== true)
    throw badField(
      'add_generation_prompt',
      '"add_generation_prompt" may be false only with "continue_final_message": true',
      'unsupported_parameter',
    );
  if (continues === true && finalAssistantText(messages) === undefined)
    throw badField(
      'continue_final_message',
      '"continue_final_message" needs a final assistant message with text and no tool calls',
    );
  return continues === true;
}

/** The roles a Chat message may have here. */
const roles = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

/**
 * Every message is an object with a role the gateway reads and content of a type OpenAI accepts (a
 * string or an array of parts; for an assistant message also null or absent, and `tool_calls` an
 * array): the message converter would skip anything else with a warning, and a turn of the
 * conversation must not vanish quietly.
 *
 * @throws {GatewayError} 400 naming `messages[N]`, `messages[N].role`, `messages[N].content` or
 *   `messages[N].tool_calls`.
 */
function checkMessages(messages: readonly unknown[]): void {
  messages.forEach((message, index) => {
    if (typeof message !== 'object' || message === null || Array.isArray(message))
      throw badField(`messages[${index}]`, `"messages[${index}]" must be an object`);
    const role = (message as { role?: unknown }).role;
    if (typeof role !== 'string' || !roles.has(role)) {
      const legacy =
        role === 'function' ? ' (the legacy "function" role is not read: send "tool" messages)' : '';
      throw badField(
        `messages[${index}].role`,
        `"messages[${index}].role" must be one of ${[...roles].join(', ')}${legacy}`,
      );
    }
    const { content, tool_calls: toolCalls } = message as { content?: unknown; tool_calls?: unknown };
    const assistant = role === 'assistant';
    const contentOk =
      typeof content === 'string' ||
      Array.isArray(content) ||
      (assistant && (content === null || content === undefined));
    if (!contentOk) {
      throw badField(
        `messages[${index}].content`,
        `"messages[${index}].content" must be a string or an array of content parts${assistant ? ', or null' : ''}`,
      );
    }
    if (assistant && toolCalls !== undefined && toolCalls !== null && !Array.isArray(toolCalls))
      throw badField(`messages[${index}].tool_calls`, `"messages[${index}].tool_calls" must be an array`);
  });
}

function rejectUnhonoured(record: Record<string, unknown>): void {
  if (record.n !== undefined && record.n !== null && record.n !== 1) {
    throw badField(
      'n',
      '"n" other than 1 is not supported: the gateway generates one choice',
      'unsupported_parameter',
    );
  }
  if (record.logprobs === true)
    throw badField('logprobs', '"logprobs" is not supported by this gateway', 'unsupported_parameter');
  for (const key of ['frequency_penalty', 'presence_penalty', 'top_logprobs']) {
    const value = record[key];
    if (value !== undefined && value !== null && value !== 0) {
      throw badField(key, `"${key}" is not supported by this gateway`, 'unsupported_parameter');
    }
  }
  // An empty bias changes nothing (clients send `{}` by default).
  const bias = record.logit_bias;
  if (
    bias !== undefined &&
    bias !== null &&
    (typeof bias !== 'object' || Array.isArray(bias) || Object.keys(bias).length > 0)
  )
    throw badField('logit_bias', '"logit_bias" is not supported by this gateway', 'unsupported_parameter');
}

function readTools(value: unknown): { definitions: ToolDefinition[]; strict: Set<string> } {
  const strict = new Set<string>();
  if (value === undefined || value === null) return { definitions: [], strict };
  if (!Array.isArray(value)) throw badField('tools', '"tools" must be an array');
  const definitions: ToolDefinition[] = [];
  const names = new Set<string>();
  value.forEach((entry: unknown, index) => {
    const param = `tools[${index}]`;
    if (typeof entry !== 'object' || entry === null || (entry as { type?: unknown }).type !== 'function') {
      throw badField(param, `${param} must be {"type": "function", "function": {...}}`);
    }
    const fn = (entry as { function?: unknown }).function;
    if (typeof fn !== 'object' || fn === null)
      throw badField(`${param}.function`, `${param}.function must be an object`);
    const { name, description, parameters } = fn as Record<string, unknown>;
    if (typeof name !== 'string' || !/^[A-Za-z0-9_.:-]{1,128}$/.test(name)) {
      throw badField(
        `${param}.function.name`,
        `${param}.function.name must be 1-128 letters, digits, "_", "-", ".", ":"`,
      );
    }
    if (names.has(name)) throw badField(`${param}.function.name`, `tool "${name}" is declared twice`);
    names.add(name);
    if (description !== undefined && typeof description !== 'string') {
      throw badField(`${param}.function.description`, `${param}.function.description must be a string`);
    }
    if (
      parameters !== undefined &&
      (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters))
    ) {
      throw badField(
        `${param}.function.parameters`,
        `${param}.function.parameters must be a JSON Schema object`,
      );
    }
    const strictness = (fn as { strict?: unknown }).strict;
    if (strictness !== undefined && strictness !== null && typeof strictness !== 'boolean')
      throw badField(`${param}.function.strict`, `${param}.function.strict must be true or false`);
    if (strictness === true) strict.add(name);
    definitions.push({
      name,
      ...(description === undefined ? {} : { description }),
      parameters: (parameters ?? { type: 'object', properties: {} }) as ToolDefinition['parameters'],
    });
  });
  return { definitions, strict };
}

function readToolChoice(value: unknown, tools: readonly ToolDefinition[]): OfferedTools {
  const offered = (toolChoice: ToolChoice): OfferedTools => ({ toolChoice, tools });
  if (value === undefined || value === null) return offered({ type: tools.length > 0 ? 'auto' : 'none' });
  if (value === 'auto' || value === 'none' || value === 'required') {
    if (value === 'required' && tools.length === 0)
      throw badField('tool_choice', '"tool_choice": "required" needs "tools"');
    return offered({ type: value });
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const {
      type,
      function: fn,
      allowed_tools: allowed,
    } = value as {
      type?: unknown;
      function?: { name?: unknown };
      allowed_tools?: { mode?: unknown; tools?: unknown };
    };
    if (type === 'function' && typeof fn?.name === 'string') {
      const name = fn.name;
      if (!tools.some((tool) => tool.name === name)) {
        throw badField('tool_choice', `"tool_choice" names "${name}", which is not in "tools"`);
      }
      return offered({ type: 'tool', toolName: name });
    }
    if (
      type === 'allowed_tools' &&
      typeof allowed === 'object' &&
      allowed !== null &&
      Array.isArray(allowed.tools)
    ) {
      const names = allowed.tools.map((entry: unknown) => {
        const name = (entry as { function?: { name?: unknown } } | null)?.function?.name;
        return typeof name === 'string' ? name : undefined;
      });
      return allowedToolsChoice(allowed.mode, names, tools);
    }
  }
  throw badField(
    'tool_choice',
    '"tool_choice" must be "auto", "none", "required", {"type": "function", "function": {"name"}} or {"type": "allowed_tools", "allowed_tools": {"mode", "tools"}}',
  );
}

function readResponseFormat(value: unknown): ResponseFormat {
  if (value === undefined || value === null) return { type: 'text' };
  if (typeof value !== 'object' || Array.isArray(value))
    throw badField('response_format', '"response_format" must be an object');
  const record = value as Record<string, unknown>;
  if (record.type === 'text' || record.type === 'json_object') return { type: record.type };
  if (record.type === 'json_schema') {
    const spec = record.json_schema as Record<string, unknown> | undefined;
    if (typeof spec !== 'object' || spec === null || typeof spec.name !== 'string') {
      throw badField('response_format.json_schema', '"response_format.json_schema" needs a "name"');
    }
    const schema = spec.schema ?? {};
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw badField(
        'response_format.json_schema.schema',
        '"response_format.json_schema.schema" must be a JSON Schema object',
      );
    }
    return {
      type: 'json_schema',
      name: spec.name,
      schema: schema as JSONSchema,
      strict: spec.strict === true,
    };
  }
  throw badField(
    'response_format.type',
    '"response_format.type" must be "text", "json_object" or "json_schema"',
  );
}
