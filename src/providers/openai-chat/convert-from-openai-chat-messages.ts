import type {
  AssistantPart,
  FilePart,
  ImagePart,
  Message,
  TextPart,
  ToolResultPart,
} from '../../types/message.js';
import type { Warning } from '../../types/warning.js';
import { isRecord, nonEmptyString } from '../shared/call-accumulator.js';
import { fileFromData, parseDataUrl } from '../shared/data-url.js';
import { decodeToolCall } from '../shared/decode-tool-call.js';
import { unreadablePart } from '../shared/read-request-fields.js';

/**
 * Chat Completions `messages` → canonical messages, leniently (unknown fields ignored, `null`s
 * tolerated, entries that are not messages reported and skipped):
 *
 * - `system` and `developer` → `system` (text parts joined);
 * - `user` → `user`: a string stays a string; `text`, `image_url` (a `data:` URL → base64 data and
 *   `mediaType`, else a `URL`; `detail` → `providerOptions.openai.imageDetail`), `input_audio`
 *   (`audio/wav` / `audio/mpeg`) and `file` (`file_data`) parts;
 * - `assistant` → parts: `reasoning_content` / `reasoning` (what vLLM, DeepSeek and OpenRouter add) as a
 *   reasoning part, the text (`""` gives no part, H12), then each `tool_calls` entry decoded with
 *   `decodeToolCall` (broken or non-object arguments → `tool-call-invalid`, never dropped);
 * - consecutive `tool` messages → one `tool` message; each result's `toolName` is the name of the call
 *   with that id earlier in the history (`""` with a warning when there is none: an orphan, H2); a
 *   string is a `text` output, text parts a `content` output.
 */
export function convertFromOpenAIChatMessages(messages: readonly unknown[], warnings: Warning[]): Message[] {
  const out: Message[] = [];
  const names = new Map<string, string>();
  let results: ToolResultPart[] | undefined;
  messages.forEach((message, index) => {
    if (!isRecord(message)) {
      warnings.push({ type: 'other', message: `messages[${index}] is not an object; skipped` });
      return;
    }
    if (message.role !== 'tool') results = undefined;
    switch (message.role) {
      case 'system':
      case 'developer':
        out.push({ role: 'system', content: textOf(message.content) });
        break;
      case 'user':
        out.push({ role: 'user', content: userContent(message.content, warnings) });
        break;
      case 'assistant':
        out.push({ role: 'assistant', content: assistantParts(message, names, warnings) });
        break;
      case 'tool': {
        const part = toolResult(message, names, warnings);
        if (results === undefined) {
          results = [part];
          out.push({ role: 'tool', content: results });
        } else results.push(part);
        break;
      }
      default:
        warnings.push({
          type: 'unsupported',
          feature: `message role ${JSON.stringify(message.role)}`,
          details: `messages[${index}] skipped (the legacy function role and unknown roles are not read)`,
        });
    }
  });
  return out;
}

/**
 * A string, or the texts of an array of `{type: "text", text}` parts joined by a line break (as vLLM
 * and llama.cpp's server join text parts for a chat template); anything else `""`.
 */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const part of content) if (isRecord(part) && typeof part.text === 'string') texts.push(part.text);
  return texts.join('\n');
}

function userContent(content: unknown, warnings: Warning[]): string | (TextPart | ImagePart | FilePart)[] {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: (TextPart | ImagePart | FilePart)[] = [];
  for (const part of content) {
    if (!isRecord(part)) continue;
    if (part.type === 'text' && typeof part.text === 'string') parts.push({ type: 'text', text: part.text });
    else if (part.type === 'image_url') {
      const image = isRecord(part.image_url) ? part.image_url : {};
      if (typeof image.url === 'string') parts.push(imagePart(image.url, image.detail));
    } else if (part.type === 'input_audio' && isRecord(part.input_audio)) {
      const audio = part.input_audio;
      if (typeof audio.data === 'string') {
        parts.push({
          type: 'file',
          data: audio.data,
          mediaType: audio.format === 'wav' ? 'audio/wav' : 'audio/mpeg',
        });
      }
    } else if (part.type === 'file' && isRecord(part.file) && typeof part.file.file_data === 'string') {
      parts.push({
        type: 'file',
        ...fileFromData(part.file.file_data, nonEmptyString(part.file.filename), 'application/pdf'),
      });
    } else {
      warnings.push(unreadablePart(part.type));
    }
  }
  return parts;
}

