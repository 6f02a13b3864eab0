import type {
  AssistantPart,
  FilePart,
  ImagePart,
  Message,
  TextPart,
  ToolResultOutput,
  ToolResultPart,
} from '../../types/message.js';
import { isRecord } from './call-accumulator.js';
import type { ConversionContext } from './conversion-context.js';

/** How one block-based provider (Anthropic Messages, Bedrock Converse) spells the blocks of a turn. */
export interface BlockTurnReader {
  /** Whether a turn's `content` may be a plain string (Anthropic), kept as the message's content. */
  readonly stringContent: boolean;
  /** An assistant turn's blocks → parts; records each call's id → name in `names`. */
  assistantBlocks(
    blocks: readonly unknown[],
    names: Map<string, string>,
    context: ConversionContext,
  ): AssistantPart[];
  /** The id and output of a tool-result block, or `undefined` when the block is not one. */
  toolResult(
    block: Record<string, unknown>,
    context: ConversionContext,
  ): { id: string; output: ToolResultOutput } | undefined;
  /** Any other user block → a part, or `undefined` (skipped, with a warning the reader gives). */
  userBlock(block: unknown, context: ConversionContext): TextPart | ImagePart | FilePart | undefined;
}

/**
 * The `messages` of a block-based provider → canonical messages, as received (unknown fields ignored,
 * `null`s tolerated): an assistant turn → one assistant message; a user turn's tool-result blocks → a
 * `tool` message before the rest of that turn (names recovered from the calls read before, `''` when the
 * call was never seen), then a user message with the other blocks (an empty one when the turn held
 * nothing, so no turn disappears). A message that is neither user nor assistant is skipped with a warning.
 */
export function readBlockTurns(
  messages: readonly unknown[],
  reader: BlockTurnReader,
  context: ConversionContext,
): Message[] {
  const result: Message[] = [];
  const names = new Map<string, string>();
  messages.forEach((message, index) => {
    if (!isRecord(message) || (message.role !== 'user' && message.role !== 'assistant')) {
      context.other(`message ${index} is neither a user nor an assistant message; skipped`);
      return;
    }
    const content = message.content;
    if (reader.stringContent && typeof content === 'string') {
      result.push({ role: message.role, content });
      return;
    }
    const blocks = Array.isArray(content) ? content : [];
    if (message.role === 'assistant') {
      result.push({ role: 'assistant', content: reader.assistantBlocks(blocks, names, context) });
      return;
    }
    const results: ToolResultPart[] = [];
    const parts: Array<TextPart | ImagePart | FilePart> = [];
    for (const block of blocks) {
      const toolResult = isRecord(block) ? reader.toolResult(block, context) : undefined;
      if (toolResult !== undefined) {
        results.push({
          type: 'tool-result',
          toolCallId: toolResult.id,
          toolName: names.get(toolResult.id) ?? '',
          output: toolResult.output,
        });
      } else {
        const part = reader.userBlock(block, context);
        if (part !== undefined) parts.push(part);
      }
    }
    if (results.length > 0) result.push({ role: 'tool', content: results });
    if (parts.length > 0 || results.length === 0) result.push({ role: 'user', content: parts });
  });
  return result;
}
