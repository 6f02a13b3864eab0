import type { AssistantPart, FilePart, ImagePart, Message, TextPart } from '../../types/message.js';
import type { Warning } from '../../types/warning.js';
import { base64Data, remoteUrl } from '../shared/binary-data.js';
import { CallNames } from '../shared/call-names.js';
import { inputJsonText } from '../shared/input-json-text.js';
import { invalidCallToWrite } from '../shared/invalid-call-to-write.js';
import { redactedReasoningLeftOut } from '../shared/redacted-reasoning.js';
import { toolResultText } from '../shared/tool-result-text.js';
import type { MistralContentChunk, MistralMessage, MistralToolCall } from './mistral-api.js';

/** Mistral tool call ids: exactly 9 of `[a-zA-Z0-9]` (providers.md §6e, error code 3280). */
const MISTRAL_ID = /^[a-zA-Z0-9]{9}$/;

/**
 * Canonical messages as Mistral chat `messages`:
 *
 * - `system` → `{role: "system", content}`; `user` → a string stays a string, parts become `text` /
 *   `image_url` chunks (base64 as a `data:` URL; files other than images are reported and left out).
 * - `assistant` → `content` the text joined (a string), or chunks when there is reasoning (`thinking`
 *   chunks in order with the text); calls as `tool_calls [{id, type: "function", function: {name,
 *   arguments: JSON text}, index}]`; `prefix: true` on a last assistant message without calls (the
 *   model continues it), else `false`.
 * - `tool` → one `{role: "tool", content, tool_call_id, name}` per result (text only: see
 *   `toolResultText`).
 *
 * Ids are not rewritten (that is `repairHistory`'s job, H7), but an id Mistral refuses is reported
 * once. A `tool-call-invalid` part is written as `invalidCallToWrite` says.
 */
export function convertToMistralMessages(
  messages: readonly Message[],
  warnings: Warning[],
): MistralMessage[] {
  const out: MistralMessage[] = [];
  const reported = new Set<string>();
  const names = new CallNames();
  const checkId = (id: string): void => {
    if (MISTRAL_ID.test(id) || reported.has(id)) return;
    reported.add(id);
    warnings.push({
      type: 'unsupported',
      feature: 'tool call id',
      details: `mistral: "${id}" is not 9 characters of a-z, A-Z, 0-9; Mistral refuses it (repairHistory rewrites ids)`,
    });
  };
  messages.forEach((message, index) => {
    names.addMessage(message);
    switch (message.role) {
      case 'system':
        out.push({ role: 'system', content: message.content });
        break;
      case 'user': {
        const chunks =
          typeof message.content === 'string'
            ? message.content
            : message.content.flatMap((part) => userChunk(part, warnings));
        // An empty chunk list is not a valid content; "" is.
        out.push({ role: 'user', content: chunks.length === 0 ? '' : chunks });
        break;
      }
      case 'assistant': {
        const parts: readonly AssistantPart[] =
          typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
        const chunks: MistralContentChunk[] = [];
        const toolCalls: MistralToolCall[] = [];
        let reasoning = false;
        for (const part of parts) {
          if (part.type === 'text') {
            if (part.text !== '') chunks.push({ type: 'text', text: part.text });
          } else if (part.type === 'reasoning') {
            if (redactedReasoningLeftOut(part, 'mistral', warnings)) continue;
            reasoning = true;
            chunks.push({ type: 'thinking', thinking: [{ type: 'text', text: part.text }] });
          } else if (part.type === 'tool-call') {
            checkId(part.toolCallId);
            toolCalls.push(
              call(
                part.toolCallId,
                part.toolName,
                argumentsText(part.input, part.toolCallId, warnings),
                toolCalls.length,
              ),
            );
          } else if (part.type === 'tool-call-invalid') {
            const written = invalidCallToWrite(part, 'mistral', warnings);
            if (written) {
              checkId(written.id);
              toolCalls.push(call(written.id, written.name, '{}', toolCalls.length));
            }
          } else leftOut(part, warnings);
        }
        const content = reasoning
          ? chunks
          : chunks.map((chunk) => (chunk.type === 'text' ? chunk.text : '')).join('');
        const last = index === messages.length - 1;
        out.push({
          role: 'assistant',
          content,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          prefix: last && toolCalls.length === 0,
        });
        break;
      }
      case 'tool':
        for (const part of message.content) {
          checkId(part.toolCallId);
          out.push({
            role: 'tool',
            content: toolResultText(part.output, 'mistral', warnings),
            tool_call_id: part.toolCallId,
            name: names.resultName(part, 'mistral', warnings),
          });
        }
        break;
      default: {
        const unreachable: never = message;
        throw new Error(`unhandled message ${JSON.stringify(unreachable)}`);
      }
    }
  });
  return out;
}

function call(id: string, name: string, text: string, index: number): MistralToolCall {
  return { id, type: 'function', function: { name, arguments: text }, index };
}

/** A call's input as the JSON text Mistral's `arguments` holds; a non-object input is sent as `{}` (H9). */
export function argumentsText(input: unknown, id: string, warnings: Warning[]): string {
  if (typeof input === 'object' && input !== null && !Array.isArray(input))
    return inputJsonText(input, id, 'mistral', warnings);
  warnings.push({
    type: 'unsupported',
    feature: 'tool-call input',
    details: `mistral: the input of call ${id} is not an object; it was sent as {}`,
  });
  return '{}';
}

function userChunk(part: TextPart | ImagePart | FilePart, warnings: Warning[]): MistralContentChunk[] {
  if (part.type === 'text') return part.text === '' ? [] : [{ type: 'text', text: part.text }];
  const data = part.type === 'image' ? part.image : part.data;
  const mediaType = part.mediaType ?? 'image/jpeg';
  if (!mediaType.startsWith('image/')) {
    warnings.push({
      type: 'unsupported',
      feature: `file ${mediaType}`,
      details: 'mistral chat takes images only here; the file was left out',
    });
    return [];
  }
  const url = remoteUrl(data);
  return [{ type: 'image_url', image_url: url ?? `data:${mediaType};base64,${base64Data(data) ?? ''}` }];
}

function leftOut(part: AssistantPart, warnings: Warning[]): void {
  warnings.push({
    type: 'unsupported',
    feature: `${part.type} in an assistant message`,
    details: 'mistral assistant messages hold text, thinking and tool calls; the part was left out',
  });
}
