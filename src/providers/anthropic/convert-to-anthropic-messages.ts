import type {
  FilePart,
  ImagePart,
  Message,
  ToolResultContentPart,
  ToolResultPart,
} from '../../types/message.js';
import { dataSource, mediaTypeOf, textFromBase64 } from '../shared/binary-data.js';
import type { ConversionContext } from '../shared/conversion-context.js';
import { convertMessagesToTurns, type TurnWriter } from '../shared/convert-messages-to-turns.js';
import { providerMetadata } from '../shared/provider-metadata.js';
import type {
  AnthropicAssistantBlock,
  AnthropicDocumentBlock,
  AnthropicImageBlock,
  AnthropicImageMediaType,
  AnthropicMessageParam,
  AnthropicTextBlock,
  AnthropicToolResultBlock,
  AnthropicUserBlock,
} from './anthropic-api.js';

const imageMediaTypes: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/**
 * Canonical messages → Anthropic `system` and `messages` (`convertMessagesToTurns`): system messages →
 * the top-level `system` (one → a string, several → text blocks in order); turns that alternate, tool
 * results first in each user turn; a string message stays a string. Reasoning parts go out as
 * `thinking` (with `anthropic.signature`) or `redacted_thinking` (with `anthropic.redactedData`); one
 * without either is dropped with an `unsupported` warning (the API rejects unsigned thinking). Images
 * and files: see `convertToAnthropicMediaBlock`. `hasToolBlocks`: whether a `tool_use` / `tool_result` was written.
 * @see https://docs.anthropic.com/en/api/messages
 */
export function convertToAnthropicMessages(
  messages: readonly Message[],
  context: ConversionContext,
): { system?: string | AnthropicTextBlock[]; messages: AnthropicMessageParam[]; hasToolBlocks: boolean } {
  const { system, turns, hasToolBlocks } = convertMessagesToTurns(messages, anthropicWriter, context, true);
  const converted = turns as AnthropicMessageParam[];
  if (system.length === 0) return { messages: converted, hasToolBlocks };
  return {
    system: system.length === 1 ? system[0]! : system.map(textBlock),
    messages: converted,
    hasToolBlocks,
  };
}

/** How Anthropic writes each block (see `TurnWriter`). */
export const anthropicWriter: TurnWriter<AnthropicUserBlock | AnthropicAssistantBlock> = {
  text: (text) => textBlock(text),
  media: (part, context) => convertToAnthropicMediaBlock(part, context),
  reasoning(part, context) {
    const metadata = providerMetadata(part.providerOptions, 'anthropic');
    if (typeof metadata?.redactedData === 'string')
      return { type: 'redacted_thinking', data: metadata.redactedData };
    if (typeof metadata?.signature === 'string') {
      return { type: 'thinking', thinking: part.text, signature: metadata.signature };
    }
    context.unsupported('reasoning', 'a reasoning part without `anthropic.signature` is not sent');
    return undefined;
  },
  toolUse: (id, name, input) => ({ type: 'tool_use', id, name, input }),
  toolResult: (part, context) => convertToAnthropicToolResult(part, context),
};

/**
 * A tool result → `tool_result`: `text` / `json` (as JSON text) → string `content`; `error-text` /
 * `error-json` / `execution-denied` → the same with `is_error: true`; `content` → text and image (and
 * document) blocks.
 */
export function convertToAnthropicToolResult(
  part: ToolResultPart,
  context: ConversionContext,
): AnthropicToolResultBlock {
  const output = part.output;
  const block = (content: AnthropicToolResultBlock['content'], isError: boolean): AnthropicToolResultBlock =>
    isError
      ? { type: 'tool_result', tool_use_id: part.toolCallId, content, is_error: true }
      : { type: 'tool_result', tool_use_id: part.toolCallId, content };
  switch (output.type) {
    case 'text':
      return block(output.value, false);
    case 'json':
      return block(JSON.stringify(output.value), false);
    case 'error-text':
      return block(output.value, true);
    case 'error-json':
      return block(JSON.stringify(output.value), true);
    case 'execution-denied':
      return block(output.reason ?? 'The tool call was denied.', true);
    case 'content': {
      const items: Array<AnthropicTextBlock | AnthropicImageBlock | AnthropicDocumentBlock> = [];
      for (const item of output.value) {
        const converted = convertToAnthropicResultItem(item, context);
        if (converted !== undefined) items.push(converted);
      }
      return block(items, false);
    }
  }
}

function convertToAnthropicResultItem(
  item: ToolResultContentPart,
  context: ConversionContext,
): AnthropicTextBlock | AnthropicImageBlock | AnthropicDocumentBlock | undefined {
  switch (item.type) {
    case 'text':
      return item.text === '' ? undefined : textBlock(item.text);
    case 'media':
    case 'image-data':
    case 'file-data':
      return convertToAnthropicMediaBlock(
        { type: 'file', data: item.data, mediaType: item.mediaType },
        context,
      );
    case 'image-url':
      return { type: 'image', source: { type: 'url', url: item.url } };
    case 'file-url':
      return { type: 'document', source: { type: 'url', url: item.url } };
  }
}

/** An image or file part → an `image` block (jpeg, png, gif, webp) or a `document` (PDF, plain text). */
export function convertToAnthropicMediaBlock(
  part: ImagePart | FilePart,
  context: ConversionContext,
): AnthropicImageBlock | AnthropicDocumentBlock | undefined {
  const source = dataSource(part.type === 'image' ? part.image : part.data);
  const mediaType = mediaTypeOf(part.mediaType, source);
  if (mediaType === undefined ? part.type === 'image' : mediaType.startsWith('image/')) {
    if (source.kind === 'url') return { type: 'image', source: { type: 'url', url: source.url } };
    if (mediaType !== undefined && imageMediaTypes.has(mediaType)) {
      const media_type = mediaType as AnthropicImageMediaType;
      return { type: 'image', source: { type: 'base64', media_type, data: source.data } };
    }
  }
  const title = part.type === 'file' && part.filename !== undefined ? { title: part.filename } : {};
  if (mediaType === 'application/pdf') {
    return source.kind === 'url'
      ? { type: 'document', source: { type: 'url', url: source.url }, ...title }
      : {
          type: 'document',
          source: { type: 'base64', media_type: 'application/pdf', data: source.data },
          ...title,
        };
  }
  if (mediaType === 'text/plain' && source.kind === 'base64') {
    return {
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data: textFromBase64(source.data) },
      ...title,
    };
  }
  context.unsupported(
    'file',
    `media type ${mediaType ?? '(unknown)'} is not an Anthropic image or document; not sent`,
  );
  return undefined;
}

const textBlock = (text: string): AnthropicTextBlock => ({ type: 'text', text });
