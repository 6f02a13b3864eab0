// Gemma chat templates: Gemma 4, FunctionGemma, and vLLM's pythonic Gemma 3 example.

import type { PromptTextContext } from '../prompt-text.js';
import { turns } from './template-turns.js';

// Gemma 4: `<|turn>role\n…<turn|>\n`, the system turn holding the declarations; a model turn whose
// text ends in a tool response stays open (the template continues it after the response).
export function gemma4({ messages }: PromptTextContext): string {
  return `<bos>${turns(
    messages,
    (message) => {
      const role = message.role === 'assistant' ? 'model' : message.role;
      const open = message.role === 'assistant' && message.content.endsWith('<tool_response|>');
      return `<|turn>${role}\n${message.content}${open ? '' : '<turn|>\n'}`;
    },
    '<|turn>model\n<|channel>thought\n<channel|>',
  )}`;
}

// FunctionGemma: `<start_of_turn>role\n…<end_of_turn>`, the system text and declarations in a first
// turn the template names `user`, a model turn with calls starting right after `model`, results as
// `Function result for NAME:` user turns.
export function functiongemma({ messages }: PromptTextContext): string {
  return turns(
    messages,
    (message) => {
      if (message.role === 'tool')
        return `<start_of_turn>user\nFunction result for ${message.name ?? ''}: ${message.content}<end_of_turn>`;
      if (message.role === 'assistant')
        return `<start_of_turn>model${message.content.startsWith('<start_function_call>') ? '' : '\n'}${message.content}<end_of_turn>`;
      return `<start_of_turn>user\n${message.content}<end_of_turn>`;
    },
    '<start_of_turn>model',
  );
}

// Gemma 3 (vLLM's pythonic example): `<start_of_turn>user|model\n…<end_of_turn>\n`, the system text
// at the top of the first user turn (Gemma has no system turn).
export function gemma3({ messages }: PromptTextContext): string {
  const [first, ...rest] = messages;
  const system = first?.role === 'system' ? first.content : undefined;
  const body = system === undefined ? messages : rest;
  const firstUser = body.findIndex((message) => message.role === 'user');
  return `<bos>${turns(
    body,
    (message, index) => {
      const role = message.role === 'assistant' ? 'model' : 'user';
      const text =
        index === firstUser && system !== undefined ? `${system}\n\n${message.content}` : message.content;
      return `<start_of_turn>${role}\n${text}<end_of_turn>\n`;
    },
    '<start_of_turn>model\n',
  )}`;
}
