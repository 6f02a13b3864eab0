import { appendAll } from '../../internal/append-all.js';
import type {
  AssistantPart,
  FilePart,
  ImagePart,
  Message,
  ProviderOptions,
  TextPart,
  ToolResultContentPart,
} from '../../types/message.js';
import type { Warning } from '../../types/warning.js';
import { argumentsText } from '../openai-chat/convert-to-openai-chat-messages.js';
import { toDataUrl } from '../shared/data-url.js';
import { invalidCallLeftOut, invalidCallSent } from '../shared/invalid-call-warnings.js';
import { toolOutputText } from '../shared/tool-output-text.js';
import type {
  OpenAIResponsesFunctionCall,
  OpenAIResponsesInputContent,
  OpenAIResponsesInputItem,
  OpenAIResponsesOutputItem,
  OpenAIResponsesReasoningItem,
} from './openai-responses-api.js';

const PROVIDER = 'OpenAI Responses';

/**
 * Canonical messages → Responses `instructions` and `input` items, one pass, input never mutated:
 *
 * - the FIRST message, when it is `system` → `instructions` (OpenAI's documented place for the system
 *   prompt); any other `system` message → a `{type: "message", role: "system", content}` item in place;
 * - `user` → `{type: "message", role: "user", content}`: a string stays a string; parts become
 *   `input_text`, `input_image` (`detail` from `providerOptions.openai.imageDetail`, default `auto`),
 *   `input_file` (data as `file_data` `data:` URL, a URL as `file_url`);
 * - `assistant` parts in order (see `convertToOpenAIResponsesItems`);
 * - `tool` → one `{type: "function_call_output", call_id, output}` per result: text, JSON text, or
 *   `input_text` / `input_image` / `input_file` items for `content` (`error-*` kinds as plain text:
 *   Responses has no error flag, a `compatibility` warning says so).
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-input
 */
export function convertToOpenAIResponsesInput(
  messages: readonly Message[],
  warnings: Warning[],
): { instructions?: string; input: OpenAIResponsesInputItem[] } {
  const input: OpenAIResponsesInputItem[] = [];
  let instructions: string | undefined;
  messages.forEach((message, index) => {
    switch (message.role) {
      case 'system':
        if (index === 0) instructions = message.content;
        else input.push({ type: 'message', role: 'system', content: message.content });
        break;
      case 'user':
        input.push({
          type: 'message',
          role: 'user',
          content:
            typeof message.content === 'string'
              ? message.content
              : message.content.flatMap((part) => userContent(part, warnings)),
        });
        break;
      case 'assistant':
        appendAll(input, convertToOpenAIResponsesItems(message.content, 'input', warnings));
        break;
      case 'tool':
        for (const part of message.content) {
          const text = toolOutputText(part.output, part.toolCallId, PROVIDER, warnings);
          input.push({
            type: 'function_call_output',
            call_id: part.toolCallId,
            output:
              text ??
              (part.output.type === 'content'
                ? part.output.value.flatMap((item) => resultContent(item))
                : ''),
          });
        }
        break;
    }
  });
  return { ...(instructions === undefined ? {} : { instructions }), input };
}

function userContent(
  part: TextPart | ImagePart | FilePart,
  warnings: Warning[],
): OpenAIResponsesInputContent[] {
  if (part.type === 'text') return [{ type: 'input_text', text: part.text }];
  const data = part.type === 'image' ? part.image : part.data;
  const mediaType = part.mediaType ?? 'image/jpeg';
  if (part.type === 'image' || mediaType.startsWith('image/')) {
    return [
      {
        type: 'input_image',
        image_url: toDataUrl(data, mediaType === 'image/*' ? 'image/jpeg' : mediaType),
        detail: imageDetail(part.providerOptions),
      },
    ];
  }
  if (mediaType.startsWith('audio/')) {
    warnings.push({
      type: 'unsupported',
      feature: `user file part (${mediaType})`,
      details: `${PROVIDER} input takes text, images and files; audio was left out`,
    });
    return [];
  }
  return [fileContent(data, mediaType, part.filename)];
}

