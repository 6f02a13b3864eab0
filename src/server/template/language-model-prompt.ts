import type {
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
  LanguageModelV3ToolResultPart,
} from '@ai-sdk/provider';
import type { AssistantPart, Message, ToolResultPart } from '../../types/index.js';
import { assertTextOutput, mediaError } from './text-only.js';

type AssistantContent = Extract<LanguageModelV3Message, { role: 'assistant' }>['content'];

function toolResult(part: ToolResultPart): LanguageModelV3ToolResultPart {
  assertTextOutput(part.output);
  return {
    type: 'tool-result',
    toolCallId: part.toolCallId,
    toolName: part.toolName,
    output: part.output as LanguageModelV3ToolResultOutput,
  };
}

function assistantPart(part: AssistantPart): AssistantContent[number] {
  switch (part.type) {
    case 'text':
    case 'reasoning':
      return { type: part.type, text: part.text };
    case 'tool-call':
      return { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
    case 'tool-call-invalid':
      // What the model wrote: the next turn sees its own text, as in the Jinja path.
      return { type: 'text', text: part.raw };
    case 'tool-result':
      return toolResult(part);
    case 'file':
      throw mediaError('an assistant file part');
  }
}

/**
 * Canonical messages as an AI SDK `LanguageModelV3Prompt` (what `renderPromptText` of `toolwire/ai-sdk`
 * reads): system text as is; user text as text parts (a string as one part); assistant parts one to one
 * (`tool-call` with its `input`), `tool-call-invalid` as a text part of its raw text; tool results as
 * `tool-result` parts with their output. Provider metadata is dropped (a raw prompt has no place for it).
 * Throws `TemplateError` for image and file parts and media items of tool results.
 */
export function languageModelPrompt(messages: readonly Message[]): LanguageModelV3Prompt {
  return messages.map(languageModelMessage);
}

function languageModelMessage(message: Message): LanguageModelV3Message {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      return {
        role: 'user',
        content:
          typeof message.content === 'string'
            ? [{ type: 'text', text: message.content }]
            : message.content.map((part) => {
                if (part.type !== 'text') throw mediaError(`a user ${part.type} part`);
                return { type: 'text', text: part.text };
              }),
      };
    case 'assistant':
      return {
        role: 'assistant',
        content:
          typeof message.content === 'string'
            ? [{ type: 'text', text: message.content }]
            : message.content.map(assistantPart),
      };
    case 'tool':
      return { role: 'tool', content: message.content.map(toolResult) };
  }
}
