// The DeepSeek R1 / V3 / V3.1 / V3.2 chat templates.

import type { PromptTextContext } from '../prompt-text.js';
import { groupTools, leadingSystem, turns } from './template-turns.js';

// DeepSeek V3.x: `<｜User｜>` / `<｜Assistant｜>` markers after the system text, results as tool outputs.
const dsBos = '<｜begin▁of▁sentence｜>';
const dsEos = '<｜end▁of▁sentence｜>';

export function deepseekR1({ messages }: PromptTextContext): string {
  const { system, body } = leadingSystem(messages);
  const text = groupTools(body)
    .map((group) => {
      if (Array.isArray(group))
        return `<｜tool▁outputs▁begin｜>${group.map((message) => `\n<｜tool▁output▁begin｜>${message.content}<｜tool▁output▁end｜>`).join('')}<｜tool▁outputs▁end｜>${dsEos}`;
      if (group.role === 'user') return `<｜User｜>${group.content}${dsEos}`;
      if (group.role === 'assistant') return `<｜Assistant｜>${group.content}${dsEos}`;
      return '';
    })
    .join('');
  return `${dsBos}${system}${text}<｜Assistant｜><think>\n`;
}

export function deepseekV31({ messages }: PromptTextContext): string {
  const { system, body } = leadingSystem(messages);
  const lastUser = body.map((message) => message.role).lastIndexOf('user');
  const text = body
    .map((message, index) => {
      if (message.role === 'user') return `<｜User｜>${message.content}`;
      if (message.role === 'assistant')
        return `<｜Assistant｜>${index > lastUser ? '' : '</think>'}${message.content}${dsEos}`;
      if (message.role === 'tool') return `<｜tool▁output▁begin｜>${message.content}<｜tool▁output▁end｜>`;
      return '';
    })
    .join('');
  return `${dsBos}${system}${text}<｜Assistant｜></think>`;
}

export function deepseekV3({ messages }: PromptTextContext): string {
  const { system, body } = leadingSystem(messages);
  const text = groupTools(body)
    .map((group) => {
      if (Array.isArray(group))
        return `<｜tool▁outputs▁begin｜>${group.map((message) => `<｜tool▁output▁begin｜>${message.content}<｜tool▁output▁end｜>`).join('')}`;
      if (group.role === 'user') return `<｜User｜>${group.content}`;
      if (group.role === 'assistant') return `<｜Assistant｜>${group.content}${dsEos}`;
      return '';
    })
    .join('');
  return `${dsBos}${system}${dsEos}${text}<｜Assistant｜>`;
}

export function deepseekV32({ messages }: PromptTextContext): string {
  return `${dsBos}${turns(
    messages,
    (message, index) => {
      if (message.role === 'system') return message.content;
      if (message.role === 'user')
        return `${message.source === 'tool' ? '' : '<｜User｜>'}${message.content}`;
      if (message.role === 'assistant') return `<｜Assistant｜></think>${message.content}${dsEos}`;
      return index < 0 ? '' : '';
    },
    '<｜Assistant｜><think></think>',
  )}`;
}
