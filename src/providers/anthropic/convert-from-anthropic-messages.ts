import { appendAll } from '../../internal/append-all.js';
import type {
  AssistantPart,
  FilePart,
  ImagePart,
  Message,
  TextPart,
  ToolResultContentPart,
  ToolResultOutput,
} from '../../types/message.js';
import { base64FromText } from '../shared/binary-data.js';
import { isRecord } from '../shared/call-accumulator.js';
import type { ConversionContext } from '../shared/conversion-context.js';
import { safeStringify } from '../shared/decode-tool-call.js';
import { type BlockTurnReader, readBlockTurns } from '../shared/read-block-turns.js';
import { toolCallPartFromInput } from '../shared/tool-call-part.js';
import { contentItemPlaceholder } from '../shared/tool-output-text.js';

/**
 * Anthropic `system` and `messages` (as received: unknown fields ignored, `null`s tolerated) →
 * canonical messages. `system` (a string or text blocks) → one `system` message per text; a user turn's
 * `tool_result` blocks → a `tool` message before the rest of that turn (names recovered from the
 * `tool_use` blocks read before); `thinking` → a reasoning part with `anthropic.signature`,
 * `redacted_thinking` → a reasoning part `''` with `anthropic.redactedData`; a `tool_use` whose `input`
 * is not an object → a `tool-call-invalid` part (never dropped). Blocks of other types (server tools,
 * search results, ...) are skipped with an `other` warning.
 */
export function convertFromAnthropicMessages(
  system: unknown,
  messages: readonly unknown[],
  context: ConversionContext,
): Message[] {
  const result: Message[] = [];
  if (typeof system === 'string') {
    if (system !== '') result.push({ role: 'system', content: system });
  } else if (Array.isArray(system)) {
    for (const block of system) {
      if (isRecord(block) && typeof block.text === 'string')
        result.push({ role: 'system', content: block.text });
      else context.other('a system block without text is skipped');
    }
  }
  appendAll(result, readBlockTurns(messages, anthropicTurns, context));
  return result;
}

/** How Anthropic spells a turn's blocks (`tool_result` with `tool_use_id` / `is_error`). */
const anthropicTurns: BlockTurnReader = {
  stringContent: true,
  assistantBlocks: (blocks, names, context) => convertFromAnthropicAssistantBlocks(blocks, names, context),
  toolResult: (block, context) =>
    block.type === 'tool_result'
      ? {
          id: typeof block.tool_use_id === 'string' ? block.tool_use_id : '',
          output: convertFromAnthropicToolResultContent(block.content, block.is_error === true, context),
        }
      : undefined,
  userBlock: (block, context) => convertFromAnthropicUserBlock(block, context),
};

/**
 * Anthropic assistant blocks (a request's assistant turn or a response's `content`) → assistant parts,
 * in order. `names` collects `tool_use` id → name for the results that follow.
 */
export function convertFromAnthropicAssistantBlocks(
  blocks: readonly unknown[],
  names: Map<string, string>,
  context: ConversionContext,
): AssistantPart[] {
  const parts: AssistantPart[] = [];
  for (const block of blocks) {
    if (!isRecord(block)) continue;
    switch (block.type) {
      case 'text':
        if (typeof block.text === 'string') parts.push({ type: 'text', text: block.text });
        break;
      case 'thinking':
        parts.push({
          type: 'reasoning',
          text: typeof block.thinking === 'string' ? block.thinking : '',
          ...(typeof block.signature === 'string'
            ? { providerOptions: { anthropic: { signature: block.signature } } }
            : {}),
        });
        break;
      case 'redacted_thinking':
        parts.push({
          type: 'reasoning',
          text: '',
          providerOptions: { anthropic: { redactedData: typeof block.data === 'string' ? block.data : '' } },
        });
        break;
      case 'tool_use': {
        const part = toolCallPartFromInput(block.id, block.name, block.input, 'tool_use');
        if (part.toolCallId !== undefined && part.toolName !== undefined)
          names.set(part.toolCallId, part.toolName);
        parts.push(part);
        break;
      }
      default:
        context.other(`an assistant block of type ${JSON.stringify(block.type)} is skipped`);
    }
  }
  return parts;
}

