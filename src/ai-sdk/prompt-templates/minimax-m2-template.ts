// The MiniMax M2 chat template.

import type { PromptTextContext } from '../prompt-text.js';
import { turns } from './template-turns.js';

// MiniMax M2: `]~b]role` turns closed by `[e~[`, results under `tool`, the model thinking first.
export function minimaxM2({ messages }: PromptTextContext): string {
  return `]~!b[${turns(
    messages,
    (message) => {
      const role = message.source === 'tool' ? 'tool' : message.role === 'assistant' ? 'ai' : message.role;
      return `]~b]${role}\n${message.content}[e~[\n`;
    },
    ']~b]ai\n<think>\n',
  )}`;
}
