import { type ReasoningSwitch, reasoningField } from '../core/reasoning-switch.js';
import type { TurnRequest } from '../core/turn-request.js';
import { badField } from '../http/gateway-error.js';
import { messagesConversation } from './messages-conversation.js';
import { type MessagesThinking, readMessagesSampling } from './read-messages-sampling.js';
import { type MessagesTools, readMessagesToolChoice, readMessagesTools } from './read-messages-tools.js';
import { readOutputConfig } from './read-output-config.js';

/**
 * Fields of a Messages body the gateway reads. `metadata` (`user_id`) is bookkeeping at Anthropic and
 * is accepted as such; any other field is listed in `ignoredFields`.
 */
const read = new Set([
  'model',
  'messages',
  'system',
  'max_tokens',
  'tools',
  'tool_choice',
  'temperature',
  'top_p',
  'top_k',
  'stop_sequences',
  'stream',
  'thinking',
  'metadata',
  'output_config',
]);

/** A Messages request (`POST /v1/messages` or `/v1/messages/count_tokens`), read. */
export interface MessagesRequest {
  /** The turn the core runs: system and messages as canonical messages, tools, rules, sampling. */
  readonly turn: TurnRequest;
  readonly thinking: MessagesThinking | undefined;
  /**
   * Top-level fields the gateway does not read, ignored rather than refused: they ask for features of
   * Anthropic's servers (`context_management`, `container`, `mcp_servers`, `service_tier`, ...) that
   * agent clients send by default and that change nothing a self-hosted model could do.
   */
  readonly ignoredFields: readonly string[];
  /** Tools of Anthropic-defined types, left out (see `readMessagesTools`). */
  readonly ignoredTools: MessagesTools['ignored'];
}

/** Block types the message checks let through to the converter, by role. */
const blockTypes: Readonly<Record<'user' | 'assistant', ReadonlySet<string>>> = {
  user: new Set(['text', 'image', 'document', 'tool_result']),
  assistant: new Set(['text', 'thinking', 'redacted_thinking', 'tool_use']),
};

/**
 * Reads and checks an Anthropic Messages body (https://docs.anthropic.com/en/api/messages): `model`,
 * `messages` (user and assistant turns; content a string or blocks: `text`, `image`, `document`,
 * `tool_result` with string or block content; `text`, `thinking`, `redacted_thinking`, `tool_use` in
 * assistant turns; `role: "system"` messages of text at a point of the conversation), `system` (a
 * string or text blocks), `tools`, `tool_choice`, the sampling fields and `thinking` (see
 * `readMessagesSampling`), `stream`. The conversation is converted by `messagesConversation`;
 * `thinking` blocks in history become reasoning (their signatures are not checked),
 * `redacted_thinking` has no text to render and is left out.
 * `countTokens`: the `count_tokens` body, where `max_tokens` is not required. `notice` is told each
 * conversion that lost nothing (a `tool_result` block carried as its JSON text).
 *
 * @throws {GatewayError} 400 naming the field (`messages.2.content.0.type`, `max_tokens`, ...) for a
 *   body that is not a Messages request, a field of the wrong type or range, or a block the gateway
 *   would have to drop.
 */
