import type { AssistantPart, ImagePart, Message, TextPart, ToolResultPart } from '../../types/message.js';
import type { Warning } from '../../types/warning.js';
import { isRecord } from '../shared/call-accumulator.js';
import { PendingCalls } from '../shared/pending-calls.js';
import { readToolCall } from '../shared/read-tool-call.js';

const SYNTHETIC = { providerOptions: { ollama: { syntheticId: true } } };

/**
 * Reads Ollama `/api/chat` messages leniently: `system`; `user` (`content` a string, or with `images`
 * text then image parts); `assistant` (`thinking` → reasoning, `content` → text, `tool_calls` with
 * `arguments` an object, or a JSON text of one; anything else → `tool-call-invalid`); a run of `tool`
 * messages → one `tool` message (`tool_name`, `tool_call_id`). A call without id gets
 * `call_<message>_<n>` and a result without `tool_call_id` the id of the first unanswered call of the
 * turn before with its `tool_name` (reported), both marked `ollama.syntheticId` so they are not written back.
 */
export function convertFromOllamaMessages(messages: readonly unknown[], warnings: Warning[]): Message[] {
  const out: Message[] = [];
  const pending = new PendingCalls();
  const names = new Map<string, string>();
  let results: ToolResultPart[] = [];
  const flush = () => {
    if (results.length > 0) out.push({ role: 'tool', content: results });
    results = [];
  };
  messages.forEach((message, index) => {
    if (!isRecord(message)) return;
    if (message.role !== 'tool') flush();
    const content = typeof message.content === 'string' ? message.content : '';
    switch (message.role) {
      case 'system':
        out.push({ role: 'system', content });
        break;
      case 'user': {
        const images = Array.isArray(message.images)
          ? message.images.filter((image) => typeof image === 'string')
          : [];
        if (images.length === 0) out.push({ role: 'user', content });
        else {
          const parts: Array<TextPart | ImagePart> = content === '' ? [] : [{ type: 'text', text: content }];
          for (const image of images) parts.push({ type: 'image', image });
          out.push({ role: 'user', content: parts });
        }
        pending.reset();
        break;
      }
      case 'assistant': {
        const parts = readOllamaAssistant(message, (k) => `call_${index}_${k}`);
        const calls = parts.flatMap((part) =>
          part.type === 'tool-call' ? [{ id: part.toolCallId, name: part.toolName }] : [],
        );
        for (const call of calls) names.set(call.id, call.name);
        pending.reset(calls);
        out.push({ role: 'assistant', content: parts });
        break;
      }
      case 'tool': {
        const name = typeof message.tool_name === 'string' ? message.tool_name : '';
        const given =
          typeof message.tool_call_id === 'string' && message.tool_call_id !== ''
            ? message.tool_call_id
            : undefined;
        const call = given === undefined ? pending.take(name) : undefined;
        const id = given ?? call?.id ?? `call_${index}_r`;
        if (given === undefined) {
          warnings.push({
            type: 'compatibility',
            feature: 'tool message without tool_call_id',
            details: call
              ? `ollama messages[${index}]: paired with call ${id} of the turn before by name and order`
              : `ollama messages[${index}]: matches no call of the turn before; it keeps the id ${id}`,
          });
        }
        results.push({
          type: 'tool-result',
          toolCallId: id,
          toolName: name === '' ? (call?.name ?? names.get(id) ?? '') : name,
          output: { type: 'text', value: content },
          ...(given === undefined ? SYNTHETIC : {}),
        });
        break;
      }
      default:
        warnings.push({
          type: 'unsupported',
          feature: `ollama role ${String(message.role)}`,
          details: 'a message with an unknown role was left out',
        });
    }
  });
  flush();
  return out;
}

/** The parts of an assistant message: reasoning (`thinking`), text, then the calls. */
export function readOllamaAssistant(
  message: Record<string, unknown>,
  syntheticId: (callIndex: number) => string,
): AssistantPart[] {
  const parts: AssistantPart[] = [];
  if (typeof message.thinking === 'string' && message.thinking !== '')
    parts.push({ type: 'reasoning', text: message.thinking });
  if (typeof message.content === 'string' && message.content !== '')
    parts.push({ type: 'text', text: message.content });
  if (!Array.isArray(message.tool_calls)) return parts;
  let count = 0;
  for (const call of message.tool_calls) {
    if (!isRecord(call)) continue;
    const fn = isRecord(call.function) ? call.function : {};
    const given = typeof call.id === 'string' && call.id !== '' ? call.id : undefined;
    const id = given ?? syntheticId(count);
    count++;
    const name = typeof fn.name === 'string' ? fn.name : '';
    parts.push(
      readToolCall(
        id,
        name,
        { value: fn.arguments },
        given === undefined ? SYNTHETIC.providerOptions : undefined,
      ),
    );
  }
  return parts;
}
