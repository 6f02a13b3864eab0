// The Kimi K2 and Kimi K3 (XTML) chat templates.

import type { PromptTextContext } from '../prompt-text.js';
import { turns } from './template-turns.js';

// Kimi K2: the tools in a `tool_declare` system block before everything, the default system text
// when there is none, results as system blocks named after the tool (`## Return of <id>`).
export function kimiK2(think: string): (context: PromptTextContext) => string {
  return ({ history, section }) => {
    const declare = section === undefined ? '' : `<|im_system|>tool_declare<|im_middle|>${section}<|im_end|>`;
    const system =
      history[0]?.role === 'system'
        ? ''
        : '<|im_system|>system<|im_middle|>You are Kimi, an AI assistant created by Moonshot AI.<|im_end|>';
    return (
      declare +
      system +
      turns(
        history,
        (message) => {
          if (message.role === 'tool')
            return `<|im_system|>${message.name ?? 'tool'}<|im_middle|>## Return of ${message.id ?? ''}\n${message.content}<|im_end|>`;
          if (message.role === 'assistant')
            return `<|im_assistant|>assistant<|im_middle|>${think}${message.content}<|im_end|>`;
          const marker = message.role === 'system' ? 'im_system' : 'im_user';
          return `<|${marker}|>${message.role}<|im_middle|>${message.content}<|im_end|>`;
        },
        '<|im_assistant|>assistant<|im_middle|>',
      )
    );
  };
}

// Kimi K3 (XTML): the tool declaration and the template's thinking-effort message first, every turn
// an `<|open|>message …<|sep|>` element; an assistant turn holds an empty think element, its text
// in a response element and its calls after it; tool messages numbered within their run.
const xtmlEnd = '<|close|>message<|sep|><|end_of_msg|>';
const thinkingEffort =
  '<|open|>message role="system" type="thinking-effort"<|sep|>`thinking_effort` guides on how much to think in ' +
  'your thinking channel (not including the response channel), supported values include `low`, `medium`, ' +
  `\`high\`, and \`max\`.\nNow the system is invoked with \`thinking_effort=max\`.${xtmlEnd}`;

export function kimiK3({ history, section }: PromptTextContext): string {
  const declare =
    section === undefined
      ? ''
      : `<|open|>message role="system" type="tool-declare"<|sep|>${section}${xtmlEnd}`;
  let toolIndex = 0;
  const text = turns(
    history,
    (message) => {
      if (message.role === 'tool') {
        toolIndex += 1;
        return `<|open|>message role="tool" tool="${message.name ?? ''}" index="${toolIndex}"<|sep|>${message.content}${xtmlEnd}`;
      }
      if (message.role !== 'assistant')
        return `<|open|>message role="${message.role}"<|sep|>${message.content}${xtmlEnd}`;
      toolIndex = 0;
      const at = message.content.indexOf('<|open|>tools<|sep|>');
      const words = at < 0 ? message.content : message.content.slice(0, at);
      const calls = at < 0 ? '' : message.content.slice(at);
      return `<|open|>message role="assistant"<|sep|><|open|>think<|sep|><|close|>think<|sep|><|open|>response<|sep|>${words}<|close|>response<|sep|>${calls}${xtmlEnd}`;
    },
    '<|open|>message role="assistant"<|sep|><|open|>think<|sep|>',
  );
  return `${declare}${thinkingEffort}${text}`;
}
