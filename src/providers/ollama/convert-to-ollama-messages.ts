import type { AssistantPart, Message, ProviderOptions } from '../../types/message.js';
import type { Warning } from '../../types/warning.js';
import { base64Data } from '../shared/binary-data.js';
import { CallNames } from '../shared/call-names.js';
import { invalidCallToWrite } from '../shared/invalid-call-to-write.js';
import { redactedReasoningLeftOut } from '../shared/redacted-reasoning.js';
import { toolResultText } from '../shared/tool-result-text.js';
import type { OllamaMessage, OllamaToolCall } from './ollama-api.js';

/**
 * `providerOptions.ollama.syntheticId: true` on a `tool-call` / `tool-result` part: its id was made up
 * by the reader (the Ollama message had none); the writer then sends no id, so the body reads back as it was.
 */
export function isSyntheticOllamaId(options: ProviderOptions | undefined): boolean {
  return options?.ollama?.syntheticId === true;
}

/**
 * Canonical messages as Ollama `/api/chat` messages (each `content` is one string):
 *
 * - `system` → `{role: "system", content}`.
 * - `user` → text parts joined into `content`, images as base64 in `images` (after the text: Ollama
 *   keeps no order between them); image URLs and other files cannot be sent (reported, left out).
 * - `assistant` → `content` (text joined), `thinking` (reasoning joined), `tool_calls [{id?, function:
 *   {index, name, arguments}}]` (`arguments` an object; a non-object input is sent as `{}`, H9).
 * - `tool` → one `{role: "tool", content, tool_name, tool_call_id?}` per result (text: `toolResultText`).
 */
export function convertToOllamaMessages(messages: readonly Message[], warnings: Warning[]): OllamaMessage[] {
  const out: OllamaMessage[] = [];
  const names = new CallNames();
  for (const message of messages) {
    names.addMessage(message);
    switch (message.role) {
      case 'system':
        out.push({ role: 'system', content: message.content });
        break;
      case 'user': {
        if (typeof message.content === 'string') {
          out.push({ role: 'user', content: message.content });
          break;
        }
        const texts: string[] = [];
        const images: string[] = [];
        for (const part of message.content) {
          if (part.type === 'text') texts.push(part.text);
          else {
            const mediaType = part.mediaType ?? 'image/*';
            const data = base64Data(part.type === 'image' ? part.image : part.data);
            if (mediaType.startsWith('image/') && data !== undefined) images.push(data);
            else {
              warnings.push({
                type: 'unsupported',
                feature: data === undefined ? 'image URL' : `file ${mediaType}`,
                details: 'ollama takes base64 images only; the part was left out',
              });
            }
          }
        }
        out.push({ role: 'user', content: texts.join(''), ...(images.length > 0 ? { images } : {}) });
        break;
      }
      case 'assistant':
        out.push(
          assistant(
            typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content,
            warnings,
          ),
        );
        break;
      case 'tool':
        for (const part of message.content) {
          out.push({
            role: 'tool',
            content: toolResultText(part.output, 'ollama', warnings),
            tool_name: names.resultName(part, 'ollama', warnings),
            ...(isSyntheticOllamaId(part.providerOptions) ? {} : { tool_call_id: part.toolCallId }),
          });
        }
        break;
      default: {
        const unreachable: never = message;
        throw new Error(`unhandled message ${JSON.stringify(unreachable)}`);
      }
    }
  }
  return out;
}

/** One assistant message (a history turn or a response). */
export function assistant(parts: readonly AssistantPart[], warnings: Warning[]): OllamaMessage {
  const texts: string[] = [];
  const thinking: string[] = [];
  const calls: OllamaToolCall[] = [];
  const addCall = (id: string | undefined, name: string, input: { [key: string]: unknown }) => {
    calls.push({
      ...(id === undefined ? {} : { id }),
      function: { index: calls.length, name, arguments: input },
    });
  };
  for (const part of parts) {
    switch (part.type) {
      case 'text':
        texts.push(part.text);
        break;
      case 'reasoning':
        if (!redactedReasoningLeftOut(part, 'ollama', warnings)) thinking.push(part.text);
        break;
      case 'tool-call': {
        let input: { [key: string]: unknown } = {};
        if (typeof part.input === 'object' && part.input !== null && !Array.isArray(part.input)) {
          input = part.input as { [key: string]: unknown };
        } else {
          warnings.push({
            type: 'unsupported',
            feature: 'tool-call input',
            details: `ollama: arguments must be an object; the input of call ${part.toolCallId} was sent as {}`,
          });
        }
        addCall(
          isSyntheticOllamaId(part.providerOptions) ? undefined : part.toolCallId,
          part.toolName,
          input,
        );
        break;
      }
      case 'tool-call-invalid': {
        const written = invalidCallToWrite(part, 'ollama', warnings);
        if (written)
          addCall(isSyntheticOllamaId(part.providerOptions) ? undefined : written.id, written.name, {});
        break;
      }
      default:
        warnings.push({
          type: 'unsupported',
          feature: `${part.type} in an assistant message`,
          details: 'ollama assistant messages hold text, thinking and tool calls; the part was left out',
        });
    }
  }
  return {
    role: 'assistant',
    content: texts.join(''),
    ...(thinking.length > 0 ? { thinking: thinking.join('') } : {}),
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
  };
}
