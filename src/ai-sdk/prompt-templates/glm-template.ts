// The GLM 4.5 / 4.6 / 4.7 / 5 chat templates.

import type { PromptTextContext } from '../prompt-text.js';
import { groupTools } from './template-turns.js';

// GLM 4.6 / 4.7 / 5: `[gMASK]<sop>`, `<|role|>` markers; a past assistant turn after the last user
// message gets an empty think block; results under one `<|observation|>`.
export function glm(lines: boolean): (context: PromptTextContext) => string {
  const nl = lines ? '\n' : '';
  return ({ messages }) => {
    const lastUser = messages.map((message) => message.role).lastIndexOf('user');
    let index = -1;
    const text = groupTools(messages)
      .map((group) => {
        if (Array.isArray(group)) {
          index += group.length;
          return `<|observation|>${group.map((message) => `${nl}<tool_response>${nl}${message.content}${nl}</tool_response>`).join('')}`;
        }
        index += 1;
        if (group.role === 'assistant') {
          const think = lines ? '\n<think></think>' : index > lastUser ? '' : '</think>';
          return `<|assistant|>${think}${group.content === '' ? '' : `${nl}${group.content.trim()}`}`;
        }
        return `<|${group.role}|>${nl}${group.content}`;
      })
      .join('');
    return `[gMASK]<sop>${text}<|assistant|>${lines ? '' : '<think>'}`;
  };
}
