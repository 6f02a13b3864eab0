import { apertusRenderer } from './apertus-renderer.js';
import { graniteRenderer } from './granite-renderer.js';
import { internlmRenderer } from './internlm-renderer.js';
import { phi4MiniRenderer } from './phi4-mini-renderer.js';
import { promptRenderers } from './prompt-renderers.js';
import type { PlainMessage, PromptTemplate, PromptTextContext } from './prompt-text.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

/** The format's renderer for a model name (the variant `rendererFor` picks). */
function rendererOf(format: string, model = ''): ToolPromptRenderer {
  const variants = promptRenderers[format] ?? [];
  const name = model.toLowerCase();
  const variant =
    variants.find((entry) => entry.models.some((pattern) => name.includes(pattern))) ??
    variants.find((entry) => entry.models.length === 0);
  if (variant === undefined) throw new Error(`no renderer for ${format}`);
  return variant.renderer;
}

/** Each message written by `turn`, then `generation` (the generation prompt). */
const turns = (
  messages: readonly PlainMessage[],
  turn: (message: PlainMessage, index: number) => string,
  generation: string,
): string => `${messages.map(turn).join('')}${generation}`;

const pad = (value: number): string => String(value).padStart(2, '0');
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `strftime('%d %b %Y')` (Llama 3.x), local time as the templates' `strftime_now` reads it. */
const dayMonthYear = (date: Date): string =>
  `${pad(date.getDate())} ${monthNames[date.getMonth()]} ${date.getFullYear()}`;
/** `strftime('%Y-%m-%d')` (gpt-oss). */
const isoDay = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

// ChatML (`<|im_start|>role\n…<|im_end|>\n`): Qwen2.5, Qwen3, Qwen3-Coder, Qwen3.5, Nemotron 3, Step-3.5.
interface ChatmlStyle {
  readonly bos?: string;
  /** Printed after `<|im_start|>assistant\n` at the end (`<think>\n` for models that think first). */
  readonly generation?: string;
  /** How a tool message is printed (only for renderers that keep tool messages). */
  readonly tool?: (message: PlainMessage) => string;
  /** Text the template puts before a past assistant turn's content. */
  readonly assistantPrefix?: string;
}

function chatml(style: ChatmlStyle): (context: PromptTextContext) => string {
  return ({ messages }) =>
    (style.bos ?? '') +
    turns(
      messages,
      (message) => {
        if (message.role === 'tool' && style.tool !== undefined) return style.tool(message);
        const content =
          message.role === 'assistant' ? `${style.assistantPrefix ?? ''}${message.content}` : message.content;
        return `<|im_start|>${message.role}\n${content}<|im_end|>\n`;
      },
      `<|im_start|>assistant\n${style.generation ?? ''}`,
    );
}

function template(
  id: string,
  format: string,
  models: readonly string[],
  text: (context: PromptTextContext) => string,
  renderer: ToolPromptRenderer = rendererOf(format, models[0]),
): PromptTemplate {
  return { id, format, models, renderer, text };
}

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

function llama3(style: LlamaStyle): (context: PromptTextContext) => string {
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

/** Tool messages of one run (between other turns), grouped, for templates that print them together. */
function groupTools(messages: readonly PlainMessage[]): (PlainMessage | PlainMessage[])[] {
  const groups: (PlainMessage | PlainMessage[])[] = [];
  for (const message of messages) {
    const last = groups.at(-1);
    if (message.role === 'tool' && Array.isArray(last)) last.push(message);
    else groups.push(message.role === 'tool' ? [message] : message);
  }
  return groups;
}

// GLM 4.6 / 4.7 / 5: `[gMASK]<sop>`, `<|role|>` markers; a past assistant turn after the last user
// message gets an empty think block; results under one `<|observation|>`.
function glm(lines: boolean): (context: PromptTextContext) => string {
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

export const promptTemplates: readonly PromptTemplate[] = [
  template('qwen2.5', 'hermes', ['qwen2.5', 'qwen2-5'], chatml({})),
  template('qwen3', 'hermes', ['qwen3'], chatml({})),
  template('qwen3-coder', 'qwen3_coder', ['qwen3-coder'], chatml({})),
  template('qwen3.5', 'qwen3_coder', ['qwen3.5', 'qwen3-5'], chatml({ generation: '<think>\n' })),
  template(
    'nemotron-3',
    'qwen3_coder',
    ['nemotron-3', 'nemotron3'],
    chatml({ generation: '<think>\n', assistantPrefix: '<think></think>' }),
  ),
  template(
    'step-3.5',
    'qwen3_coder',
    ['step-3.5', 'step3.5'],
    chatml({
      generation: '<think>\n',
      tool: (message) =>
        `<|im_start|>tool_response\n<tool_response>${message.content}</tool_response><|im_end|>\n`,
    }),
  ),
  template(
    'llama-3.1',
    'llama3_json',
    ['llama-3.1', 'llama3.1'],
    llama3({
      header: true,
      fallbackDate: '26 Jul 2024',
      readsClock: false,
      result: (text) => JSON.stringify(text),
    }),
  ),
  template(
    'llama-3.2',
    'llama3_json',
    ['llama-3.2', 'llama3.2'],
    llama3({
      header: true,
      fallbackDate: '26 Jul 2024',
      readsClock: true,
      result: (text) => JSON.stringify(text),
    }),
  ),
  template('glm-4.6', 'glm45', ['glm-4.5', 'glm-4.6'], glm(true)),
  template('glm-4.7', 'glm47', ['glm-4.7'], glm(false)),
  template('glm-5', 'glm47', ['glm-5'], glm(false)),
];

export { apertusRenderer, graniteRenderer, internlmRenderer, phi4MiniRenderer };