export function readMessagesRequest(
  body: unknown,
  countTokens = false,
  notice: (message: string) => void = () => {},
): MessagesRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badField('body', 'the request body must be a JSON object', 'invalid_request');
  const record = body as Record<string, unknown>;
  if (typeof record.model !== 'string' || record.model === '')
    throw badField('model', '"model" must be a non-empty string');
  checkMessages(record.messages);
  checkPrefill(record.messages as unknown[]);
  checkSystem(record.system);
  const metadata = record.metadata;
  if (metadata !== undefined && metadata !== null) {
    if (typeof metadata !== 'object' || Array.isArray(metadata))
      throw badField('metadata', '"metadata" must be an object');
    const userId = (metadata as { user_id?: unknown }).user_id;
    if (userId !== undefined && userId !== null && typeof userId !== 'string')
      throw badField('metadata.user_id', '"metadata.user_id" must be a string');
  }
  const sampling = readMessagesSampling(record, countTokens);
  const tools = readMessagesTools(record.tools);
  const choice = readMessagesToolChoice(record.tool_choice, tools.definitions);
  if (record.stream !== undefined && record.stream !== null && typeof record.stream !== 'boolean')
    throw badField('stream', '"stream" must be a boolean');
  const conversation = messagesConversation(record.system, record.messages as unknown[], notice);
  const output = readOutputConfig(record.output_config);
  return {
    turn: {
      model: record.model,
      messages: conversation,
      tools: tools.definitions,
      strictTools: tools.strict,
      toolChoice: choice.toolChoice,
      parallelToolCalls: choice.parallelToolCalls,
      responseFormat: output.responseFormat,
      responseFormatParam: 'output_config.format',
      params: sampling.params,
      stream: record.stream === true,
      includeUsage: false,
      // A final assistant turn is a prefill: the answer continues it.
      continueFinal: true,
      ...reasoningField(reasoningFromThinking(sampling.thinking)),
    },
    thinking: sampling.thinking,
    ignoredFields: [
      ...Object.keys(record).filter((key) => !read.has(key) && record[key] !== undefined),
      ...output.ignored,
    ],
    ignoredTools: tools.ignored,
  };
}

/**
 * Checks the shape the converter relies on: a non-empty array of `{role: "user" | "assistant",
 * content}` with content a string or an array of blocks of the role's known types, and
 * `role: "system"` messages (see `checkSystemMessage`).
 */
function checkMessages(messages: unknown): void {
  if (!Array.isArray(messages) || messages.length === 0)
    throw badField('messages', '"messages" must be a non-empty array');
  messages.forEach((message: unknown, index) => {
    const param = `messages.${index}`;
    if (typeof message !== 'object' || message === null || Array.isArray(message))
      throw badField(param, `${param} must be an object`);
    const { role, content } = message as Record<string, unknown>;
    if (role === 'system') {
      checkSystemMessage(message as Record<string, unknown>, param);
      return;
    }
    if (role !== 'user' && role !== 'assistant')
      throw badField(`${param}.role`, `${param}.role must be "user", "assistant" or "system"`);
    // Anthropic's rule: an empty turn is refused, not dropped (the repair would drop it without a word).
    const empty = content === '' || (Array.isArray(content) && content.length === 0);
    if (empty && !(role === 'assistant' && index === messages.length - 1))
      throw badField(
        param,
        `${param}: all messages must have non-empty content except for the optional final assistant message`,
      );
    if (typeof content === 'string') return;
    if (!Array.isArray(content))
      throw badField(`${param}.content`, `${param}.content must be a string or an array of blocks`);
    content.forEach((block: unknown, at) => {
      const type =
        typeof block === 'object' && block !== null ? (block as { type?: unknown }).type : undefined;
      if (typeof type !== 'string' || !blockTypes[role].has(type)) {
        throw badField(
          `${param}.content.${at}.type`,
          `${param}.content.${at}: ${role} blocks must be of type ${[...blockTypes[role]].join(', ')}`,
        );
      }
      checkBlockFields(block as Record<string, unknown>, `${param}.content.${at}`);
      if (type === 'text' && (block as { text?: unknown }).text === '')
        throw badField(`${param}.content.${at}.text`, 'text content blocks must be non-empty');
    });
  });
}

/**
 * A final assistant turn (a prefill, which the answer continues) must not end with whitespace, as
 * Anthropic requires: templates trim the turn's text, so the model would not see the whitespace the
 * client's own text would run on from.
 */
function checkPrefill(messages: readonly unknown[]): void {
  const last = messages.at(-1) as { role?: unknown; content?: unknown };
  if (last.role !== 'assistant') return;
  const blocks = typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : last.content;
  const texts = (blocks as { type?: unknown; text?: unknown }[]).filter((block) => block.type === 'text');
  const text = texts[texts.length - 1]?.text;
  if (typeof text === 'string' && text !== text.trimEnd())
    throw badField('messages', 'final assistant content cannot end with trailing whitespace');
}