/** An image part from a URL: a `data:` URL as base64 data with its media type, another URL as a `URL`. */
export function imagePart(url: string, detail: unknown): ImagePart {
  const decoded = parseDataUrl(url);
  const options =
    detail === 'low' || detail === 'high' ? { providerOptions: { openai: { imageDetail: detail } } } : {};
  if (decoded) return { type: 'image', image: decoded.data, mediaType: decoded.mediaType, ...options };
  let image: string | URL = url;
  try {
    image = new URL(url);
  } catch {
    // Not a URL: kept as the text it is.
  }
  return { type: 'image', image, ...options };
}

export function assistantParts(
  message: Record<string, unknown>,
  names: Map<string, string>,
  warnings: Warning[],
): AssistantPart[] {
  const parts: AssistantPart[] = [];
  const reasoning = nonEmptyString(message.reasoning_content) ?? nonEmptyString(message.reasoning);
  if (reasoning !== undefined) parts.push({ type: 'reasoning', text: reasoning });
  const text = textOf(message.content);
  if (text !== '') parts.push({ type: 'text', text });
  if (Array.isArray(message.tool_calls)) {
    for (const call of message.tool_calls) {
      if (!isRecord(call)) continue;
      const fn = isRecord(call.function) ? call.function : {};
      const part = decodeToolCall(
        nonEmptyString(call.id),
        nonEmptyString(fn.name),
        fn.arguments ?? '',
        warnings,
      );
      if (part.type === 'tool-call') names.set(part.toolCallId, part.toolName);
      else if (part.toolCallId !== undefined && part.toolName !== undefined)
        names.set(part.toolCallId, part.toolName);
      const signature = thoughtSignature(call);
      parts.push(
        signature === undefined
          ? part
          : {
              ...part,
              providerOptions: { ...part.providerOptions, google: { thoughtSignature: signature } },
            },
      );
    }
  }
  return parts;
}

function toolResult(
  message: Record<string, unknown>,
  names: Map<string, string>,
  warnings: Warning[],
): ToolResultPart {
  const toolCallId = typeof message.tool_call_id === 'string' ? message.tool_call_id : '';
  return {
    type: 'tool-result',
    toolCallId,
    toolName: resultName(toolCallId, names, warnings),
    output: Array.isArray(message.content)
      ? {
          type: 'content',
          value: message.content
            .filter((part) => isRecord(part) && typeof part.text === 'string')
            .map((part) => ({ type: 'text' as const, text: (part as { text: string }).text })),
        }
      : { type: 'text', value: textOf(message.content) },
  };
}

/** The name of the call a result answers, by id; `""` and a warning for a result without its call. */
export function resultName(
  toolCallId: string,
  names: ReadonlyMap<string, string>,
  warnings: Warning[],
): string {
  const name = names.get(toolCallId);
  if (name !== undefined) return name;
  warnings.push({
    type: 'other',
    message: `tool result ${JSON.stringify(toolCallId)} answers no earlier call; its toolName is "" (an orphan result, H2)`,
  });
  return '';
}

/** Gemini's `extra_content.google.thought_signature` of a call, as its OpenAI layer writes it. */
function thoughtSignature(call: Record<string, unknown>): string | undefined {
  const extra = isRecord(call.extra_content) ? call.extra_content : undefined;
  const google = extra !== undefined && isRecord(extra.google) ? extra.google : undefined;
  return google !== undefined && typeof google.thought_signature === 'string'
    ? google.thought_signature
    : undefined;
}
