import type {
  FilePart,
  ImagePart,
  JSONValue,
  Message,
  ToolResultContentPart,
  ToolResultPart,
} from '../../types/message.js';
import { bytesFromBase64, dataSource, mediaTypeOf } from '../shared/binary-data.js';
import type { ConversionContext } from '../shared/conversion-context.js';
import { convertMessagesToTurns, type TurnWriter } from '../shared/convert-messages-to-turns.js';
import { providerMetadata } from '../shared/provider-metadata.js';
import type {
  BedrockContentBlock,
  BedrockDocument,
  BedrockDocumentBlock,
  BedrockDocumentFormat,
  BedrockImageBlock,
  BedrockImageFormat,
  BedrockMessage,
  BedrockSource,
  BedrockToolResultBlock,
  BedrockToolResultContent,
} from './bedrock-api.js';

/** IANA media type → Converse document `format`. */
export const bedrockDocumentFormats: ReadonlyMap<string, BedrockDocumentFormat> = new Map([
  ['application/pdf', 'pdf'],
  ['text/csv', 'csv'],
  ['application/msword', 'doc'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/vnd.ms-excel', 'xls'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
  ['text/html', 'html'],
  ['text/plain', 'txt'],
  ['text/markdown', 'md'],
]);

const imageFormats: ReadonlySet<string> = new Set(['png', 'jpeg', 'gif', 'webp']);

/**
 * Canonical messages → Converse `system` and `messages` (`convertMessagesToTurns`): system messages →
 * `system: [{text}]` in order; turns that alternate, `toolResult` blocks first in each user turn; every
 * content is a block list (a string message is one `{text}`). Reasoning parts go out as
 * `reasoningContent` with `bedrock.signature` (`reasoningText`) or `bedrock.redactedData` (base64 →
 * `redactedContent` bytes); one without either is dropped with an `unsupported` warning. `hasToolBlocks`
 * tells whether a `toolUse` / `toolResult` block was written (then `toolConfig` is required: H8).
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Message.html
 */
export function convertToBedrockMessages(
  messages: readonly Message[],
  context: ConversionContext,
): { system?: Array<{ text: string }>; messages: BedrockMessage[]; hasToolBlocks: boolean } {
  const { system, turns, hasToolBlocks } = convertMessagesToTurns(messages, bedrockWriter, context, false);
  const converted = turns as BedrockMessage[];
  return system.length === 0
    ? { messages: converted, hasToolBlocks }
    : { system: system.map((text) => ({ text })), messages: converted, hasToolBlocks };
}

/** How Bedrock writes each block (see `TurnWriter`). */
export const bedrockWriter: TurnWriter<BedrockContentBlock> = {
  text: (text) => ({ text }),
  media(part, context) {
    const media = convertToBedrockMedia(part, context);
    if (media === undefined) return undefined;
    return 'name' in media ? { document: media } : { image: media };
  },
  reasoning(part, context) {
    const metadata = providerMetadata(part.providerOptions, 'bedrock');
    if (typeof metadata?.redactedData === 'string') {
      return { reasoningContent: { redactedContent: bytesFromBase64(metadata.redactedData) } };
    }
    if (typeof metadata?.signature === 'string') {
      return { reasoningContent: { reasoningText: { text: part.text, signature: metadata.signature } } };
    }
    context.unsupported('reasoning', 'a reasoning part without `bedrock.signature` is not sent');
    return undefined;
  },
  toolUse: (toolUseId, name, input) => ({
    toolUse: { toolUseId, name, input: input as { [key: string]: BedrockDocument } },
  }),
  toolResult: (part, context) => ({ toolResult: convertToBedrockToolResult(part, context) }),
};

/**
 * A tool result → `toolResult`: `text` → `[{text}]`; `json` → `[{json}]` (a value that is not an object
 * goes as its JSON text: `json` must be an object, providers.md §5(d)); `error-text` / `error-json` /
 * `execution-denied` → the same with `status: "error"`; `content` → text, image and document items.
 */
export function convertToBedrockToolResult(
  part: ToolResultPart,
  context: ConversionContext,
): BedrockToolResultBlock {
  const output = part.output;
  const block = (content: BedrockToolResultContent[], isError: boolean): BedrockToolResultBlock =>
    isError
      ? { toolUseId: part.toolCallId, content, status: 'error' }
      : { toolUseId: part.toolCallId, content };
  switch (output.type) {
    case 'text':
      return block([{ text: output.value }], false);
    case 'json':
      return block([jsonContent(output.value, context)], false);
    case 'error-text':
      return block([{ text: output.value }], true);
    case 'error-json':
      return block([jsonContent(output.value, context)], true);
    case 'execution-denied':
      return block([{ text: output.reason ?? 'The tool call was denied.' }], true);
    case 'content': {
      const items: BedrockToolResultContent[] = [];
      for (const item of output.value) {
        const converted = convertToBedrockResultItem(item, context);
        if (converted !== undefined) items.push(converted);
      }
      return block(items, false);
    }
  }
}

function jsonContent(value: JSONValue, context: ConversionContext): BedrockToolResultContent {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return { json: value as { [key: string]: BedrockDocument } };
  }
  context.compatibility('tool-result json', 'a JSON result that is not an object is sent as its JSON text');
  return { text: JSON.stringify(value) };
}

