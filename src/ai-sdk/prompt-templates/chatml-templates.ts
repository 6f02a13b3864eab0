// ChatML templates (`<|im_start|>role…<|im_end|>`): Qwen, Nemotron 3, Step-3.5, LFM2, InternLM, OLMo 3, xLAM-Qwen.

import type { PlainMessage, PromptTextContext } from '../prompt-text.js';
import { olmo3DefaultSystem } from '../renderers/olmo3-renderer.js';
import { isoDay } from './template-clock.js';
import { turns } from './template-turns.js';

// ChatML (`<|im_start|>role\n…<|im_end|>\n`): Qwen2.5, Qwen3, Qwen3-Coder, Qwen3.5, Nemotron 3, Step-3.5.
interface ChatmlStyle {
  readonly bos?: string;
  /** Printed after `<|im_start|>assistant\n` at the end (`<think>\n` for models that think first). */
  readonly generation?: string;
  /** How a tool message is printed (only for renderers that keep tool messages). */
  readonly tool?: (message: PlainMessage) => string;
  /** Text the template puts before a past assistant turn's content. */
  readonly assistantPrefix?: string;
  /**
   * Qwen3's and Qwen3.5's rule: an assistant turn after the last user query (the turns of the tool
   * loop in progress) keeps its reasoning, `<think>\nREASONING\n</think>\n\n` before its content.
   */
  readonly reasoningAfterLastQuery?: boolean;
}

export function chatml(style: ChatmlStyle): (context: PromptTextContext) => string {
  return ({ messages }) => {
    let lastQuery = messages.length;
    if (style.reasoningAfterLastQuery) {
      lastQuery = -1;
      messages.forEach((message, index) => {
        if (message.role === 'user' && message.source === 'user') lastQuery = index;
      });
    }
    return (
      (style.bos ?? '') +
      turns(
        messages,
        (message, index) => {
          if (message.role === 'tool' && style.tool !== undefined) return style.tool(message);
          let content = message.content;
          if (message.role === 'assistant') {
            content = `${style.assistantPrefix ?? ''}${content}`;
            if (index > lastQuery && message.reasoning)
              content = `<think>\n${trimNewlines(message.reasoning)}\n</think>\n\n${content.replace(/^\n+/, '')}`;
          }
          return `<|im_start|>${message.role}\n${content}<|im_end|>\n`;
        },
        `<|im_start|>assistant\n${style.generation ?? ''}`,
      )
    );
  };
}

/** Jinja's `strip('\n')`: line breaks off both ends. */
function trimNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '\n') start++;
  while (end > start && text[end - 1] === '\n') end--;
  return text.slice(start, end);
}

// LFM2 / LFM2.5: ChatML after `<|startoftext|>`; LFM2 wraps results in response markers; LFM2.5-VL
// puts today's date before the tool list.
export function lfm2(markers: boolean, dated: boolean): (context: PromptTextContext) => string {
  return (context) => {
    const messages = dated
      ? context.messages.map((message, index) =>
          index === 0 && message.role === 'system' && context.section !== undefined
            ? {
                ...message,
                content: message.content.replace(
                  /\nList of tools: /,
                  `\n\nToday's date: ${isoDay(context.date ?? new Date(0))}\n\nList of tools: `,
                ),
              }
            : message,
        )
      : context.messages;
    return chatml({
      bos: '<|startoftext|>',
      tool: (message) =>
        `<|im_start|>tool\n${markers ? `<|tool_response_start|>${message.content}<|tool_response_end|>` : message.content}<|im_end|>\n`,
    })({ ...context, messages });
  };
}

// InternLM 2.5: ChatML after `<s>`, results as `environment name=<|plugin|>` turns.
export const internlm = chatml({
  bos: '<s>',
  tool: (message) => `<|im_start|>environment name=<|plugin|>\n${message.content}<|im_end|>\n`,
});

// OLMo 3: ChatML with trimmed texts; without tools the system turn says there are none; results
// as `Function NAME returned:` tool turns.
export function olmo3({ messages, section }: PromptTextContext): string {
  const [first, ...rest] = messages;
  const hasSystem = first?.role === 'system';
  const system = hasSystem ? first.content.trim() : olmo3DefaultSystem;
  const none = section === undefined ? '\nYou do not currently have access to any functions.' : '';
  return `<|im_start|>system\n${system}${none}<|im_end|>\n${turns(
    hasSystem ? rest : messages,
    (message) =>
      message.role === 'tool'
        ? `<|im_start|>tool\n${message.name === undefined ? '' : `Function ${message.name} returned:\n`}${message.content.trim()}<|im_end|>\n`
        : `<|im_start|>${message.role}\n${message.content.trim()}<|im_end|>\n`,
    '<|im_start|>assistant\n',
  )}`;
}
