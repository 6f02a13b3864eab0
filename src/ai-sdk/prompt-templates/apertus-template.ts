// The Apertus chat template.

import type { PromptTextContext } from '../prompt-text.js';
import { groupTools, leadingSystem } from './template-turns.js';

// Apertus: the declarations in a developer turn of the template's own (`Deliberation: disabled`),
// results as a JSON list inside the assistant turn, after its calls.
export function apertus({ history, section }: PromptTextContext): string {
  const { system, body } = leadingSystem(history);
  const developer = `<|developer_start|>Deliberation: disabled\n${section ?? 'Tool Capabilities: disabled'}<|developer_end|>`;
  const text = groupTools(body)
    .map((group) => {
      if (Array.isArray(group)) return `[${group.map((message) => message.content).join(', ')}]`;
      if (group.role === 'assistant') return `<|assistant_start|>${group.content}`;
      return `<|assistant_end|><|user_start|>${group.content}<|user_end|>`;
    })
    .join('')
    // The first user turn closes no assistant turn.
    .replace(/^<\|assistant_end\|>/, '');
  return `<|system_start|>${system}<|system_end|>${developer}${text}<|assistant_start|>`;
}
