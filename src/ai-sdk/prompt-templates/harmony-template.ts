// The gpt-oss (Harmony) chat template and its raw-text tool renderer.

import type { PromptTextContext } from '../prompt-text.js';
import type { ToolPromptRenderer } from '../renderers/tool-prompt-renderer.js';
import { rendererOf } from './renderer-of.js';
import { isoDay } from './template-clock.js';
import { leadingSystem, turns } from './template-turns.js';

// gpt-oss (Harmony): the template's system message (identity, cutoff, date, reasoning, channels),
// the system text and tools as the developer message, a call and its result as their own messages.
export const harmonyTemplateRenderer: ToolPromptRenderer = {
  ...rendererOf('harmony'),
  // The messages-mode renderer closes the message the chat template opened; here nothing is open.
  assistant: (text, calls) => (calls.length === 0 ? text : calls.join('')),
  results: (results) => {
    const write = rendererOf('harmony').results;
    return `${typeof write === 'function' ? write(results).replace(/^<\|end\|>/, '') : ''}<|end|>`;
  },
};

export function harmony({ history, section, date }: PromptTextContext): string {
  const system =
    'You are ChatGPT, a large language model trained by OpenAI.\nKnowledge cutoff: 2024-06\n' +
    `${date === undefined ? '' : `Current date: ${isoDay(date)}\n`}\nReasoning: medium\n\n` +
    '# Valid channels: analysis, commentary, final. Channel must be included for every message.' +
    (section === undefined ? '' : "\nCalls to these tools must go to the commentary channel: 'functions'.");
  const { system: instructions, body } = leadingSystem(history);
  const developer =
    instructions === '' && section === undefined
      ? ''
      : `<|start|>developer<|message|>${instructions === '' ? '' : `# Instructions\n\n${instructions}${section === undefined ? '' : '\n\n'}`}${section ?? ''}<|end|>`;
  return `<|start|>system<|message|>${system}<|end|>${developer}${turns(
    body,
    (message) =>
      message.content.startsWith('<|start|>')
        ? message.content
        : `<|start|>${message.role}<|message|>${message.content}<|end|>`,
    '<|start|>assistant',
  )}`;
}
