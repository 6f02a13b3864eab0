import type {
  AssistantMessage,
  FilePart,
  ImagePart,
  Message,
  ProviderOptions,
  TextPart,
  ToolMessage,
  UserMessage,
} from '../../types/message.js';
import type { Warning } from '../../types/warning.js';
import { toBase64, toDataUrl } from '../shared/data-url.js';
import { inputJsonText } from '../shared/input-json-text.js';
import { invalidCallLeftOut, invalidCallSent } from '../shared/invalid-call-warnings.js';
import { contentTextItems, toolOutputText } from '../shared/tool-output-text.js';
import type {
  OpenAIChatAssistantMessage,
  OpenAIChatMessage,
  OpenAIChatMessageToolCall,
  OpenAIChatUserContentPart,
} from './openai-chat-api.js';

const PROVIDER = 'OpenAI Chat';

/**
 * Canonical messages → Chat Completions `messages`, one pass, input never mutated:
 *
 * - `system` → `{role: "system", content}`;
 * - `user` → `{role: "user", content}`: a string stays a string; parts become `text`, `image_url`
 *   (a URL as is, data as a `data:` URL; `providerOptions.openai.imageDetail` → `detail`),
 *   `input_audio` (`audio/wav`, `audio/mpeg`), `file` (`application/pdf` as `file_data`);
 *   other media are reported and left out;
 * - `assistant` → `{role: "assistant", content, tool_calls?}`: text parts joined (Chat has one text
 *   per message, so text after a call moves before it), `content: null` when there are only calls;
 *   each `tool-call` → `{id, type: "function", function: {name, arguments: JSON.stringify(input)}}`
 *   (keys in the given order); a `tool-call-invalid` with id and name → a call with `"{}"` arguments
 *   and a warning (its raw text cannot be sent: OpenAI-style servers refuse broken arguments,
 *   providers.md §1(g)); without id or name → left out with a warning (`repairHistory` pairs these
 *   properly, H10); reasoning, files and provider-executed results have no Chat form: reported;
 * - `tool` → one `{role: "tool", tool_call_id, content}` per result: text, JSON text, or text parts
 *   (`error-*` kinds as plain text: Chat has no error flag, a `compatibility` warning says so).
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages
 */
export function convertToOpenAIChatMessages(
  messages: readonly Message[],
  warnings: Warning[],
): OpenAIChatMessage[] {
  const out: OpenAIChatMessage[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        out.push({ role: 'system', content: message.content });
        break;
      case 'user':
        out.push(convertUser(message, warnings));
        break;
      case 'assistant':
        out.push(convertAssistant(message, warnings));
        break;
      case 'tool':
        convertTool(message, out, warnings);
        break;
    }
  }
  return out;
}

function convertUser(message: UserMessage, warnings: Warning[]): OpenAIChatMessage {
  if (typeof message.content === 'string') return { role: 'user', content: message.content };
  const parts: OpenAIChatUserContentPart[] = [];
  for (const part of message.content) {
    const converted = convertUserPart(part, warnings);
    if (converted) parts.push(converted);
  }
  return { role: 'user', content: parts };
}

function convertUserPart(
  part: TextPart | ImagePart | FilePart,
  warnings: Warning[],
): OpenAIChatUserContentPart | undefined {
  if (part.type === 'text') return { type: 'text', text: part.text };
  const data = part.type === 'image' ? part.image : part.data;
  const mediaType = (part.type === 'image' ? part.mediaType : part.mediaType) ?? 'image/jpeg';
  if (part.type === 'image' || mediaType.startsWith('image/')) {
    const detail = part.providerOptions?.openai?.imageDetail;
    return {
      type: 'image_url',
      image_url: {
        url: toDataUrl(data, mediaType === 'image/*' ? 'image/jpeg' : mediaType),
        ...(detail === 'auto' || detail === 'low' || detail === 'high' ? { detail } : {}),
      },
    };
  }
  if (
    (mediaType === 'audio/wav' || mediaType === 'audio/mpeg' || mediaType === 'audio/mp3') &&
    !(data instanceof URL)
  ) {
    return {
      type: 'input_audio',
      input_audio: { data: toBase64(data), format: mediaType === 'audio/wav' ? 'wav' : 'mp3' },
    };
  }
  if (mediaType === 'application/pdf' && !(data instanceof URL)) {
    const filename = part.type === 'file' ? part.filename : undefined;
    return {
      type: 'file',
      file: { ...(filename === undefined ? {} : { filename }), file_data: toDataUrl(data, mediaType) },
    };
  }
  warnings.push({
    type: 'unsupported',
    feature: `user file part (${mediaType}${data instanceof URL ? ', by URL' : ''})`,
    details: `${PROVIDER} takes images, wav/mp3 audio and PDF data only; the part was left out`,
  });
  return undefined;
}

