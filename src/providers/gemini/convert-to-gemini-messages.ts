import type {
  AssistantPart,
  FilePart,
  ImagePart,
  Message,
  TextPart,
  ToolResultOutput,
  ToolResultPart,
} from '../../types/message.js';
import type { Warning } from '../../types/warning.js';
import { base64Data, remoteUrl } from '../shared/binary-data.js';
import { CallNames } from '../shared/call-names.js';
import { invalidCallToWrite } from '../shared/invalid-call-to-write.js';
import { redactedReasoningLeftOut } from '../shared/redacted-reasoning.js';
import type { GeminiContent, GeminiFunctionResponse, GeminiObject, GeminiPart } from './gemini-api.js';
import { googleMetadata } from './gemini-metadata.js';

/** Options of `convertToGeminiMessages`. */
export interface GeminiMessagesOptions {
  readonly messages: readonly Message[];
  /**
   * `keep` (default): send `functionCall.id` / `functionResponse.id` (the Gemini API); `omit`: never
   * (Vertex AI rejects ids on function responses: providers.md §4e).
   */
  readonly functionCallIds?: 'keep' | 'omit';
  readonly warnings: Warning[];
}

/**
 * Canonical messages as Gemini `contents` and `systemInstruction`, one content per message:
 *
 * - `system` messages → `systemInstruction.parts` (one text part each; one placed after other messages
 *   is moved there, `compatibility`).
 * - `user` → role `user`: `text`, images and files as `inlineData` (base64) or `fileData` (URL).
 * - `assistant` → role `model`: text, reasoning as `{text, thought: true}`, calls as
 *   `functionCall {id?, name, args}`; `google.thoughtSignature` goes on the part it belongs to.
 * - `tool` → role `user` with one `functionResponse {id?, name, response}` per result, in order. The
 *   response must be an object: `text` → `{output: text}`, `error-text` → `{error: text}`, `json` → the
 *   object itself when it is one (and not one whose only key is `output` or `error`, which would read
 *   back as a wrapper), else `{output: value}`; `error-json` → `{error: value}`; `execution-denied` →
 *   `{error: reason}`; `content` → `{output: joined text}` with media in `functionResponse.parts`. The
 *   name is the result's `toolName`, or the matching call's by id when that is empty (H14).
 *
 * Empty text parts are not written (H12), except one carrying a `thoughtSignature`, which must stay.
 * A content left with no part is not written (reported).
 */
export function convertToGeminiMessages(options: GeminiMessagesOptions): {
  contents: GeminiContent[];
  systemInstruction?: { parts: Array<{ text: string }> };
} {
  const { warnings } = options;
  const keepIds = options.functionCallIds !== 'omit';
  const contents: GeminiContent[] = [];
  const system: Array<{ text: string }> = [];
  const callNames = new CallNames();
  options.messages.forEach((message, index) => {
    switch (message.role) {
      case 'system':
        if (contents.length > 0) {
          warnings.push({
            type: 'compatibility',
            feature: 'system message position',
            details: `gemini: the system message at index ${index} is moved into systemInstruction`,
          });
        }
        if (message.content !== '') system.push({ text: message.content });
        break;
      case 'user': {
        const parts =
          typeof message.content === 'string'
            ? textParts(message.content)
            : message.content.flatMap((part) => userPart(part, warnings));
        pushContent(contents, 'user', parts, index, warnings);
        break;
      }
      case 'assistant': {
        const parts =
          typeof message.content === 'string'
            ? textParts(message.content)
            : message.content.flatMap((part) => assistantPart(part, keepIds, callNames, warnings));
        pushContent(contents, 'model', parts, index, warnings);
        break;
      }
      case 'tool': {
        const parts = message.content.map(
          (part): GeminiPart => ({
            functionResponse: functionResponse(part, keepIds, callNames, warnings),
          }),
        );
        pushContent(contents, 'user', parts, index, warnings);
        break;
      }
      default: {
        const unreachable: never = message;
        throw new Error(`unhandled message ${JSON.stringify(unreachable)}`);
      }
    }
  });
  return system.length > 0 ? { contents, systemInstruction: { parts: system } } : { contents };
}

function pushContent(
  contents: GeminiContent[],
  role: 'user' | 'model',
  parts: GeminiPart[],
  index: number,
  warnings: Warning[],
): void {
  if (parts.length > 0) contents.push({ role, parts });
  else {
    warnings.push({
      type: 'unsupported',
      feature: 'empty message',
      details: `gemini: the message at index ${index} has nothing to send and was left out`,
    });
  }
}

function textParts(text: string): GeminiPart[] {
  return text === '' ? [] : [{ text }];
}

function withSignature(
  part: GeminiPart,
  source: { providerOptions?: TextPart['providerOptions'] },
): GeminiPart {
  const signature = googleMetadata(source.providerOptions).thoughtSignature;
  return signature === undefined ? part : { ...part, thoughtSignature: signature };
}

function text(part: TextPart, thought: boolean): GeminiPart[] {
  const signature = googleMetadata(part.providerOptions).thoughtSignature;
  if (part.text === '' && signature === undefined) return [];
  return [withSignature(thought ? { text: part.text, thought: true } : { text: part.text }, part)];
}

function userPart(part: TextPart | ImagePart | FilePart, warnings: Warning[]): GeminiPart[] {
  if (part.type === 'text') return text(part, false);
  return media(part, warnings);
}

