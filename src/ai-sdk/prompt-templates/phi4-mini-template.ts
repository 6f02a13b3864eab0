// The Phi-4-mini chat template.

import type { PromptTextContext } from '../prompt-text.js';
import { turns } from './template-turns.js';

// Phi-4-mini: `<|role|>…<|end|>` with a newline after `<|system|>` only; results as `<|tool|>`.
export function phi4Mini({ messages }: PromptTextContext): string {
  return turns(
    messages,
    (message) => `<|${message.role}|>${message.role === 'system' ? '\n' : ''}${message.content}<|end|>`,
    '<|assistant|>',
  );
}
