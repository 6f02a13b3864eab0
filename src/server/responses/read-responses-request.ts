import type { JSONSchema } from '../../types/index.js';
import { readSampling } from '../chat/read-sampling.js';
import { reasoningFromEffort } from '../core/reasoning-switch.js';
import type { ResponseFormat, TurnRequest } from '../core/turn-request.js';
import { badField, GatewayError } from '../http/gateway-error.js';
import type { NoticeOnce } from '../http/notice-once.js';
import { resolveItemReferences, withItemIds } from './input-item-ids.js';
import { readInclude } from './read-include.js';
import { inputItems, responsesMessages } from './read-responses-input.js';
import { readResponsesToolChoice, readResponsesTools } from './read-responses-tools.js';
import { conversationItems, itemIdOf, type StoredResponse } from './response-store.js';

/** A Responses request, read: the core's turn and what the answer and the store need besides. */
export interface ResponsesRequest {
  readonly turn: TurnRequest;
  /** Names of the `custom` tools (their calls are answered as `custom_tool_call` items). */
  readonly customTools: ReadonlySet<string>;
  /**
   * This request's own `input` items (what the store keeps with the output): item references
   * resolved, each item with an `id`.
   */
  readonly input: readonly unknown[];
  /** The response `previous_response_id` continues. */
  readonly previous: StoredResponse | undefined;
  /** `store` (default true): whether the response is kept for `previous_response_id`. */
  readonly store: boolean;
  /** The request fields a response object repeats, in OpenAI's shape (see `responseObject`). */
  readonly echo: Readonly<Record<string, unknown>>;
}

/**
 * Fields that change nothing the gateway does and are accepted as they are: bookkeeping at OpenAI
 * (`metadata`, checked against OpenAI's bounds, `user`, `safety_identifier`, `prompt_cache_key`, `prompt_cache_retention`,
 * `client_metadata`: the ids Codex CLI sends with every turn), routing
 * (`service_tier`), context handling (`truncation`: the backend's context is what it is),
 * `stream_options`. `reasoning.effort` becomes the template's reasoning switch (`reasoningFromEffort`).
 */
const accepted = new Set([
  'model',
  'input',
  'instructions',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'reasoning',
  'max_output_tokens',
  'temperature',
  'top_p',
  'text',
  'store',
  'previous_response_id',
  'include',
  'metadata',
  'client_metadata',
  'user',
  'truncation',
  'service_tier',
  'stream',
  'stream_options',
  'prompt_cache_key',
  'prompt_cache_retention',
  'safety_identifier',
  'background',
  'top_logprobs',
  'presence_penalty',
  'frequency_penalty',
]);

/** What a request may read of the kept responses: a response by id, an item by id. */
export interface StoredLookup {
  response(id: string): StoredResponse | undefined;
  item(id: string): unknown;
}

/**
 * Reads and checks a Responses request body (`POST /v1/responses`, OpenAI's API reference):
 * `input` (a string or items; see `responsesMessages`), `instructions`, `tools` and `tool_choice`
 * (see `readResponsesTools`), `parallel_tool_calls`, `max_output_tokens`, `temperature`, `top_p`,
 * `text.format` (`text`, `json_object`, `json_schema`: the core's response format), `store`,
 * `previous_response_id` (its stored conversation goes before `input`), `item_reference` items in
 * `input` (replaced by the stored item), `include` (see `readInclude`), `stream`.
 *
 * @throws {GatewayError} 400 naming the field for a malformed body, a field the gateway cannot
 *   honour (`background: true`, `top_logprobs`, `conversation`, `prompt`, unknown fields) or an
 *   unknown `include` value; 404 `previous_response_not_found` (param `previous_response_id`) for an
 *   id the store does not hold, 404 `item_not_found` (param `input`) for an `item_reference` to an
 *   item no stored response holds.
 */
