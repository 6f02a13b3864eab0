import type { AssistantPart, ImagePart, Message, TextPart, ToolResultPart } from '../../types/message.js';
import type { Warning } from '../../types/warning.js';
import { isRecord } from '../shared/call-accumulator.js';
import { readToolCall } from '../shared/read-tool-call.js';

/**
 * Reads Mistral chat `messages` leniently (unknown fields ignored, `null` content as none):
 * `system` content (chunks joined) → `system`; `user` string or chunks (`text`, `image_url` as a string
 * or `{url}`; a `data:` URL becomes base64 data with its media type) → `user`; `assistant` → text,
 * `thinking` chunks as reasoning, `tool_calls` (`arguments` a JSON string or an object; one that is not
 * an object → `tool-call-invalid` with its text); a run of `tool` messages → one `tool` message, each
 * `content` a `text` result (a missing `name` taken from the call with that id). `prefix` is not kept
 * (the writer derives it). A call without id gets `""` (`repairHistory` gives it a stable id).
 */
export function convertFromMistralMessages(messages: readonly unknown[], warnings: Warning[]): Message[] {
  const out: Message[] = [];
  const names = new Map<string, string>();
  let results: ToolResultPart[] = [];
  const flush = () => {
    if (results.length > 0) out.push({ role: 'tool', content: results });
    results = [];
  };
  for (const message of messages) {
    if (!isRecord(message)) continue;
    if (message.role !== 'tool') flush();
    switch (message.role) {
      case 'system':
        out.push({ role: 'system', content: chunkText(message.content) });
        break;
      case 'user':
        out.push({
          role: 'user',
          content:
            typeof message.content === 'string' ? message.content : userParts(message.content, warnings),
        });
        break;
      case 'assistant': {
        const parts = readAssistant(message, warnings);
        for (const part of parts) if (part.type === 'tool-call') names.set(part.toolCallId, part.toolName);
        out.push({ role: 'assistant', content: parts });
        break;
      }
      case 'tool': {
        const id = typeof message.tool_call_id === 'string' ? message.tool_call_id : '';
        const name =
          typeof message.name === 'string' && message.name !== '' ? message.name : (names.get(id) ?? '');
        results.push({
          type: 'tool-result',
          toolCallId: id,
          toolName: name,
          output: { type: 'text', value: chunkText(message.content) },
        });
        break;
      }
      default:
        warnings.push({
          type: 'unsupported',
          feature: `mistral role ${String(message.role)}`,
          details: 'a message with an unknown role was left out',
        });
    }
  }
  flush();
  return out;
}

/** The parts of an assistant message (history or response): text, reasoning, tool calls. */
export function readAssistant(message: Record<string, unknown>, warnings: Warning[]): AssistantPart[] {
  const parts: AssistantPart[] = [...contentParts(message.content, warnings)];
  if (Array.isArray(message.tool_calls)) {
    for (const call of message.tool_calls) {
      if (!isRecord(call)) continue;
      const fn = isRecord(call.function) ? call.function : {};
      const id = typeof call.id === 'string' ? call.id : '';
      const name = typeof fn.name === 'string' ? fn.name : '';
      parts.push(
        readToolCall(
          id,
          name,
          typeof fn.arguments === 'string' ? { text: fn.arguments } : { value: fn.arguments },
        ),
      );
    }
  }
  return parts;
}

/** Assistant `content` (a string, chunks or `null`) as text and reasoning parts; empty text is none. */
export function contentParts(
  content: unknown,
  warnings: Warning[],
): Array<TextPart | { type: 'reasoning'; text: string }> {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  const parts: Array<TextPart | { type: 'reasoning'; text: string }> = [];
  if (!Array.isArray(content)) return parts;
  for (const chunk of content) {
    if (!isRecord(chunk)) continue;
    if (chunk.type === 'text' && typeof chunk.text === 'string') {
      if (chunk.text !== '') parts.push({ type: 'text', text: chunk.text });
    } else if (chunk.type === 'thinking') parts.push({ type: 'reasoning', text: chunkText(chunk.thinking) });
    else {
      warnings.push({
        type: 'unsupported',
        feature: `mistral chunk ${String(chunk.type)}`,
        details: 'this assistant content chunk has no canonical form; it was left out',
      });
    }
  }
  return parts;
}

/** The text of a content value: a string, or its `text` chunks joined; `null` / other is `""`. */
export function chunkText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((chunk) => (isRecord(chunk) && typeof chunk.text === 'string' ? chunk.text : ''))
    .join('');
}

function userParts(content: unknown, warnings: Warning[]): Array<TextPart | ImagePart> {
  const parts: Array<TextPart | ImagePart> = [];
  if (!Array.isArray(content)) return parts;
  for (const chunk of content) {
    if (!isRecord(chunk)) continue;
    if (chunk.type === 'text' && typeof chunk.text === 'string')
      parts.push({ type: 'text', text: chunk.text });
    else if (chunk.type === 'image_url') {
      const value = isRecord(chunk.image_url) ? chunk.image_url.url : chunk.image_url;
      if (typeof value === 'string') parts.push(imagePart(value));
    } else {
      warnings.push({
        type: 'unsupported',
        feature: `mistral chunk ${String(chunk.type)}`,
        details: 'this user content chunk has no canonical form; it was left out',
      });
    }
  }
  return parts;
}

function imagePart(url: string): ImagePart {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (match) return { type: 'image', image: match[2] as string, mediaType: match[1] as string };
  return { type: 'image', image: URL.canParse(url) ? new URL(url) : url };
}