function media(part: ImagePart | FilePart, warnings: Warning[]): GeminiPart[] {
  const data = part.type === 'image' ? part.image : part.data;
  const url = remoteUrl(data);
  const encoded = url === undefined ? base64Data(data) : undefined;
  const mimeType = part.mediaType ?? (encoded === undefined ? undefined : imageType(encoded, warnings));
  if (url !== undefined) {
    return [
      withSignature(
        { fileData: mimeType === undefined ? { fileUri: url } : { mimeType, fileUri: url } },
        part,
      ),
    ];
  }
  return [
    withSignature(
      { inlineData: { mimeType: mimeType ?? 'application/octet-stream', data: encoded ?? '' } },
      part,
    ),
  ];
}

/** The media type of base64 image data from its first bytes (Gemini requires `mimeType`). */
function imageType(data: string, warnings: Warning[]): string {
  if (data.startsWith('iVBORw0KGgo')) return 'image/png';
  if (data.startsWith('/9j/')) return 'image/jpeg';
  if (data.startsWith('R0lGOD')) return 'image/gif';
  if (data.startsWith('UklGR')) return 'image/webp';
  warnings.push({
    type: 'compatibility',
    feature: 'image media type',
    details:
      'gemini requires mimeType; an image without one whose bytes are not PNG, JPEG, GIF or WebP is sent as image/jpeg',
  });
  return 'image/jpeg';
}

function assistantPart(
  part: AssistantPart,
  keepIds: boolean,
  callNames: CallNames,
  warnings: Warning[],
): GeminiPart[] {
  switch (part.type) {
    case 'text':
      return text(part, false);
    case 'reasoning':
      if (redactedReasoningLeftOut(part, 'gemini', warnings)) return [];
      return text(
        {
          type: 'text',
          text: part.text,
          ...(part.providerOptions ? { providerOptions: part.providerOptions } : {}),
        },
        true,
      );
    case 'file':
      return media(part, warnings);
    case 'tool-call': {
      callNames.add(part.toolCallId, part.toolName);
      const metadata = googleMetadata(part.providerOptions);
      let args: GeminiObject = {};
      if (typeof part.input === 'object' && part.input !== null && !Array.isArray(part.input)) {
        args = part.input as GeminiObject;
      } else {
        warnings.push({
          type: 'unsupported',
          feature: 'tool-call input',
          details: `gemini: args must be an object; the input of call ${part.toolCallId} was sent as {}`,
        });
      }
      const call =
        keepIds && metadata.syntheticId !== true
          ? { id: part.toolCallId, name: part.toolName, args }
          : { name: part.toolName, args };
      return [withSignature({ functionCall: call }, part)];
    }
    case 'tool-call-invalid': {
      const call = invalidCallToWrite(part, 'gemini', warnings);
      if (call === undefined) return [];
      callNames.add(call.id, call.name);
      const metadata = googleMetadata(part.providerOptions);
      const functionCall =
        keepIds && metadata.syntheticId !== true
          ? { id: call.id, name: call.name, args: {} }
          : { name: call.name, args: {} };
      return [withSignature({ functionCall }, part)];
    }
    case 'tool-result':
      warnings.push({
        type: 'unsupported',
        feature: 'tool-result in an assistant message',
        details: `gemini: the provider-executed result of ${part.toolCallId} has no Gemini form and was left out`,
      });
      return [];
    default: {
      const unreachable: never = part;
      throw new Error(`unhandled part ${JSON.stringify(unreachable)}`);
    }
  }
}

function functionResponse(
  part: ToolResultPart,
  keepIds: boolean,
  callNames: CallNames,
  warnings: Warning[],
): GeminiFunctionResponse {
  const name = callNames.resultName(part, 'gemini', warnings);
  const { response, parts } = responseObject(part.output, warnings);
  const result: GeminiFunctionResponse =
    keepIds && googleMetadata(part.providerOptions).syntheticId !== true
      ? { id: part.toolCallId, name, response }
      : { name, response };
  if (parts.length > 0) result.parts = parts;
  return result;
}

const isObject = (value: unknown): value is GeminiObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `json` object Gemini can hold as the response itself (one that does not look like a wrapper). */
function isPlainResponse(value: unknown): value is GeminiObject {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return !(keys.length === 1 && (keys[0] === 'output' || keys[0] === 'error'));
}

function responseObject(
  output: ToolResultOutput,
  warnings: Warning[],
): { response: GeminiObject; parts: Array<{ inlineData: { mimeType: string; data: string } }> } {
  const parts: Array<{ inlineData: { mimeType: string; data: string } }> = [];
  switch (output.type) {
    case 'text':
      return { response: { output: output.value }, parts };
    case 'json':
      return { response: isPlainResponse(output.value) ? output.value : { output: output.value }, parts };
    case 'error-text':
    case 'error-json':
      return { response: { error: output.value }, parts };
    case 'execution-denied':
      warnings.push({
        type: 'compatibility',
        feature: 'execution-denied',
        details: 'gemini has no denied result; it is sent as {error: reason} and reads back as error-text',
      });
      return { response: { error: output.reason ?? 'Tool execution denied.' }, parts };
    case 'content': {
      const texts: string[] = [];
      for (const item of output.value) {
        if (item.type === 'text') texts.push(item.text);
        else if (item.type === 'media' || item.type === 'image-data' || item.type === 'file-data') {
          parts.push({ inlineData: { mimeType: item.mediaType, data: item.data } });
        } else {
          warnings.push({
            type: 'unsupported',
            feature: `tool result ${item.type}`,
            details: 'gemini function responses hold inline data only; the URL item was left out',
          });
        }
      }
      return { response: { output: texts.join('\n') }, parts };
    }
    default: {
      const unreachable: never = output;
      throw new Error(`unhandled tool result output ${JSON.stringify(unreachable)}`);
    }
  }
}