export function readResponsesRequest(
  body: unknown,
  stored: StoredLookup,
  notice: (message: string) => void,
  noticeOnce: NoticeOnce,
): ResponsesRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badField('body', 'the request body must be a JSON object', 'invalid_request');
  const record = body as Record<string, unknown>;
  if (typeof record.model !== 'string' || record.model === '')
    throw badField('model', '"model" must be a non-empty string');
  for (const key of Object.keys(record)) {
    if (accepted.has(key) || record[key] === null || record[key] === undefined) continue;
    throw badField(key, `"${key}" is not supported by this gateway`, 'unsupported_parameter');
  }
  if (record.background === true)
    throw badField(
      'background',
      '"background" responses are not supported by this gateway',
      'unsupported_parameter',
    );
  for (const key of ['user', 'safety_identifier', 'prompt_cache_key']) {
    const value = record[key];
    if (value !== undefined && value !== null && typeof value !== 'string')
      throw badField(key, `"${key}" must be a string`);
  }
  for (const key of ['presence_penalty', 'frequency_penalty']) {
    // Accepted at their default only (as on Chat): the backends' own default is 0 too.
    const value = record[key];
    if (value !== undefined && value !== null && value !== 0)
      throw badField(key, `"${key}" is not supported by this gateway`, 'unsupported_parameter');
  }
  if (record.top_logprobs !== undefined && record.top_logprobs !== null && record.top_logprobs !== 0)
    throw badField(
      'top_logprobs',
      '"top_logprobs" is not supported by this gateway',
      'unsupported_parameter',
    );
  if (
    record.instructions !== undefined &&
    record.instructions !== null &&
    typeof record.instructions !== 'string'
  )
    throw badField('instructions', '"instructions" must be a string');
  for (const key of ['parallel_tool_calls', 'store', 'stream']) {
    if (record[key] !== undefined && record[key] !== null && typeof record[key] !== 'boolean')
      throw badField(key, `"${key}" must be a boolean`);
  }
  for (const key of ['metadata', 'client_metadata', 'reasoning', 'text', 'stream_options']) {
    const value = record[key];
    if (value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value)))
      throw badField(key, `"${key}" must be an object`);
  }
  if (
    record.truncation !== undefined &&
    record.truncation !== null &&
    record.truncation !== 'auto' &&
    record.truncation !== 'disabled'
  )
    throw badField('truncation', '"truncation" must be "auto" or "disabled"');
  checkMetadata(record.metadata);
  readInclude(record.include, noticeOnce);
  const previous = readPrevious(record.previous_response_id, (id) => stored.response(id));
  const given = record.input === undefined && previous !== undefined ? [] : inputItems(record.input);
  const history = previous === undefined ? [] : conversationItems(previous);
  refuseDuplicateIds(given, history);
  const input = withItemIds(resolveItemReferences(given, (id) => stored.item(id)));
  const items = previous === undefined ? input : [...history, ...input];
  if (items.length === 0) throw badField('input', '"input" must not be empty');
  const tools = readResponsesTools(record.tools, notice);
  const { toolChoice, tools: offered } = readResponsesToolChoice(record.tool_choice, tools);
  const text = (record.text ?? {}) as Record<string, unknown>;
  const responseFormat = readTextFormat(text.format);
  let turn: TurnRequest = {
    model: record.model,
    messages: responsesMessages(items, record.instructions, notice),
    tools: offered,
    strictTools: tools.strict,
    toolChoice,
    parallelToolCalls: record.parallel_tool_calls !== false,
    responseFormat,
    responseFormatParam: 'text.format',
    params: readParams(record),
    stream: record.stream === true,
    includeUsage: false,
  };
  const reasoning = (record.reasoning ?? {}) as Record<string, unknown>;
  const reasoningSwitch = reasoningFromEffort(reasoning.effort, 'reasoning.effort');
  if (reasoningSwitch !== undefined) turn = { ...turn, reasoning: reasoningSwitch };
  const echo = {
    instructions: record.instructions ?? null,
    max_output_tokens: record.max_output_tokens ?? null,
    metadata: record.metadata ?? {},
    parallel_tool_calls: turn.parallelToolCalls,
    previous_response_id: record.previous_response_id ?? null,
    reasoning: { effort: reasoning.effort ?? null, summary: reasoning.summary ?? null },
    store: record.store !== false,
    temperature: record.temperature ?? null,
    text: { ...text, format: text.format ?? { type: 'text' } },
    tool_choice: record.tool_choice ?? (tools.definitions.length > 0 ? 'auto' : 'none'),
    tools: record.tools ?? [],
    top_p: record.top_p ?? null,
    truncation: record.truncation ?? 'disabled',
    // The fields Open Responses' response object requires: penalties and logprobs at their only
    // accepted value, the bookkeeping strings as given.
    presence_penalty: 0,
    frequency_penalty: 0,
    top_logprobs: 0,
    max_tool_calls: null,
    user: record.user ?? null,
    safety_identifier: record.safety_identifier ?? null,
    prompt_cache_key: record.prompt_cache_key ?? null,
  };
  return { turn, customTools: tools.custom, input, previous, store: record.store !== false, echo };
}