function fileContent(
  data: string | Uint8Array | URL,
  mediaType: string,
  filename: string | undefined,
): OpenAIResponsesInputContent {
  if (data instanceof URL || (typeof data === 'string' && /^https?:/i.test(data))) {
    return { type: 'input_file', file_url: data instanceof URL ? data.href : data };
  }
  return {
    type: 'input_file',
    ...(filename === undefined ? {} : { filename }),
    file_data: toDataUrl(data, mediaType),
  };
}

function imageDetail(options: ProviderOptions | undefined): 'auto' | 'low' | 'high' {
  const detail = options?.openai?.imageDetail;
  return detail === 'low' || detail === 'high' ? detail : 'auto';
}

function resultContent(item: ToolResultContentPart): OpenAIResponsesInputContent[] {
  switch (item.type) {
    case 'text':
      return [{ type: 'input_text', text: item.text }];
    case 'image-data':
      return [{ type: 'input_image', image_url: toDataUrl(item.data, item.mediaType), detail: 'auto' }];
    case 'image-url':
      return [{ type: 'input_image', image_url: item.url, detail: 'auto' }];
    case 'file-url':
      return [{ type: 'input_file', file_url: item.url }];
    case 'file-data':
      return [fileContent(item.data, item.mediaType, item.filename)];
    case 'media':
      return item.mediaType.startsWith('image/')
        ? [{ type: 'input_image', image_url: toDataUrl(item.data, item.mediaType), detail: 'auto' }]
        : [fileContent(item.data, item.mediaType, undefined)];
  }
}

