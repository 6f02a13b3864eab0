import type {
  AssistantPart,
  FilePart,
  ImagePart,
  Message,
  ProviderOptions,
  ToolResultContentPart,
  ToolResultPart,
} from '../../types/message.js';
import { AlternatingTurns } from '../shared/alternating-turns.js';
import { dataSource, sniffImageMediaType, textFromBase64 } from '../shared/binary-data.js';
import type { ConversionContext } from '../shared/conversion-context.js';
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
 * Canonical messages → Anthropic `system` and `messages`.
 *
 * - `system` messages → the top-level `system`: one → a string, several → text blocks in order. A
 *   system message after the conversation started moves there too (`compatibility` warning).
 * - `user` → a user turn (a string stays a string); `assistant` → an assistant turn; `tool` → `tool_result`
 *   blocks in the user turn after it. Same-role neighbours merge into one turn and the results come
 *   first in a user turn (`AlternatingTurns`), so the turns always alternate.
 * - Empty text is never written (H12). Parts Anthropic cannot hold (a reasoning part without an Anthropic
 *   signature, files of other media types, files in an assistant turn) are dropped with an
 *   `unsupported` warning; a `tool-call-invalid` with id and name becomes a `tool_use` with `{}` input,
 *   without them it is skipped (both with a warning: H10, as `repairHistory` does).
 * @see https://docs.anthropic.com/en/api/messages
 */
export function convertToAnthropicMessages(
  messages: readonly Message[],
  context: ConversionContext,
): { system?: string | AnthropicTextBlock[]; messages: AnthropicMessageParam[] } {
  const system: string[] = [];
  const turns = new AlternatingTurns<AnthropicUserBlock | AnthropicAssistantBlock>(textBlock, true);
  messages.forEach((message, index) => {
    switch (message.role) {
      case 'system':
        if (index > system.length) {
          context.compatibility('system message', `message ${index} moves to the top-level "system"`);
        }
        if (message.content !== '') system.push(message.content);
        break;
      case 'user':
        if (typeof message.content === 'string') turns.addText('user', message.content);
        else {
          for (const part of message.content) {
            // Parts stay blocks (only string content is written as a string), so a read body round-trips.
            if (part.type === 'text') turns.addBlocks('user', part.text === '' ? [] : [textBlock(part.text)]);
            else {
              const block = convertToAnthropicMediaBlock(part, context);
              if (block !== undefined) turns.addBlocks('user', [block]);
            }
          }
        }
        break;
      case 'assistant':
        if (typeof message.content === 'string') turns.addText('assistant', message.content);
        else {
          const { blocks, results } = convertToAnthropicAssistantBlocks(message.content, context);
          turns.addBlocks('assistant', blocks);
          turns.addResults(results);
        }
        break;
      case 'tool':
        turns.addResults(message.content.map((part) => convertToAnthropicToolResult(part, context)));
        break;
    }
  });
  const converted = turns.build() as AnthropicMessageParam[];
  if (system.length === 0) return { messages: converted };
  return { system: system.length === 1 ? system[0]! : system.map(textBlock), messages: converted };
}

/**
 * Assistant parts → Anthropic assistant blocks, in order. `tool-result` parts (results of
 * provider-executed tools that the AI SDK keeps in the assistant message) are returned apart, for the
 * user turn that follows.
 */
export function convertToAnthropicAssistantBlocks(
  parts: readonly AssistantPart[],
  context: ConversionContext,
): { blocks: AnthropicAssistantBlock[]; results: AnthropicToolResultBlock[] } {
  const blocks: AnthropicAssistantBlock[] = [];
  const results: AnthropicToolResultBlock[] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'text':
        if (part.text !== '') blocks.push(textBlock(part.text));
        break;
      case 'reasoning': {
        const metadata = anthropicMetadata(part.providerOptions);
        if (typeof metadata?.redactedData === 'string') {
          blocks.push({ type: 'redacted_thinking', data: metadata.redactedData });
        } else if (typeof metadata?.signature === 'string') {
          blocks.push({ type: 'thinking', thinking: part.text, signature: metadata.signature });
        } else {
          // The API rejects thinking without its signature, and another provider's is never sent (H11).
          context.unsupported('reasoning', 'a reasoning part without `anthropic.signature` is not sent');
        }
        break;
      }
      case 'tool-call': {
        const input = part.input;
        if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
          blocks.push({
            type: 'tool_use',
            id: part.toolCallId,
            name: part.toolName,
            input: input as Record<string, unknown>,
          });
        } else {
          context.unsupported(
            'tool-call input',
            `call ${part.toolCallId}: input ${JSON.stringify(input) ?? String(input)} is not an object; sent as {}`,
          );
          blocks.push({ type: 'tool_use', id: part.toolCallId, name: part.toolName, input: {} });
        }
        break;
      }
      case 'tool-call-invalid':
        if (
          part.toolCallId !== undefined &&
          part.toolCallId !== '' &&
          part.toolName !== undefined &&
          part.toolName !== ''
        ) {
          context.compatibility(
            'tool-call-invalid',
            `invalid call ${part.toolCallId} is sent as a tool_use with {} input (${part.error})`,
          );
          blocks.push({ type: 'tool_use', id: part.toolCallId, name: part.toolName, input: {} });
        } else {
          context.unsupported(
            'tool-call-invalid',
            `an invalid call without an id or a name is skipped: ${part.raw}`,
          );
        }
        break;
      case 'tool-result':
        results.push(convertToAnthropicToolResult(part, context));
        break;
      case 'file':
        context.unsupported('assistant file', `a ${part.mediaType} file in an assistant turn is not sent`);
        break;
    }
  }
  return { blocks, results };
}

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
  const given = part.mediaType?.toLowerCase() ?? (source.kind === 'base64' ? source.mediaType : undefined);
  const mediaType =
    given === undefined || given === 'image/*'
      ? source.kind === 'base64'
        ? sniffImageMediaType(source.data)
        : part.type === 'image'
          ? 'image/*'
          : undefined
      : given;
  if (mediaType !== undefined && (imageMediaTypes.has(mediaType) || mediaType === 'image/*')) {
    if (source.kind === 'url') return { type: 'image', source: { type: 'url', url: source.url } };
    if (mediaType !== 'image/*') {
      return {
        type: 'image',
        source: { type: 'base64', media_type: mediaType as AnthropicImageMediaType, data: source.data },
      };
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

/** `providerOptions.anthropic`, if it is an object. */
export function anthropicMetadata(options: ProviderOptions | undefined): Record<string, unknown> | undefined {
  const metadata = options?.anthropic;
  return typeof metadata === 'object' && metadata !== null ? metadata : undefined;
}

const textBlock = (text: string): AnthropicTextBlock => ({ type: 'text', text });