/**
 * The fields of the blocks the converter reads, where a wrong type would otherwise lose the block (a
 * `tool_use` without a name took its turn and result with it) or change it (`input: "x"` read as
 * `{}`, `content: 5` as `""`): `text` of text blocks, `id` / `name` / `input` of `tool_use`,
 * `tool_use_id` / `content` / `is_error` of `tool_result`.
 */
function checkBlockFields(block: Record<string, unknown>, param: string): void {
  const fail = (field: string, what: string) => {
    throw badField(`${param}.${field}`, `${param}.${field} must be ${what}`);
  };
  switch (block.type) {
    case 'text':
      if (typeof block.text !== 'string') fail('text', 'a string');
      return;
    case 'tool_use':
      if (typeof block.id !== 'string' || block.id === '') fail('id', 'a non-empty string');
      if (typeof block.name !== 'string' || block.name === '') fail('name', 'a non-empty string');
      if (typeof block.input !== 'object' || block.input === null || Array.isArray(block.input))
        fail('input', 'an object');
      return;
    case 'tool_result': {
      if (typeof block.tool_use_id !== 'string' || block.tool_use_id === '')
        fail('tool_use_id', 'a non-empty string');
      const content = block.content;
      if (content !== undefined && content !== null && typeof content !== 'string' && !Array.isArray(content))
        fail('content', 'a string or an array of blocks');
      if (block.is_error !== undefined && block.is_error !== null && typeof block.is_error !== 'boolean')
        fail('is_error', 'a boolean');
      return;
    }
  }
}

/**
 * A `role: "system"` message: content a string or text blocks, `clear_at` `never` or
 * `next_user_message`. Its `tool_addition` / `tool_removal` blocks (tools changed from that point on)
 * are refused: the gateway renders one tool list for the whole conversation.
 */
function checkSystemMessage(message: Record<string, unknown>, param: string): void {
  const { content, clear_at: clearAt } = message;
  if (clearAt !== undefined && clearAt !== null && clearAt !== 'never' && clearAt !== 'next_user_message')
    throw badField(`${param}.clear_at`, `${param}.clear_at must be "never" or "next_user_message"`);
  if (typeof content === 'string') return;
  if (!Array.isArray(content))
    throw badField(`${param}.content`, `${param}.content must be a string or an array of text blocks`);
  content.forEach((block: unknown, at) => {
    const { type, text } = (typeof block === 'object' && block !== null ? block : {}) as Record<
      string,
      unknown
    >;
    if (type === 'text' && typeof text === 'string') return;
    const where = `${param}.content.${at}`;
    if (type === 'tool_addition' || type === 'tool_removal')
      throw badField(
        `${where}.type`,
        `${where}: "${type}" (tools changed mid-conversation) is not supported by this gateway`,
        'unsupported_parameter',
      );
    throw badField(`${where}.type`, `${where}: system blocks must be of type text`);
  });
}

function checkSystem(system: unknown): void {
  if (system === undefined || system === null || typeof system === 'string') return;
  const blocks = Array.isArray(system) ? system : undefined;
  blocks?.forEach((block: unknown, index) => {
    const { type, text } = (typeof block === 'object' && block !== null ? block : {}) as Record<
      string,
      unknown
    >;
    if (type !== 'text' || typeof text !== 'string')
      throw badField(`system.${index}`, `system.${index} must be a text block`);
  });
  if (blocks === undefined) throw badField('system', '"system" must be a string or an array of text blocks');
}

/**
 * Anthropic's `thinking` as the switch chat templates read: `enabled` turns thinking on
 * (`enable_thinking: true`), `disabled` off; `adaptive` and absent leave the template's default. The
 * budget has no counterpart in templates; `max_tokens` bounds the whole answer.
 */
function reasoningFromThinking(thinking: MessagesThinking | undefined): ReasoningSwitch | undefined {
  if (thinking === undefined || thinking.type === 'adaptive') return undefined;
  return { enabled: thinking.type === 'enabled' };
}
