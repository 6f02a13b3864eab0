import { appendAll } from '../../internal/append-all.js';
import type {
  AssistantPart,
  FilePart,
  ImagePart,
  Message,
  TextPart,
  ToolResultContentPart,
  ToolResultOutput,
  ToolResultPart,
} from '../../types/message.js';
import type { Warning } from '../../types/warning.js';
import { imagePart, resultName, textOf } from '../openai-chat/convert-from-openai-chat-messages.js';
import { isRecord, nonEmptyString } from '../shared/call-accumulator.js';
import { fileFromData, parseDataUrl } from '../shared/data-url.js';
import { decodeToolCall } from '../shared/decode-tool-call.js';
import { unreadablePart } from '../shared/read-request-fields.js';

/**
 * Responses `instructions` and `input` → canonical messages, leniently (unknown fields ignored, `null`s
 * tolerated, unknown item types reported and skipped):
 *
 * - `instructions` (a string) → a first `system` message; `input` as a string → one `user` message;
 * - message items: `system` / `developer` → `system`; `user` → `user` (string, or `input_text`,
 *   `input_image`, `input_file` parts); `assistant` → text parts (each `output_text`, with the item's
 *   `id` as `openai.itemId`);
 * - `reasoning` → one reasoning part per `summary` text (one `""` part when there is none), each with
 *   `openai.itemId`, the first also with `openai.reasoningEncryptedContent`;
 * - `function_call` → a tool call (`call_id` the id, item `id` kept as `openai.itemId`; arguments
 *   decoded leniently: broken or non-object → `tool-call-invalid`, never dropped);
 * - `function_call_output` → a result (`toolName` from the call with that `call_id`): a string is a
 *   `text` output, a list a `content` output.
 *
 * Consecutive assistant items (messages, reasoning, calls) are one assistant message; consecutive
 * outputs are one tool message.
 */
export function convertFromOpenAIResponsesInput(
  input: unknown,
  instructions: unknown,
  warnings: Warning[],
): Message[] {
  const reader = new InputReader(warnings);
  if (typeof instructions === 'string' && instructions !== '')
    reader.out.push({ role: 'system', content: instructions });
  if (typeof input === 'string') reader.out.push({ role: 'user', content: input });
  else if (Array.isArray(input))
    input.forEach((item, index) => {
      reader.item(item, index);
    });
  return reader.out;
}

/** Reads output items (a response's `output`) as the parts of one assistant turn. */
export function convertFromOpenAIResponsesOutput(
  output: readonly unknown[],
  warnings: Warning[],
): AssistantPart[] {
  const reader = new InputReader(warnings);
  output.forEach((item, index) => {
    reader.item(item, index);
  });
  const parts: AssistantPart[] = [];
  for (const message of reader.out) {
    if (message.role === 'assistant' && typeof message.content !== 'string')
      appendAll(parts, message.content);
  }
  return parts;
}

class InputReader {
  readonly out: Message[] = [];
  private readonly names = new Map<string, string>();
  private assistant: AssistantPart[] | undefined;
  private results: ToolResultPart[] | undefined;

  constructor(private readonly warnings: Warning[]) {}

  item(item: unknown, index: number): void {
    if (!isRecord(item)) {
      this.warnings.push({ type: 'other', message: `input[${index}] is not an object; skipped` });
      return;
    }
    const type = item.type ?? (item.role !== undefined ? 'message' : undefined);
    switch (type) {
      case 'message':
        this.message(item, index);
        break;
      case 'reasoning':
        appendAll(this.assistantParts(), reasoningParts(item));
        break;
      case 'function_call': {
        const itemId = nonEmptyString(item.id);
        const part = decodeToolCall(
          nonEmptyString(item.call_id),
          nonEmptyString(item.name),
          item.arguments ?? '',
          this.warnings,
          itemId === undefined ? undefined : { openai: { itemId } },
        );
        if (part.toolCallId !== undefined && part.toolName !== undefined)
          this.names.set(part.toolCallId, part.toolName);
        this.assistantParts().push(part);
        break;
      }
      case 'function_call_output': {
        const toolCallId = typeof item.call_id === 'string' ? item.call_id : '';
        this.toolResults().push({
          type: 'tool-result',
          toolCallId,
          toolName: resultName(toolCallId, this.names, this.warnings),
          output: resultOutput(item.output),
        });
        break;
      }
      default:
        this.warnings.push({
          type: 'unsupported',
          feature: `input item type ${JSON.stringify(type)}`,
          details: `input[${index}] skipped (item references and built-in tool items have no canonical form)`,
        });
    }
  }

