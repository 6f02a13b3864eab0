import { ToolwireError } from '../../errors/index.js';
import { anthropic } from '../../providers/index.js';
import type { Message, Warning } from '../../types/index.js';
import { badField } from '../http/gateway-error.js';

/**
 * A Messages request's `system` and `messages` as canonical messages. User and assistant turns are
 * converted by `anthropic.fromRequest` of `toolwire/providers`; a `role: "system"` message inside
 * `messages` (Anthropic's system message at a point of the conversation: Claude Code sends its
 * environment this way) becomes a system message at that place, as the Chat surface places one, unless
 * its `clear_at` is `"next_user_message"` and a user message follows it (Anthropic then no longer
 * shows it to the model). Linear in the conversation: each run of turns between system messages is
 * converted once, then tool results whose call lies in an earlier run get their tool's name.
 *
 * @param notice - told each conversion that lost nothing (a `compatibility` warning: a `tool_result`
 *   block of a type toolwire has no part for, carried as its JSON text).
 * @throws {GatewayError} 400 (param `messages`) for turns the converter refuses, or that it could only
 *   convert by dropping something (its first such warning).
 */
export function messagesConversation(
  system: unknown,
  messages: readonly unknown[],
  notice: (message: string) => void,
): Message[] {
  const warnings: Warning[] = [];
  // `system`'s text blocks are one system prompt: one system message (a template may keep only the
  // first system message, as DeepSeek's do), its blocks joined as a system message's blocks are.
  const systemPrompt = system === undefined || system === null ? '' : systemText(system);
  const result = convert(systemPrompt === '' ? undefined : systemPrompt, [], warnings);
  let lastUser = -1;
  messages.forEach((message, index) => {
    if ((message as { role?: unknown }).role === 'user') lastUser = index;
  });
  let run: unknown[] = [];
  messages.forEach((message, index) => {
    const record = message as { role?: unknown; content?: unknown; clear_at?: unknown };
    if (record.role !== 'system') {
      run.push(message);
      return;
    }
    result.push(...convert(undefined, run, warnings));
    run = [];
    if (record.clear_at === 'next_user_message' && lastUser > index) return;
    const text = systemText(record.content);
    if (text !== '') result.push({ role: 'system', content: text });
  });
  result.push(...convert(undefined, run, warnings));
  for (const warning of warnings) {
    if (warning.type === 'compatibility') {
      notice(`/v1/messages: ${warning.feature}: ${warning.details ?? ''}`);
      continue;
    }
    throw badField(
      'messages',
      warning.type === 'other' ? warning.message : `${warning.feature}: ${warning.details}`,
    );
  }
  return namedResults(result);
}

/** `system` and `messages` converted (nothing for neither), their warnings added to `warnings`. */
function convert(system: unknown, messages: unknown[], warnings: Warning[]): Message[] {
  if (messages.length === 0 && (system === undefined || system === null)) return [];
  try {
    const converted = anthropic.fromRequest({ system, messages });
    warnings.push(...converted.warnings);
    return [...converted.value.messages];
  } catch (error) {
    if (error instanceof ToolwireError) throw badField('messages', error.message, 'invalid_request');
    throw error;
  }
}

/** A system message's content (checked before: a string or text blocks) as one text. */
function systemText(content: unknown): string {
  if (typeof content === 'string') return content;
  return ((content ?? []) as { text: string }[]).map((block) => block.text).join('\n');
}

/** `messages` with each tool result's empty `toolName` filled from the call of the same id. */
function namedResults(messages: Message[]): Message[] {
  const names = new Map<string, string>();
  return messages.map((message) => {
    if (message.role === 'assistant' && Array.isArray(message.content)) {
      for (const part of message.content)
        if (part.type === 'tool-call') names.set(part.toolCallId, part.toolName);
      return message;
    }
    if (message.role !== 'tool' || message.content.every((part) => part.toolName !== '')) return message;
    return {
      ...message,
      content: message.content.map((part) =>
        part.toolName === '' ? { ...part, toolName: names.get(part.toolCallId) ?? '' } : part,
      ),
    };
  });
}
