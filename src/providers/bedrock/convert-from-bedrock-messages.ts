import { appendAll } from '../../internal/append-all.js';
import type {
  AssistantPart,
  FilePart,
  ImagePart,
  JSONValue,
  Message,
  TextPart,
  ToolResultContentPart,
  ToolResultOutput,
} from '../../types/message.js';
import { base64FromBytes } from '../shared/binary-data.js';
import { isRecord } from '../shared/call-accumulator.js';
import type { ConversionContext } from '../shared/conversion-context.js';
import { safeStringify } from '../shared/decode-tool-call.js';
import { type BlockTurnReader, readBlockTurns } from '../shared/read-block-turns.js';
import { toolCallPartFromInput } from '../shared/tool-call-part.js';
import { bedrockDocumentFormats } from './convert-to-bedrock-messages.js';

const documentMediaTypes = new Map(
  [...bedrockDocumentFormats].map(([mediaType, format]) => [format, mediaType]),
);

/**
 * Converse `system` and `messages` (as received: unknown fields ignored, `null`s tolerated, bytes as
 * `Uint8Array` or base64 text) → canonical messages. `system` `{text}` blocks → `system` messages; a
 * user turn's `toolResult` blocks → a `tool` message before the rest of that turn (names recovered from
 * the `toolUse` blocks read before); `reasoningContent` → a reasoning part with `bedrock.signature`
 * (`reasoningText`) or `bedrock.redactedData` (`redactedContent`, as base64); a `toolUse` whose `input`
 * is not an object → a `tool-call-invalid` part. Other blocks (`cachePoint`, `guardContent`, video, ...)
 * are skipped with an `other` warning.
 */
export function convertFromBedrockMessages(
  system: unknown,
  messages: readonly unknown[],
  context: ConversionContext,
): Message[] {
  const result: Message[] = [];
  if (Array.isArray(system)) {
    for (const block of system) {
      if (isRecord(block) && typeof block.text === 'string')
        result.push({ role: 'system', content: block.text });
      else context.other('a system block without text is skipped');
    }
  }
  appendAll(result, readBlockTurns(messages, bedrockTurns, context));
  return result;
}

/** How Converse spells a turn's blocks (`toolResult` with `toolUseId` / `status`). */
const bedrockTurns: BlockTurnReader = {
  stringContent: false,
  assistantBlocks: (blocks, names, context) => convertFromBedrockAssistantBlocks(blocks, names, context),
  toolResult: (block, context) => {
    const toolResult = block.toolResult;
    if (!isRecord(toolResult)) return undefined;
    return {
      id: typeof toolResult.toolUseId === 'string' ? toolResult.toolUseId : '',
      output: convertFromBedrockToolResultContent(toolResult.content, toolResult.status === 'error', context),
    };
  },
  userBlock: (block, context) => convertFromBedrockUserBlock(block, context),
};

/** Converse assistant blocks (a request's assistant turn or a response's message) → assistant parts. */
export function convertFromBedrockAssistantBlocks(
  blocks: readonly unknown[],
  names: Map<string, string>,
  context: ConversionContext,
): AssistantPart[] {
  const parts: AssistantPart[] = [];
  for (const block of blocks) {
    if (!isRecord(block)) continue;
    if (typeof block.text === 'string') parts.push({ type: 'text', text: block.text });
    else if (isRecord(block.toolUse)) {
      const { toolUseId, name, input } = block.toolUse;
      const part = toolCallPartFromInput(toolUseId, name, input, 'toolUse');
      if (part.toolCallId !== undefined && part.toolName !== undefined)
        names.set(part.toolCallId, part.toolName);
      parts.push(part);
    } else if (isRecord(block.reasoningContent)) {
      const reasoning = block.reasoningContent;
      const text = isRecord(reasoning.reasoningText) ? reasoning.reasoningText : undefined;
      const redacted = binaryAsBase64(reasoning.redactedContent);
      if (redacted !== undefined) {
        parts.push({ type: 'reasoning', text: '', providerOptions: { bedrock: { redactedData: redacted } } });
      } else {
        parts.push({
          type: 'reasoning',
          text: typeof text?.text === 'string' ? text.text : '',
          ...(typeof text?.signature === 'string'
            ? { providerOptions: { bedrock: { signature: text.signature } } }
            : {}),
        });
      }
    } else context.other(`an assistant block ${JSON.stringify(Object.keys(block))} is skipped`);
  }
  return parts;
}