  private message(item: Record<string, unknown>, index: number): void {
    switch (item.role) {
      case 'system':
      case 'developer':
        this.push({ role: 'system', content: textOf(item.content) });
        break;
      case 'user':
        this.push({ role: 'user', content: userContent(item.content, this.warnings) });
        break;
      case 'assistant': {
        const itemId = nonEmptyString(item.id);
        const options = itemId === undefined ? {} : { providerOptions: { openai: { itemId } } };
        const parts = this.assistantParts();
        if (typeof item.content === 'string') {
          if (item.content !== '') parts.push({ type: 'text', text: item.content, ...options });
        } else if (Array.isArray(item.content)) {
          for (const part of item.content) {
            if (isRecord(part) && typeof part.text === 'string' && part.text !== '') {
              parts.push({ type: 'text', text: part.text, ...options });
            } else if (isRecord(part) && typeof part.refusal === 'string') {
              this.warnings.push({
                type: 'compatibility',
                feature: 'refusal',
                details: 'the refusal is kept as a text part',
              });
              parts.push({ type: 'text', text: part.refusal, ...options });
            }
          }
        }
        break;
      }
      default:
        this.warnings.push({
          type: 'unsupported',
          feature: `message role ${JSON.stringify(item.role)}`,
          details: `input[${index}] skipped`,
        });
    }
  }

  private push(message: Message): void {
    this.assistant = undefined;
    this.results = undefined;
    this.out.push(message);
  }

  private assistantParts(): AssistantPart[] {
    if (this.assistant === undefined) {
      this.results = undefined;
      this.assistant = [];
      this.out.push({ role: 'assistant', content: this.assistant });
    }
    return this.assistant;
  }

  private toolResults(): ToolResultPart[] {
    if (this.results === undefined) {
      this.assistant = undefined;
      this.results = [];
      this.out.push({ role: 'tool', content: this.results });
    }
    return this.results;
  }
}

function reasoningParts(item: Record<string, unknown>): AssistantPart[] {
  const itemId = nonEmptyString(item.id);
  const encrypted = nonEmptyString(item.encrypted_content);
  const texts = Array.isArray(item.summary)
    ? item.summary
        .filter((entry) => isRecord(entry) && typeof entry.text === 'string')
        .map((entry) => (entry as { text: string }).text)
    : [];
  if (texts.length === 0) texts.push('');
  return texts.map((text, index) => {
    const openai: Record<string, unknown> = {};
    if (itemId !== undefined) openai.itemId = itemId;
    if (index === 0 && encrypted !== undefined) openai.reasoningEncryptedContent = encrypted;
    return Object.keys(openai).length === 0
      ? { type: 'reasoning', text }
      : { type: 'reasoning', text, providerOptions: { openai } };
  });
}

function userContent(content: unknown, warnings: Warning[]): string | (TextPart | ImagePart | FilePart)[] {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: (TextPart | ImagePart | FilePart)[] = [];
  for (const part of content) {
    if (!isRecord(part)) continue;
    if (part.type === 'input_text' && typeof part.text === 'string')
      parts.push({ type: 'text', text: part.text });
    else if (part.type === 'input_image' && typeof part.image_url === 'string')
      parts.push(imagePart(part.image_url, part.detail));
    else if (
      part.type === 'input_file' &&
      (typeof part.file_data === 'string' || typeof part.file_url === 'string')
    ) {
      parts.push(filePart(part));
    } else {
      warnings.push(unreadablePart(part.type));
    }
  }
  return parts;
}

function filePart(part: Record<string, unknown>): FilePart {
  const filename = nonEmptyString(part.filename);
  const named = filename === undefined ? {} : { filename };
  if (typeof part.file_data === 'string') {
    return { type: 'file', ...fileFromData(part.file_data, filename, 'application/pdf') };
  }
  const url = part.file_url as string;
  let data: string | URL = url;
  try {
    data = new URL(url);
  } catch {
    // Not a URL: kept as the text it is.
  }
  return { type: 'file', data, mediaType: 'application/octet-stream', ...named };
}

function resultOutput(output: unknown): ToolResultOutput {
  if (!Array.isArray(output)) return { type: 'text', value: typeof output === 'string' ? output : '' };
  const value: ToolResultContentPart[] = [];
  for (const item of output) {
    if (!isRecord(item)) continue;
    if (item.type === 'input_text' && typeof item.text === 'string')
      value.push({ type: 'text', text: item.text });
    else if (item.type === 'input_image' && typeof item.image_url === 'string') {
      const decoded = parseDataUrl(item.image_url);
      value.push(
        decoded
          ? { type: 'image-data', data: decoded.data, mediaType: decoded.mediaType }
          : { type: 'image-url', url: item.image_url },
      );
    } else if (item.type === 'input_file') {
      if (typeof item.file_data === 'string') {
        value.push({
          type: 'file-data',
          ...fileFromData(item.file_data, nonEmptyString(item.filename), 'application/pdf'),
        });
      } else if (typeof item.file_url === 'string') value.push({ type: 'file-url', url: item.file_url });
    }
  }
  return { type: 'content', value };
}