/**
 * Refuses an input item whose `id` another item of the request has, in `input` or in the
 * conversation `previous_response_id` continues, as OpenAI does: the second item would be rendered as
 * a second turn (a call given twice, its output answering only one), or overwrite the first in
 * `input_items` and in what an `item_reference` finds. (`item_reference` items name an item, they
 * are not one.)
 *
 * @throws {GatewayError} 400 (param `input[N].id`).
 */
function refuseDuplicateIds(input: readonly unknown[], history: readonly unknown[]): void {
  const seen = new Set<string>();
  for (const item of history) {
    const id = itemIdOf(item);
    if (id !== undefined) seen.add(id);
  }
  input.forEach((item, index) => {
    if ((item as { type?: unknown }).type === 'item_reference') return;
    const id = itemIdOf(item);
    if (id === undefined) return;
    if (seen.has(id)) throw badField(`input[${index}].id`, `Duplicate item found with id '${id}'`);
    seen.add(id);
  });
}

/** OpenAI's bounds on `metadata`: pairs, key length, value length. */
const metadataPairs = 16;
const metadataKeyLength = 64;
const metadataValueLength = 512;

/**
 * `metadata` as OpenAI takes it (the response repeats it, and clients read it back): at most 16
 * pairs, keys of at most 64 characters, string values of at most 512.
 *
 * @throws {GatewayError} 400 (param `metadata`) for anything else.
 */
function checkMetadata(value: unknown): void {
  if (value === undefined || value === null) return;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > metadataPairs)
    throw badField('metadata', `"metadata" holds at most ${metadataPairs} pairs, got ${entries.length}`);
  for (const [key, item] of entries) {
    if (key.length > metadataKeyLength)
      throw badField('metadata', `"metadata" keys are at most ${metadataKeyLength} characters`);
    if (typeof item !== 'string' || item.length > metadataValueLength)
      throw badField(
        'metadata',
        `"metadata" values must be strings of at most ${metadataValueLength} characters (at "${key}")`,
      );
  }
}

function readPrevious(
  value: unknown,
  lookup: (id: string) => StoredResponse | undefined,
): StoredResponse | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value === '')
    throw badField('previous_response_id', '"previous_response_id" must be a response id');
  const entry = lookup(value);
  if (entry === undefined) {
    throw new GatewayError(
      404,
      'invalid_request_error',
      'previous_response_not_found',
      `Previous response with id '${value}' not found.`,
      'previous_response_id',
    );
  }
  return entry;
}

function readParams(record: Record<string, unknown>): TurnRequest['params'] {
  const sampling = readSampling({ temperature: record.temperature, top_p: record.top_p });
  const max = record.max_output_tokens;
  if (max === undefined || max === null) return sampling;
  if (!Number.isSafeInteger(max) || (max as number) < 1)
    throw badField('max_output_tokens', '"max_output_tokens" must be a positive integer');
  return { ...sampling, maxTokens: max as number };
}

/** `text.format` as the core's response format (flat in Responses: `{type, name, schema, strict}`). */
function readTextFormat(value: unknown): ResponseFormat {
  if (value === undefined || value === null) return { type: 'text' };
  if (typeof value !== 'object' || Array.isArray(value))
    throw badField('text.format', '"text.format" must be an object');
  const format = value as Record<string, unknown>;
  if (format.type === 'text' || format.type === 'json_object') return { type: format.type };
  if (format.type === 'json_schema') {
    if (typeof format.name !== 'string' || format.name === '')
      throw badField('text.format.name', '"text.format.name" must be a non-empty string');
    const schema = format.schema;
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
      throw badField('text.format.schema', '"text.format.schema" must be a JSON Schema object');
    return {
      type: 'json_schema',
      name: format.name,
      schema: schema as JSONSchema,
      strict: format.strict === true,
    };
  }
  throw badField('text.format.type', '"text.format.type" must be "text", "json_object" or "json_schema"');
}
