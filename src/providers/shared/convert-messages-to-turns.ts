import type {
  AssistantPart,
  FilePart,
  ImagePart,
  Message,
  ReasoningPart,
  ToolResultPart,
} from '../../types/message.js';
import { AlternatingTurns } from './alternating-turns.js';
import type { ConversionContext } from './conversion-context.js';

/** How one provider writes each kind of block (Anthropic Messages, Bedrock Converse). */
export interface TurnWriter<Block> {
  text(text: string): Block;
  /** An image or file part, or `undefined` (after a warning) when the provider cannot hold it. */
  media(part: ImagePart | FilePart, context: ConversionContext): Block | undefined;
  /** A reasoning part with this provider's metadata, or `undefined` (after a warning) without it. */
  reasoning(part: ReasoningPart, context: ConversionContext): Block | undefined;
  toolUse(id: string, name: string, input: Record<string, unknown>): Block;
  toolResult(part: ToolResultPart, context: ConversionContext): Block;
}

/** The turns of a converted history, the system texts apart, and whether any tool block was written. */
export interface ConvertedTurns<Block> {
  readonly system: string[];
  readonly turns: Array<{ role: 'user' | 'assistant'; content: string | Block[] }>;
  readonly hasToolBlocks: boolean;
}

/**
 * Canonical messages → strictly alternating user / assistant turns (Anthropic Messages, Bedrock
 * Converse), with the system prompts apart:
 *
 * - `system` messages → `system` texts in order; one after the conversation started moves there too
 *   (`compatibility` warning).
 * - `user` → the user turn; `assistant` → the assistant turn; `tool` → tool results in the user turn
 *   after it. Same-role neighbours merge and results come first in a user turn (`AlternatingTurns`). A
 *   string message stays a string where `keepStrings` (Anthropic); parts stay blocks.
 * - Empty text is never written (H12). See `convertAssistantParts` for the assistant parts.
 */
export function convertMessagesToTurns<Block>(
  messages: readonly Message[],
  writer: TurnWriter<Block>,
  context: ConversionContext,
  keepStrings: boolean,
): ConvertedTurns<Block> {
  const system: string[] = [];
  const turns = new AlternatingTurns<Block>(writer.text, keepStrings);
  let started = false;
  let hasToolBlocks = false;
  messages.forEach((message, index) => {
    if (message.role !== 'system') started = true;
    switch (message.role) {
      case 'system':
        if (started)
          context.compatibility('system message', `message ${index} moves to the top-level system`);
        if (message.content !== '') system.push(message.content);
        break;
      case 'user':
        if (typeof message.content === 'string') turns.addText('user', message.content);
        else {
          for (const part of message.content) {
            if (part.type === 'text') {
              if (part.text !== '') turns.addBlocks('user', [writer.text(part.text)]);
            } else {
              const block = writer.media(part, context);
              if (block !== undefined) turns.addBlocks('user', [block]);
            }
          }
        }
        break;
      case 'assistant':
        if (typeof message.content === 'string') turns.addText('assistant', message.content);
        else {
          const { blocks, results, toolUses } = convertAssistantParts(message.content, writer, context);
          turns.addBlocks('assistant', blocks);
          turns.addResults(results);
          hasToolBlocks ||= toolUses > 0 || results.length > 0;
        }
        break;
      case 'tool':
        turns.addResults(message.content.map((part) => writer.toolResult(part, context)));
        hasToolBlocks ||= message.content.length > 0;
        break;
    }
  });
  return { system, turns: turns.build(), hasToolBlocks };
}

/**
 * Assistant parts → blocks, in order:
 *
 * - `text` (empty text is skipped), `reasoning` (`writer.reasoning`: only with this provider's metadata,
 *   another provider's is never sent: H11).
 * - `tool-call` → a tool-use block; an `input` that is not an object is sent as `{}` (`unsupported`
 *   warning: the providers reject anything else).
 * - `tool-call-invalid` with an id and a name → a tool-use block with `{}` input (`compatibility`
 *   warning), without them it is skipped (`unsupported` warning) — as `repairHistory` replays them (H10).
 * - `tool-result` parts (provider-executed tools, which the AI SDK keeps in the assistant message) are
 *   returned apart, for the user turn that follows; `file` parts are dropped (`unsupported`).
 */
export function convertAssistantParts<Block>(
  parts: readonly AssistantPart[],
  writer: TurnWriter<Block>,
  context: ConversionContext,
): { blocks: Block[]; results: Block[]; toolUses: number } {
  const blocks: Block[] = [];
  const results: Block[] = [];
  let toolUses = 0;
  for (const part of parts) {
    switch (part.type) {
      case 'text':
        if (part.text !== '') blocks.push(writer.text(part.text));
        break;
      case 'reasoning': {
        const block = writer.reasoning(part, context);
        if (block !== undefined) blocks.push(block);
        break;
      }
      case 'tool-call': {
        const input = part.input;
        toolUses++;
        if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
          blocks.push(writer.toolUse(part.toolCallId, part.toolName, input as Record<string, unknown>));
        } else {
          context.unsupported(
            'tool-call input',
            `call ${part.toolCallId}: input ${JSON.stringify(input) ?? String(input)} is not an object; sent as {}`,
          );
          blocks.push(writer.toolUse(part.toolCallId, part.toolName, {}));
        }
        break;
      }
      case 'tool-call-invalid':
        if (part.toolCallId && part.toolName) {
          context.compatibility(
            'tool-call-invalid',
            `invalid call ${part.toolCallId} is sent with {} input (${part.error})`,
          );
          toolUses++;
          blocks.push(writer.toolUse(part.toolCallId, part.toolName, {}));
        } else {
          context.unsupported(
            'tool-call-invalid',
            `an invalid call without an id or a name is skipped: ${part.raw}`,
          );
        }
        break;
      case 'tool-result':
        results.push(writer.toolResult(part, context));
        break;
      case 'file':
        context.unsupported('assistant file', `a ${part.mediaType} file in an assistant turn is not sent`);
        break;
    }
  }
  return { blocks, results, toolUses };
}

/**
 * The content of a response's assistant message → blocks: a string is one text block (none when
 * empty), parts go through `convertAssistantParts`; `tool-result` parts have no place in a response and
 * are dropped with an `unsupported` warning.
 */
export function convertResponseContent<Block>(
  content: string | readonly AssistantPart[],
  writer: TurnWriter<Block>,
  context: ConversionContext,
): Block[] {
  if (typeof content === 'string') return content === '' ? [] : [writer.text(content)];
  const { blocks, results } = convertAssistantParts(content, writer, context);
  if (results.length > 0) context.unsupported('tool-result', 'a response holds no tool results; dropped');
  return blocks;
}
