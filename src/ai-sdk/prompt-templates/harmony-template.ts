// The gpt-oss (Harmony) chat template and its raw-text tool renderer.

import type { PlainMessage, PromptTextContext } from '../prompt-text.js';
import type { ToolPromptRenderer } from '../renderers/tool-prompt-renderer.js';
import { rendererOf } from './renderer-of.js';
import { isoDay } from './template-clock.js';
import { leadingSystem, turns } from './template-turns.js';

// gpt-oss (Harmony): the template's system message (identity, cutoff, date, reasoning, channels),
// the system text and tools as the developer message, a call and its result as their own messages.
export const harmonyTemplateRenderer: ToolPromptRenderer = {
  ...rendererOf('harmony'),
  // The messages-mode renderer closes the message the chat template opened; here nothing is open. The
  // text of a turn with calls is its analysis, as gpt-oss's template writes it (`harmony` below keeps
  // it only in the tool loop in progress).
  assistant: (text, calls) =>
    calls.length === 0 ? text : `${text === '' ? '' : analysis(text)}${calls.join('')}`,
  results: (results) => {
    const write = rendererOf('harmony').results;
    return `${typeof write === 'function' ? write(results).replace(/^<\|end\|>/, '') : ''}<|end|>`;
  },
};

/** An analysis (reasoning) message of the assistant. */
const analysis = (text: string): string => `<|start|>assistant<|channel|>analysis<|message|>${text}<|end|>`;

/** Where a turn's calls start: `<|start|>assistant to=functions.NAME…`. */
const callStart = '<|start|>assistant to=';

/**
 * gpt-oss's rule for the analysis of a turn with calls: kept (the turn's text, else its reasoning) while
 * no final answer follows it (the tool loop in progress), dropped once one does.
 */
function callTurn(message: PlainMessage, later: readonly PlainMessage[]): string {
  const { content } = message;
  const finalFollows = later.some(
    (next) => next.role === 'assistant' && !next.content.startsWith('<|start|>'),
  );
  if (finalFollows) return content.slice(Math.max(0, content.indexOf(callStart)));
  if (content.startsWith(callStart) && message.reasoning) return `${analysis(message.reasoning)}${content}`;
  return content;
}

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
    (message, index) =>
      message.content.startsWith('<|start|>')
        ? message.role === 'assistant'
          ? callTurn(message, body.slice(index + 1))
          : message.content
        : message.role === 'assistant'
          ? `<|start|>assistant<|channel|>final<|message|>${message.content}<|end|>`
          : `<|start|>${message.role}<|message|>${message.content}<|end|>`,
    '<|start|>assistant',
  )}`;
}
