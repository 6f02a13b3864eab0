// The Nemotron Nano v2 chat template.

import type { PromptTextContext } from '../prompt-text.js';
import { turns } from './template-turns.js';

// Nemotron Nano v2: `<SPECIAL_10>System` then `<SPECIAL_11>Role` turns; an assistant turn ends with
// `<SPECIAL_12>`; the turn of tool responses has no newline after it; the model thinks first.
export function nemotronNano({ messages }: PromptTextContext): string {
  return turns(
    messages,
    (message) => {
      if (message.role === 'system') return `<SPECIAL_10>System\n${message.content}\n\n`;
      if (message.role === 'assistant') return `<SPECIAL_11>Assistant\n${message.content}\n<SPECIAL_12>\n`;
      return `<SPECIAL_11>User\n${message.content}${message.source === 'tool' ? '' : '\n'}`;
    },
    '<SPECIAL_11>Assistant\n<think>\n',
  );
}