function convertToBedrockResultItem(
  item: ToolResultContentPart,
  context: ConversionContext,
): BedrockToolResultContent | undefined {
  let media: BedrockImageBlock | BedrockDocumentBlock | undefined;
  switch (item.type) {
    case 'text':
      return item.text === '' ? undefined : { text: item.text };
    case 'media':
    case 'image-data':
    case 'file-data':
      media = convertToBedrockMedia({ type: 'file', data: item.data, mediaType: item.mediaType }, context);
      break;
    case 'image-url':
      media = convertToBedrockMedia({ type: 'image', image: item.url }, context);
      break;
    case 'file-url':
      media = convertToBedrockMedia({ type: 'file', data: item.url, mediaType: 'application/pdf' }, context);
      break;
  }
  if (media === undefined) return undefined;
  return 'name' in media ? { document: media } : { image: media };
}

/**
 * An image or file part → a Converse `image` (png, jpeg, gif, webp) or `document` (pdf, csv, doc, docx,
 * xls, xlsx, html, txt, md; `name` is the part's `filename`, else `"document"`). Base64 data goes as
 * bytes, an `s3://` URL as `s3Location`; an http(s) URL cannot be sent (Bedrock does not fetch URLs)
 * and is dropped with an `unsupported` warning, as are other media types.
 */
export function convertToBedrockMedia(
  part: ImagePart | FilePart,
  context: ConversionContext,
): BedrockImageBlock | BedrockDocumentBlock | undefined {
  const data = part.type === 'image' ? part.image : part.data;
  const s3 = typeof data === 'string' ? data : data instanceof URL ? data.href : '';
  const given = dataSource(data);
  const source: BedrockSource | undefined = /^s3:\/\//i.test(s3)
    ? { s3Location: { uri: s3 } }
    : given.kind === 'base64'
      ? { bytes: bytesFromBase64(given.data) }
      : undefined;
  if (source === undefined) {
    context.unsupported(
      'file',
      `Bedrock does not fetch URLs; ${given.kind === 'url' ? given.url : ''} is not sent`,
    );
    return undefined;
  }
  const mediaType = mediaTypeOf(part.mediaType, given) ?? '';
  const imageFormat = mediaType.startsWith('image/')
    ? mediaType.slice('image/'.length).replace('jpg', 'jpeg')
    : '';
  if (imageFormats.has(imageFormat)) return { format: imageFormat as BedrockImageFormat, source };
  const documentFormat = bedrockDocumentFormats.get(mediaType);
  if (documentFormat !== undefined) {
    return {
      format: documentFormat,
      name: bedrockDocumentName(part, context),
      source,
    };
  }
  context.unsupported(
    'file',
    `media type ${mediaType || '(unknown)'} is not a Bedrock image or document; not sent`,
  );
  return undefined;
}

/**
 * A document's `name`: the part's `filename`, else `"document"`. Converse allows only letters, digits,
 * single spaces, hyphens, parentheses and square brackets (API_runtime_DocumentBlock), so any other
 * character (the `.` of `report.pdf`) becomes `-`, with a `compatibility` warning.
 */
function bedrockDocumentName(part: ImagePart | FilePart, context: ConversionContext): string {
  const given =
    part.type === 'file' && part.filename !== undefined && part.filename !== '' ? part.filename : 'document';
  const name = given.replace(/[^A-Za-z0-9 ()[\]-]/g, '-').replace(/ {2,}/g, ' ');
  if (name !== given) context.compatibility('document name', `"${given}" is sent as "${name}"`);
  return name;
}
