// The Seed-OSS chat template.

import type { PromptTextContext } from '../prompt-text.js';
import { turns } from './template-turns.js';

// Seed-OSS: `<seed:bos>role\n…<seed:eos>` turns; an assistant turn's text trimmed after a newline.
export function seedOss({ messages }: PromptTextContext): string {
  return turns(
    messages,
    (message) =>
      message.role === 'assistant'
        ? `<seed:bos>assistant${message.content.trim() === '' ? '' : `\n${message.content.trim()}`}<seed:eos>`
        : `<seed:bos>${message.role}\n${message.content}<seed:eos>`,
    '<seed:bos>assistant\n',
  );
}