function convertFromBedrockUserBlock(
  block: unknown,
  context: ConversionContext,
): TextPart | ImagePart | FilePart | undefined {
  if (isRecord(block)) {
    if (typeof block.text === 'string') return { type: 'text', text: block.text };
    const media = mediaFromBedrockBlock(block);
    if (media !== undefined) {
      if (media.kind === 'image') return { type: 'image', image: media.data, mediaType: media.mediaType };
      return {
        type: 'file',
        data: media.data,
        mediaType: media.mediaType,
        ...(media.name === undefined ? {} : { filename: media.name }),
      };
    }
  }
  context.other(`a user block ${JSON.stringify(isRecord(block) ? Object.keys(block) : block)} is skipped`);
  return undefined;
}

/** An `image` / `document` block's data: base64 text (of bytes) or its `s3://` URI (as a `URL`). */
function mediaFromBedrockBlock(
  block: Record<string, unknown>,
): { kind: 'image' | 'document'; data: string | URL; mediaType: string; name?: string } | undefined {
  const kind = isRecord(block.image) ? 'image' : isRecord(block.document) ? 'document' : undefined;
  if (kind === undefined) return undefined;
  const media = block[kind] as Record<string, unknown>;
  const format = typeof media.format === 'string' ? media.format : '';
  const mediaType =
    kind === 'image'
      ? `image/${format || '*'}`
      : (documentMediaTypes.get(format as never) ?? 'application/octet-stream');
  const source = isRecord(media.source) ? media.source : {};
  const bytes = binaryAsBase64(source.bytes);
  const location = isRecord(source.s3Location) ? source.s3Location.uri : undefined;
  const data = bytes ?? (typeof location === 'string' ? parseUrl(location) : undefined);
  if (data === undefined) return undefined;
  return {
    kind,
    data,
    mediaType,
    ...(kind === 'document' && typeof media.name === 'string' ? { name: media.name } : {}),
  };
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Bytes (`Uint8Array`, or base64 text as the REST API sends them) as base64 text. */
function binaryAsBase64(value: unknown): string | undefined {
  if (value instanceof Uint8Array) return base64FromBytes(value);
  return typeof value === 'string' ? value : undefined;
}

/**
 * A `toolResult`'s `content` → output: one `{text}` → `text`, one `{json}` → `json` (`error-text` /
 * `error-json` with `status: "error"`); anything else → `content` items (text; `json` as its JSON text;
 * images and documents as data), or with `status: "error"` → `error-text` of the texts (the error flag
 * has no place on `content`).
 */
export function convertFromBedrockToolResultContent(
  content: unknown,
  isError: boolean,
  context: ConversionContext,
): ToolResultOutput {
  const blocks = Array.isArray(content) ? content.filter(isRecord) : [];
  const only = blocks.length === 1 ? blocks[0] : undefined;
  if (typeof only?.text === 'string') {
    return isError ? { type: 'error-text', value: only.text } : { type: 'text', value: only.text };
  }
  if (only !== undefined && 'json' in only) {
    const value = (only.json ?? null) as JSONValue;
    return isError ? { type: 'error-json', value } : { type: 'json', value };
  }
  const items: ToolResultContentPart[] = [];
  for (const block of blocks) {
    if (typeof block.text === 'string') items.push({ type: 'text', text: block.text });
    else if ('json' in block) items.push({ type: 'text', text: JSON.stringify(block.json ?? null) });
    else {
      const media = mediaFromBedrockBlock(block);
      if (media === undefined) {
        // A block toolwire has no part for is kept as its JSON text.
        items.push({ type: 'text', text: safeStringify(block) ?? '{}' });
        context.compatibility(
          `toolResult block ${JSON.stringify(Object.keys(block))}`,
          'carried as its JSON text',
        );
      } else if (media.data instanceof URL)
        items.push({ type: media.kind === 'image' ? 'image-url' : 'file-url', url: media.data.href });
      else if (media.kind === 'image')
        items.push({ type: 'image-data', data: media.data, mediaType: media.mediaType });
      else
        items.push({
          type: 'file-data',
          data: media.data,
          mediaType: media.mediaType,
          ...(media.name === undefined ? {} : { filename: media.name }),
        });
    }
  }
  if (!isError) return { type: 'content', value: items };
  const texts = items.flatMap((item) => (item.type === 'text' ? [item.text] : []));
  if (texts.length < items.length) context.other('an error toolResult keeps only its text blocks');
  return { type: 'error-text', value: texts.join('\n') };
}