function convertFromAnthropicUserBlock(
  block: unknown,
  context: ConversionContext,
): TextPart | ImagePart | FilePart | undefined {
  if (isRecord(block)) {
    if (block.type === 'text' && typeof block.text === 'string') return { type: 'text', text: block.text };
    const media = mediaFromAnthropicSource(block);
    if (media !== undefined) {
      if (block.type === 'image' && media.kind === 'url') return { type: 'image', image: media.data };
      if (block.type === 'image') return { type: 'image', image: media.data, mediaType: media.mediaType };
      return {
        type: 'file',
        data: media.data,
        mediaType: media.mediaType,
        ...(typeof block.title === 'string' ? { filename: block.title } : {}),
      };
    }
  }
  context.other(`a user block of type ${JSON.stringify(isRecord(block) ? block.type : block)} is skipped`);
  return undefined;
}

/** The data of an `image` / `document` block: base64 text (plain text is encoded) or a URL. */
function mediaFromAnthropicSource(
  block: Record<string, unknown>,
): { kind: 'base64' | 'url'; data: string; mediaType: string } | undefined {
  if (block.type !== 'image' && block.type !== 'document') return undefined;
  const source = isRecord(block.source) ? block.source : {};
  const fallback = block.type === 'image' ? 'image/*' : 'application/pdf';
  const mediaType = typeof source.media_type === 'string' ? source.media_type : fallback;
  if (typeof source.data === 'string') {
    const data = source.type === 'text' ? base64FromText(source.data) : source.data;
    return { kind: 'base64', data, mediaType };
  }
  if (source.type === 'url' && typeof source.url === 'string') {
    return { kind: 'url', data: source.url, mediaType: fallback };
  }
  return undefined;
}

/**
 * A `tool_result`'s `content` → output: a string → `text` (`error-text` with `is_error`); blocks →
 * `content` items (text, image data or URL, documents; a block of another type as its JSON text, with
 * a warning); blocks with `is_error` → `error-text` of their texts (the error flag has no place on
 * `content`; media blocks become placeholder texts, with a warning).
 */
export function convertFromAnthropicToolResultContent(
  content: unknown,
  isError: boolean,
  context: ConversionContext,
): ToolResultOutput {
  if (!Array.isArray(content)) {
    const value = typeof content === 'string' ? content : '';
    return isError ? { type: 'error-text', value } : { type: 'text', value };
  }
  const items: ToolResultContentPart[] = [];
  for (const block of content) {
    if (!isRecord(block)) continue;
    if (block.type === 'text' && typeof block.text === 'string') {
      items.push({ type: 'text', text: block.text });
      continue;
    }
    const media = mediaFromAnthropicSource(block);
    if (media === undefined) {
      // A block toolwire has no part for (`search_result`, a newer type) is kept as its JSON text.
      items.push({ type: 'text', text: safeStringify(block) ?? String(block.type) });
      // Nothing is lost: a compatibility warning (which never throws under `strict`).
      context.compatibility(
        `tool_result block of type ${JSON.stringify(block.type)}`,
        'carried as its JSON text',
      );
    } else if (block.type === 'image') {
      items.push(
        media.kind === 'url'
          ? { type: 'image-url', url: media.data }
          : { type: 'image-data', data: media.data, mediaType: media.mediaType },
      );
    } else {
      items.push(
        media.kind === 'url'
          ? { type: 'file-url', url: media.data }
          : { type: 'file-data', data: media.data, mediaType: media.mediaType },
      );
    }
  }
  if (!isError) return { type: 'content', value: items };
  const texts = items.map((item) => (item.type === 'text' ? item.text : contentItemPlaceholder(item)));
  if (items.some((item) => item.type !== 'text'))
    context.other('an error tool_result holds text only: its media blocks are placeholder texts');
  return { type: 'error-text', value: texts.join('\n') };
}