function convertAssistant(message: AssistantMessage, warnings: Warning[]): OpenAIChatAssistantMessage {
  if (typeof message.content === 'string') return { role: 'assistant', content: message.content };
  const texts: string[] = [];
  const calls: OpenAIChatMessageToolCall[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        if (calls.length > 0 && part.text !== '') {
          warnings.push({
            type: 'compatibility',
            feature: 'text after tool calls',
            details: `${PROVIDER} holds one text per assistant message: it is sent before the calls`,
          });
        }
        texts.push(part.text);
        break;
      case 'tool-call':
        calls.push(
          withThoughtSignature(writeCall(part.toolCallId, part.toolName, part.input, warnings), part),
        );
        break;
      case 'tool-call-invalid':
        if (part.toolCallId !== undefined && part.toolName !== undefined) {
          warnings.push(invalidCallSent(part.toolCallId, part.error));
          calls.push({
            id: part.toolCallId,
            type: 'function',
            function: { name: part.toolName, arguments: '{}' },
          });
        } else {
          warnings.push(invalidCallLeftOut(PROVIDER));
        }
        break;
      case 'reasoning':
        warnings.push({
          type: 'unsupported',
          feature: 'reasoning part',
          details: `${PROVIDER} requests have no reasoning field; left out`,
        });
        break;
      default:
        warnings.push({
          type: 'unsupported',
          feature: `assistant ${part.type} part`,
          details: `${PROVIDER} assistant messages hold text and tool calls only; left out`,
        });
    }
  }
  const text = texts.join('');
  return calls.length > 0
    ? { role: 'assistant', content: text === '' ? null : text, tool_calls: calls }
    : { role: 'assistant', content: text };
}

/**
 * The call with Gemini's thought signature (`providerOptions.google.thoughtSignature`) as
 * `extra_content.google.thought_signature`, as Gemini's OpenAI layer takes it back.
 */
function withThoughtSignature(
  call: OpenAIChatMessageToolCall,
  part: { readonly providerOptions?: ProviderOptions },
): OpenAIChatMessageToolCall {
  const signature = part.providerOptions?.google?.thoughtSignature;
  return typeof signature === 'string'
    ? { ...call, extra_content: { google: { thought_signature: signature } } }
    : call;
}

/** A call with its arguments as JSON text (keys in the order given). */
export function writeCall(
  id: string,
  name: string,
  input: unknown,
  warnings: Warning[],
): OpenAIChatMessageToolCall {
  return { id, type: 'function', function: { name, arguments: argumentsText(id, input, warnings) } };
}

/** `JSON.stringify(input)`; `undefined` input is `"{}"`; a non-object input is sent as is, with a warning. */
export function argumentsText(id: string, input: unknown, warnings: Warning[]): string {
  if (input === undefined) return '{}';
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    warnings.push({
      type: 'other',
      message: `tool call ${id}: input is not an object; sent as its JSON text (repairHistory replaces it, H9)`,
    });
  }
  return inputJsonText(input, id, 'openai', warnings);
}

function convertTool(message: ToolMessage, out: OpenAIChatMessage[], warnings: Warning[]): void {
  for (const part of message.content) {
    const text = toolOutputText(part.output, part.toolCallId, PROVIDER, warnings);
    if (text !== undefined) {
      out.push({ role: 'tool', tool_call_id: part.toolCallId, content: text });
    } else if (part.output.type === 'content') {
      const texts = contentTextItems(part.output.value, part.toolCallId, PROVIDER, warnings);
      out.push({
        role: 'tool',
        tool_call_id: part.toolCallId,
        content: texts.map((item) => ({ type: 'text', text: item })),
      });
    }
  }
}