/** The `openai.itemId` of a part, when it has one. */
export function itemIdOf(options: ProviderOptions | undefined): string | undefined {
  const id = options?.openai?.itemId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * An assistant turn's parts as Responses items, in order. `mode` says where they go:
 *
 * - text → an assistant message item. Consecutive text parts with the same `openai.itemId` are one
 *   message (`{type: "message", id, status: "completed", role: "assistant", content: [output_text…]}`);
 *   in `input` mode a text part without an item id is `{type: "message", role: "assistant", content}`
 *   (string content); in `output` mode one without gets the id `msg_toolwire_N` (N counting items).
 *   Empty text writes nothing (H12).
 * - reasoning → a reasoning item; consecutive parts with the same `openai.itemId` are one item, one
 *   `summary_text` each (`""` adds none), `encrypted_content` from `openai.reasoningEncryptedContent`.
 *   Reasoning without an item id (another provider's) cannot be replayed: in `input` mode it is left out
 *   with a warning (H11); in `output` mode it gets `rs_toolwire_N`.
 * - tool-call → `{type: "function_call", id?, call_id, name, arguments}`: `id` from `openai.itemId`
 *   (`fc_…`), `call_id` the toolCallId, arguments `JSON.stringify(input)`; in `output` mode with
 *   `status: "completed"`.
 * - tool-call-invalid with id and name → in `input` mode a call with `"{}"` arguments and a warning
 *   (so its `function_call_output` has its call: the seed case of issue 10); in `output` mode the call
 *   as the model wrote it (raw arguments). Without id or name: left out with a warning in `input`
 *   mode (repairHistory skips its result, H10), sent as text in `output` mode.
 * - files and provider-executed results: reported and left out.
 */
export function convertToOpenAIResponsesItems(
  content: string | readonly AssistantPart[],
  mode: 'input',
  warnings: Warning[],
): OpenAIResponsesInputItem[];
export function convertToOpenAIResponsesItems(
  content: string | readonly AssistantPart[],
  mode: 'output',
  warnings: Warning[],
): OpenAIResponsesOutputItem[];
export function convertToOpenAIResponsesItems(
  content: string | readonly AssistantPart[],
  mode: 'input' | 'output',
  warnings: Warning[],
): OpenAIResponsesInputItem[] {
  const parts: readonly AssistantPart[] =
    typeof content === 'string' ? [{ type: 'text', text: content }] : content;
  const items: OpenAIResponsesInputItem[] = [];
  let previous: AssistantPart | undefined;
  for (const part of parts) {
    const last = items[items.length - 1];
    const itemId = itemIdOf(part.providerOptions);
    const continues =
      previous?.type === part.type && itemId !== undefined && itemIdOf(previous.providerOptions) === itemId;
    previous = part;
    switch (part.type) {
      case 'text': {
        if (part.text === '') break;
        if (continues && last?.type === 'message' && 'id' in last && last.id === itemId) {
          last.content.push({ type: 'output_text', text: part.text, annotations: [] });
        } else if (itemId === undefined && mode === 'input') {
          items.push({ type: 'message', role: 'assistant', content: part.text });
        } else {
          items.push({
            type: 'message',
            id: itemId ?? `msg_toolwire_${items.length}`,
            status: 'completed',
            role: 'assistant',
            content: [{ type: 'output_text', text: part.text, annotations: [] }],
          });
        }
        break;
      }
      case 'reasoning': {
        if (continues && last?.type === 'reasoning' && last.id === itemId) {
          if (part.text !== '') last.summary.push({ type: 'summary_text', text: part.text });
          const encrypted = part.providerOptions?.openai?.reasoningEncryptedContent;
          if (last.encrypted_content === undefined && typeof encrypted === 'string')
            last.encrypted_content = encrypted;
          break;
        }
        if (itemId === undefined && mode === 'input') {
          warnings.push({
            type: 'unsupported',
            feature: 'reasoning without openai.itemId',
            details: `${PROVIDER} replays reasoning items by id only; this one (another provider's, or made by hand) was left out`,
          });
          break;
        }
        const encrypted = part.providerOptions?.openai?.reasoningEncryptedContent;
        const item: OpenAIResponsesReasoningItem = {
          type: 'reasoning',
          id: itemId ?? `rs_toolwire_${items.length}`,
          summary: part.text === '' ? [] : [{ type: 'summary_text', text: part.text }],
        };
        if (typeof encrypted === 'string') item.encrypted_content = encrypted;
        items.push(item);
        break;
      }
      case 'tool-call':
        items.push(
          functionCall(
            itemId,
            part.toolCallId,
            part.toolName,
            argumentsText(part.toolCallId, part.input, warnings),
            mode,
          ),
        );
        break;
      case 'tool-call-invalid':
        if (part.toolCallId !== undefined && part.toolName !== undefined) {
          if (mode === 'input') {
            warnings.push(invalidCallSent(part.toolCallId, part.error));
          }
          items.push(
            functionCall(itemId, part.toolCallId, part.toolName, mode === 'input' ? '{}' : part.raw, mode),
          );
        } else if (mode === 'output') {
          items.push({
            type: 'message',
            id: `msg_toolwire_${items.length}`,
            status: 'completed',
            role: 'assistant',
            content: [{ type: 'output_text', text: part.raw, annotations: [] }],
          });
        } else {
          warnings.push(invalidCallLeftOut(PROVIDER));
        }
        break;
      default:
        warnings.push({
          type: 'unsupported',
          feature: `assistant ${part.type} part`,
          details: `${PROVIDER} assistant items are messages, reasoning and function calls; left out`,
        });
    }
  }
  return items;
}

function functionCall(
  itemId: string | undefined,
  callId: string,
  name: string,
  args: string,
  mode: 'input' | 'output',
): OpenAIResponsesFunctionCall {
  return {
    type: 'function_call',
    ...(itemId === undefined ? {} : { id: itemId }),
    call_id: callId,
    name,
    arguments: args,
    ...(mode === 'output' ? { status: 'completed' as const } : {}),
  };
}
