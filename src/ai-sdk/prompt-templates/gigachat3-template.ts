// The GigaChat 3 chat template.

import type { PromptTextContext } from '../prompt-text.js';
import { gigachat3DeveloperSystem } from '../renderers/gigachat3-developer-system.js';
import { turns } from './template-turns.js';

// GigaChat 3: `role<|role_sep|>\n…<|message_sep|>\n\n` turns after the template's developer system
// turn; the system turn's text already closes into the `function descriptions` turn (renderer).
export function gigachat3({ messages }: PromptTextContext): string {
  const turn = (role: string, content: string): string =>
    `${role}<|role_sep|>\n${content}<|message_sep|>\n\n`;
  const last = messages.at(-1);
  return (
    turn('developer system', gigachat3DeveloperSystem) +
    turns(
      messages,
      (message) => turn(message.role === 'tool' ? 'function result' : message.role, message.content),
      last === undefined || last.role === 'assistant' ? '' : 'assistant<|role_sep|>\n',
    )
  );
}
