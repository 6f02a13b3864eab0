// Llama templates: Llama 3.x (Meta, vLLM, xLAM, ToolACE variants) and Llama 4.

import type { PromptTextContext } from '../prompt-text.js';
import { dayMonthYear } from './template-clock.js';
import { turns } from './template-turns.js';

// Llama 3.x: a system header the template writes itself (`Environment: ipython` when tools are
// given, the knowledge cutoff and today's date), tool results as `ipython` turns (`tojson` of the
// text for Meta's templates, `{"output": …}` for vLLM's example, as-is for xLAM).
interface LlamaStyle {
  readonly header: boolean;
  /** The date text the template prints when it cannot read the clock; `undefined`: it never reads it. */
  readonly fallbackDate: string;
  readonly readsClock: boolean;
  readonly result: (text: string) => string;
}

export function llama3(style: LlamaStyle): (context: PromptTextContext) => string {
  return ({ messages, section, date }) => {
    const [first, ...rest] = messages;
    const hasSystem = first?.role === 'system';
    const system = hasSystem ? first.content.trim() : '';
    const body = hasSystem ? rest : messages;
    const today = style.readsClock && date !== undefined ? dayMonthYear(date) : style.fallbackDate;
    const header = style.header
      ? `${section === undefined ? '' : 'Environment: ipython\n'}Cutting Knowledge Date: December 2023\nToday Date: ${today}\n\n`
      : '';
    return (
      `<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\n${header}${system}<|eot_id|>` +
      turns(
        body,
        (message) =>
          message.role === 'tool'
            ? `<|start_header_id|>ipython<|end_header_id|>\n\n${style.result(message.content)}<|eot_id|>`
            : `<|start_header_id|>${message.role}<|end_header_id|>\n\n${message.content.trim()}<|eot_id|>`,
        '<|start_header_id|>assistant<|end_header_id|>\n\n',
      )
    );
  };
}

// Llama 4: `<|header_start|>role<|header_end|>\n\n…<|eot|>` turns, results as `tojson` of the text.
export function llama4({ messages }: PromptTextContext): string {
  return `<|begin_of_text|>${turns(
    messages,
    (message) =>
      message.role === 'tool'
        ? `<|header_start|>ipython<|header_end|>\n\n${JSON.stringify(message.content)}<|eot|>`
        : `<|header_start|>${message.role}<|header_end|>\n\n${message.role === 'assistant' ? message.content : message.content.trim()}<|eot|>`,
    '<|header_start|>assistant<|header_end|>\n\n',
  )}`;
}
