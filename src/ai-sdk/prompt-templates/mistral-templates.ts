// The Mistral v0.3 chat template and vLLM's parallel-calls Mistral template.

import type { PromptTextContext } from '../prompt-text.js';
import { turns } from './template-turns.js';

// Mistral v0.3 (the Hub template): no system turn at all (the template drops system messages),
// `[AVAILABLE_TOOLS]` before the last `[INST]`, results as `[TOOL_RESULTS]` objects.
export function mistralV3({ history, section }: PromptTextContext): string {
  const lastUser = history.map((message) => message.role).lastIndexOf('user');
  return `<s>${turns(
    history,
    (message, index) => {
      if (message.role === 'user')
        return `${index === lastUser && section !== undefined ? ` ${section}` : ''} [INST] ${message.content} [/INST]`;
      if (message.role === 'assistant')
        return message.content.startsWith('[TOOL_CALLS]')
          ? ` ${message.content} </s>`
          : ` ${message.content} </s>`;
      if (message.role === 'tool')
        return ` [TOOL_RESULTS] {"call_id": "${message.id ?? ''}", "content": ${message.content}} [/TOOL_RESULTS] `;
      return '';
    },
    '',
  )}`;
}

// Mistral's parallel-calls template (vLLM example): the template's own tool instructions before the
// system text, both inside the last `[INST]`, `[AVAILABLE_TOOLS]` right before it, no spaces.
const parallelToolPrompt =
  'You are a helpful assistant that can call tools. If you call one or more tools, format them in a single JSON ' +
  'array or objects, where each object is a tool call, not as separate objects outside of an array or multiple ' +
  'arrays. Use the format [{"name": tool call name, "arguments": tool call arguments}, additional tool calls] if ' +
  'you call more than one tool. If you call tools, do not attempt to interpret them or otherwise provide a ' +
  'response until you receive a tool call result that you can interpret for the user.';

export function mistralParallel({ history, section }: PromptTextContext): string {
  const hasSystem = history[0]?.role === 'system';
  const body = hasSystem ? history.slice(1) : history;
  const given = hasSystem ? history[0]?.content : undefined;
  const system =
    section === undefined
      ? given
      : given === undefined
        ? parallelToolPrompt
        : `${parallelToolPrompt}\n\n${given}`;
  const lastUser = body.map((message) => message.role).lastIndexOf('user');
  return `<s>${turns(
    body,
    (message, index) => {
      if (message.role === 'user') {
        const tools =
          index === lastUser && section !== undefined
            ? section.replace(' [/AVAILABLE_TOOLS]', '[/AVAILABLE_TOOLS]')
            : '';
        const text =
          index === body.length - 1 && system !== undefined
            ? `${system}\n\n${message.content}`
            : message.content;
        return `${tools}[INST] ${text}[/INST]`;
      }
      if (message.role === 'assistant')
        return message.content.startsWith('[TOOL_CALLS]')
          ? `${message.content}</s>`
          : ` ${message.content}</s>`;
      if (message.role === 'tool')
        return `[TOOL_RESULTS] {"content": ${message.content}, "call_id": "${(message.id ?? '').slice(-9)}"}[/TOOL_RESULTS]`;
      return '';
    },
    '',
  )}`;
}
