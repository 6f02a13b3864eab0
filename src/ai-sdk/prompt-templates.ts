import type { ToolDefinition } from '../types/tool.js';
import { commandR7bDefaultPreamble, commandR7bSystemPreamble } from './command-r7b-preamble.js';
import { gigachat3DeveloperSystem } from './gigachat3-developer-system.js';
import { hunyuanA13bSystemClock, hunyuanA13bUserClock } from './hunyuan-a13b-system.js';
import { olmo3DefaultSystem } from './olmo3-renderer.js';
import { promptRenderers } from './prompt-renderers.js';
import type { PlainMessage, PromptTemplate, PromptTextContext } from './prompt-text.js';
import { pythonCall } from './python-call.js';
import { pythonJson } from './python-json.js';
import { functionTool } from './render-pieces.js';
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
  renderer: ToolPromptRenderer = rendererOf(format, models[0] ?? id),
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

// Kimi K2: the tools in a `tool_declare` system block before everything, the default system text
// when there is none, results as system blocks named after the tool (`## Return of <id>`).
function kimiK2(think: string): (context: PromptTextContext) => string {
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

// Mistral v0.3 (the Hub template): no system turn at all (the template drops system messages),
// `[AVAILABLE_TOOLS]` before the last `[INST]`, results as `[TOOL_RESULTS]` objects.
function mistralV3({ history, section }: PromptTextContext): string {
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

// DeepSeek V3.x: `<｜User｜>` / `<｜Assistant｜>` markers after the system text, results as tool outputs.
const dsBos = '<｜begin▁of▁sentence｜>';
const dsEos = '<｜end▁of▁sentence｜>';

function deepseekR1({ messages }: PromptTextContext): string {
  const system = messages[0]?.role === 'system' ? messages[0].content : '';
  const body = messages[0]?.role === 'system' ? messages.slice(1) : messages;
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

function deepseekV31({ messages }: PromptTextContext): string {
  const system = messages[0]?.role === 'system' ? messages[0].content : '';
  const body = messages[0]?.role === 'system' ? messages.slice(1) : messages;
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

function deepseekV3({ messages }: PromptTextContext): string {
  const system = messages[0]?.role === 'system' ? messages[0].content : '';
  const body = messages[0]?.role === 'system' ? messages.slice(1) : messages;
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

function deepseekV32({ messages }: PromptTextContext): string {
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

// MiniMax M2: `]~b]role` turns closed by `[e~[`, results under `tool`, the model thinking first.
function minimaxM2({ messages }: PromptTextContext): string {
  return `]~!b[${turns(
    messages,
    (message) => {
      const role = message.source === 'tool' ? 'tool' : message.role === 'assistant' ? 'ai' : message.role;
      return `]~b]${role}\n${message.content}[e~[\n`;
    },
    ']~b]ai\n<think>\n',
  )}`;
}

// IBM Granite: `<|start_of_role|>role<|end_of_role|>…<|end_of_text|>\n` turns.
function granite(toolRole: string): (context: PromptTextContext) => string {
  return ({ messages }) =>
    turns(
      messages,
      (message) =>
        `<|start_of_role|>${message.role === 'tool' ? toolRole : message.role}<|end_of_role|>${message.content}<|end_of_text|>\n`,
      '<|start_of_role|>assistant<|end_of_role|>',
    );
}

// Nemotron Nano v2: `<SPECIAL_10>System` then `<SPECIAL_11>Role` turns; an assistant turn ends with
// `<SPECIAL_12>`; the turn of tool responses has no newline after it; the model thinks first.
function nemotronNano({ messages }: PromptTextContext): string {
  return turns(
    messages,
    (message) => {
      if (message.role === 'system') return `<SPECIAL_10>System\n${message.content}\n\n`;
      if (message.role === 'assistant') return `<SPECIAL_11>Assistant\n${message.content}\n<SPECIAL_12>\n`;
      return `<SPECIAL_11>User\n${message.content}${message.source === 'tool' ? '' : '\n'}`;
    },
    '<SPECIAL_11>Assistant\n<think>\n',
  );
}

// Gemma 4: `<|turn>role\n…<turn|>\n`, the system turn holding the declarations; a model turn whose
// text ends in a tool response stays open (the template continues it after the response).
function gemma4({ messages }: PromptTextContext): string {
  return `<bos>${turns(
    messages,
    (message) => {
      const role = message.role === 'assistant' ? 'model' : message.role;
      const open = message.role === 'assistant' && message.content.endsWith('<tool_response|>');
      return `<|turn>${role}\n${message.content}${open ? '' : '<turn|>\n'}`;
    },
    '<|turn>model\n<|channel>thought\n<channel|>',
  )}`;
}

// FunctionGemma: `<start_of_turn>role\n…<end_of_turn>`, the system text and declarations in a first
// turn the template names `user`, a model turn with calls starting right after `model`, results as
// `Function result for NAME:` user turns.
function functiongemma({ messages }: PromptTextContext): string {
  return turns(
    messages,
    (message) => {
      if (message.role === 'tool')
        return `<start_of_turn>user\nFunction result for ${message.name ?? ''}: ${message.content}<end_of_turn>`;
      if (message.role === 'assistant')
        return `<start_of_turn>model${message.content.startsWith('<start_function_call>') ? '' : '\n'}${message.content}<end_of_turn>`;
      return `<start_of_turn>user\n${message.content}<end_of_turn>`;
    },
    '<start_of_turn>model',
  );
}

// Apertus: the declarations in a developer turn of the template's own (`Deliberation: disabled`),
// results as a JSON list inside the assistant turn, after its calls.
function apertus({ history, section }: PromptTextContext): string {
  const system = history[0]?.role === 'system' ? history[0].content : '';
  const body = history[0]?.role === 'system' ? history.slice(1) : history;
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

// LFM2 / LFM2.5: ChatML after `<|startoftext|>`; LFM2 wraps results in response markers; LFM2.5-VL
// puts today's date before the tool list.
function lfm2(markers: boolean, dated: boolean): (context: PromptTextContext) => string {
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
const internlm = chatml({
  bos: '<s>',
  tool: (message) => `<|im_start|>environment name=<|plugin|>\n${message.content}<|im_end|>\n`,
});

// Phi-4-mini: `<|role|>…<|end|>` with a newline after `<|system|>` only; results as `<|tool|>`.
function phi4Mini({ messages }: PromptTextContext): string {
  return turns(
    messages,
    (message) => `<|${message.role}|>${message.role === 'system' ? '\n' : ''}${message.content}<|end|>`,
    '<|assistant|>',
  );
}

// gpt-oss (Harmony): the template's system message (identity, cutoff, date, reasoning, channels),
// the system text and tools as the developer message, a call and its result as their own messages.
const harmonyRenderer: ToolPromptRenderer = {
  ...rendererOf('harmony'),
  // The messages-mode renderer closes the message the chat template opened; here nothing is open.
  assistant: (text, calls) => (calls.length === 0 ? text : calls.join('')),
  results: (results) => {
    const write = rendererOf('harmony').results;
    return `${typeof write === 'function' ? write(results).replace(/^<\|end\|>/, '') : ''}<|end|>`;
  },
};

function harmony({ history, section, date }: PromptTextContext): string {
  const system =
    'You are ChatGPT, a large language model trained by OpenAI.\nKnowledge cutoff: 2024-06\n' +
    `${date === undefined ? '' : `Current date: ${isoDay(date)}\n`}\nReasoning: medium\n\n` +
    '# Valid channels: analysis, commentary, final. Channel must be included for every message.' +
    (section === undefined ? '' : "\nCalls to these tools must go to the commentary channel: 'functions'.");
  const instructions = history[0]?.role === 'system' ? history[0].content : '';
  const body = history[0]?.role === 'system' ? history.slice(1) : history;
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

/** A JSON Schema type as Hermes' tool_use template names it in a signature (`json_to_python_type`). */
function pythonType(spec: unknown): string {
  const schema = (typeof spec === 'object' && spec !== null ? spec : {}) as Record<string, unknown>;
  const basic: Record<string, string> = { string: 'str', number: 'float', integer: 'int', boolean: 'bool' };
  const type = schema.type;
  if (typeof type === 'string' && basic[type] !== undefined) return basic[type];
  if (type === 'array') return `list[${pythonType(schema.items)}]`;
  if (type === 'object')
    return schema.additionalProperties === undefined
      ? 'dict'
      : `dict[str, ${pythonType(schema.additionalProperties)}]`;
  if (Array.isArray(type)) return `Union[${type.map((item) => pythonType({ type: item })).join(',')}]`;
  return 'Any';
}

// Hermes 2 Pro / Hermes 3 tool_use template (NousResearch, also vLLM's hermes example): each tool's
// description is a Python signature with an `Args:` block (written as the template writes it, with
// no separator between arguments and no escaping), a pydantic schema for the call, results as
// `tool` turns of `<tool_response>`.
function hermesToolUseSection(tools: readonly ToolDefinition[]): string {
  const list = tools
    .map((tool) => {
      const properties = ((tool.parameters as { properties?: unknown }).properties ?? {}) as Record<
        string,
        Record<string, unknown>
      >;
      const entries = Object.entries(properties);
      const signature = entries.map(([name, field]) => `${name}: ${pythonType(field)}`).join(', ');
      const args = entries
        .map(
          ([name, field], index) =>
            `${index === 0 ? '    Args:\n' : ''}        ${name}(${pythonType(field)}): ${String(field.description ?? '').trim()}`,
        )
        .join('');
      const parameters = entries.length === 0 ? '{}' : pythonJson(tool.parameters);
      return `{"type": "function", "function": {"name": "${tool.name}", "description": "${tool.name}(${signature}) - ${tool.description ?? ''}\n\n${args}", "parameters": ${parameters}}`;
    })
    .join('\n');
  return (
    'You are a function calling AI model. You are provided with function signatures within <tools></tools> XML ' +
    "tags. You may call one or more functions to assist with the user query. Don't make assumptions about what " +
    `values to plug into functions. Here are the available tools: <tools> ${list} </tools>` +
    'Use the following pydantic model json schema for each tool call you will make: {"properties": {"name": ' +
    '{"title": "Name", "type": "string"}, "arguments": {"title": "Arguments", "type": "object"}}, "required": ' +
    '["name", "arguments"], "title": "FunctionCall", "type": "object"}}\nFor each function call return a json ' +
    'object with function name and arguments within <tool_call></tool_call> XML tags as follows:\n<tool_call>\n' +
    '{"name": <function-name>, "arguments": <args-dict>}\n</tool_call>'
  );
}

const hermesToolUseRenderer: ToolPromptRenderer = {
  ...rendererOf('hermes'),
  placement: 'own-system',
  section: hermesToolUseSection,
  join: (section) => section,
  results: 'tool',
};

function hermesToolUse(separator: string): (context: PromptTextContext) => string {
  return (context) => {
    const body = chatml({
      tool: (message) =>
        `<|im_start|>tool\n<tool_response>\n${message.content}\n</tool_response>\n<|im_end|>`,
    })({ ...context, messages: context.history });
    const system =
      context.section === undefined ? '' : `<|im_start|>system\n${context.section}<|im_end|>${separator}`;
    return `<|begin_of_text|>${system}${body}`;
  };
}

// Mistral's parallel-calls template (vLLM example): the template's own tool instructions before the
// system text, both inside the last `[INST]`, `[AVAILABLE_TOOLS]` right before it, no spaces.
const parallelToolPrompt =
  'You are a helpful assistant that can call tools. If you call one or more tools, format them in a single JSON ' +
  'array or objects, where each object is a tool call, not as separate objects outside of an array or multiple ' +
  'arrays. Use the format [{"name": tool call name, "arguments": tool call arguments}, additional tool calls] if ' +
  'you call more than one tool. If you call tools, do not attempt to interpret them or otherwise provide a ' +
  'response until you receive a tool call result that you can interpret for the user.';

function mistralParallel({ history, section }: PromptTextContext): string {
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

// Kimi K3 (XTML): the tool declaration and the template's thinking-effort message first, every turn
// an `<|open|>message …<|sep|>` element; an assistant turn holds an empty think element, its text
// in a response element and its calls after it; tool messages numbered within their run.
const xtmlEnd = '<|close|>message<|sep|><|end_of_msg|>';
const thinkingEffort =
  '<|open|>message role="system" type="thinking-effort"<|sep|>`thinking_effort` guides on how much to think in ' +
  'your thinking channel (not including the response channel), supported values include `low`, `medium`, ' +
  `\`high\`, and \`max\`.\nNow the system is invoked with \`thinking_effort=max\`.${xtmlEnd}`;

function kimiK3({ history, section }: PromptTextContext): string {
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

// GigaChat 3: `role<|role_sep|>\n…<|message_sep|>\n\n` turns after the template's developer system
// turn; the system turn's text already closes into the `function descriptions` turn (renderer).
function gigachat3({ messages }: PromptTextContext): string {
  const turn = (role: string, content: string): string =>
    `${role}<|role_sep|>\n${content}<|message_sep|>\n\n`;
  const last = messages.at(-1);
  return (
    turn('developer system', gigachat3DeveloperSystem) +
    turns(
      messages,
      (message) => turn(message.role === 'tool' ? 'function result' : message.role, message.content),
      last === undefined || last.role === 'assistant' ? '' : 'assistant<|role_sep|>\n',
    )
  );
}

// Seed-OSS: `<seed:bos>role\n…<seed:eos>` turns; an assistant turn's text trimmed after a newline.
function seedOss({ messages }: PromptTextContext): string {
  return turns(
    messages,
    (message) =>
      message.role === 'assistant'
        ? `<seed:bos>assistant${message.content.trim() === '' ? '' : `\n${message.content.trim()}`}<seed:eos>`
        : `<seed:bos>${message.role}\n${message.content}<seed:eos>`,
    '<seed:bos>assistant\n',
  );
}

// OLMo 3: ChatML with trimmed texts; without tools the system turn says there are none; results
// as `Function NAME returned:` tool turns.
function olmo3({ messages, section }: PromptTextContext): string {
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

// Llama 4: `<|header_start|>role<|header_end|>\n\n…<|eot|>` turns, results as `tojson` of the text.
function llama4({ messages }: PromptTextContext): string {
  return `<|begin_of_text|>${turns(
    messages,
    (message) =>
      message.role === 'tool'
        ? `<|header_start|>ipython<|header_end|>\n\n${JSON.stringify(message.content)}<|eot|>`
        : `<|header_start|>${message.role}<|header_end|>\n\n${message.role === 'assistant' ? message.content : message.content.trim()}<|eot|>`,
    '<|header_start|>assistant<|header_end|>\n\n',
  )}`;
}

// Gemma 3 (vLLM's pythonic example): `<start_of_turn>user|model\n…<end_of_turn>\n`, the system text
// at the top of the first user turn (Gemma has no system turn).
function gemma3({ messages }: PromptTextContext): string {
  const [first, ...rest] = messages;
  const system = first?.role === 'system' ? first.content : undefined;
  const body = system === undefined ? messages : rest;
  const firstUser = body.findIndex((message) => message.role === 'user');
  return `<bos>${turns(
    body,
    (message, index) => {
      const role = message.role === 'assistant' ? 'model' : 'user';
      const text =
        index === firstUser && system !== undefined ? `${system}\n\n${message.content}` : message.content;
      return `<start_of_turn>${role}\n${text}<end_of_turn>\n`;
    },
    '<start_of_turn>model\n',
  )}`;
}

// vLLM's Granite example: the tools (each its own indented object) in an `available_tools` turn
// before everything, results as `tool_response` turns.
const graniteVllmRenderer: ToolPromptRenderer = {
  ...rendererOf('granite'),
  section: (tools) => tools.map((tool) => pythonJson(functionTool(tool), 4)).join('\n\n'),
};

function graniteVllm(context: PromptTextContext): string {
  const tools =
    context.section === undefined
      ? ''
      : `<|start_of_role|>available_tools<|end_of_role|>\n${context.section}<|end_of_text|>\n`;
  return tools + granite('tool_response')({ ...context, messages: context.history });
}

// Command R7B: one system turn of the template's preambles around the tool section, the system text
// last (the developer preamble); results as system turns; the generation skips the thinking step.
function commandR7b({ history, section }: PromptTextContext): string {
  const system = history[0]?.role === 'system' ? history[0].content : '';
  const body = history[0]?.role === 'system' ? history.slice(1) : history;
  const tokens: Record<PlainMessage['role'], string> = {
    system: 'SYSTEM_TOKEN',
    user: 'USER_TOKEN',
    assistant: 'CHATBOT_TOKEN',
    tool: 'SYSTEM_TOKEN',
  };
  return `<BOS_TOKEN><|START_OF_TURN_TOKEN|><|SYSTEM_TOKEN|>${commandR7bSystemPreamble}${section ?? ''}${commandR7bDefaultPreamble}${system}<|END_OF_TURN_TOKEN|>${turns(
    body,
    (message) => `<|START_OF_TURN_TOKEN|><|${tokens[message.role]}|>${message.content}<|END_OF_TURN_TOKEN|>`,
    '<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|><|START_THINKING|><|END_THINKING|>',
  )}`;
}

// Hunyuan-A13B: with tools, the template writes the first turn itself: its system turn (instructions,
// tool list, then the system text as `额外要求` or, with no system message, the rules before the first
// user turn; the date and weekday) closed by `<|extra_4|>`. User turns are `用户：…<|extra_0|>`, a past
// answer `助手：…<|eos|>` (a turn with calls has no prefix), results `…<|extra_0|>`; there is no
// generation prompt (the model writes `助手：` itself). A first message of another role is printed bare
// and the tool turn is lost, as in the template. Without tools its other branch: bare texts, closed
// by `<|extra_4|>` / `<|extra_0|>` / `<|eos|>`, `<|startoftext|>` before each user turn but the one
// right after the first message.
const weekdays = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
// The template has no fallback for its clock: without `promptDate`, the local epoch day, so the same
// request gives the same bytes.
const hunyuanFallbackClock = new Date(1970, 0, 1);

/** `strftime_now('%Y-%m-%d %H:%M:%S')` and the Chinese weekday, as Hunyuan-A13B's template prints them. */
const hunyuanClock = (date: Date): string =>
  `${isoDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${weekdays[date.getDay()]}`;

function hunyuanA13b({ history, section, date }: PromptTextContext): string {
  if (section === undefined) return hunyuanA13bPlain(history);
  const clock = hunyuanClock(date ?? hunyuanFallbackClock);
  const { join } = rendererOf('hunyuan_a13b');
  return history
    .map((message, index) => {
      const { role, content } = message;
      if (index === 0 && role === 'system')
        return `<|startoftext|>${join(section, content)}${hunyuanA13bSystemClock}${clock}<|extra_4|>`;
      if (index === 0 && role === 'user')
        return `<|startoftext|>${join(section, undefined)}${hunyuanA13bUserClock}${clock}<|extra_4|>用户：${content}<|extra_0|>`;
      if (index === 0 || role === 'system') return content;
      if (role === 'user') return `用户：${content}<|extra_0|>`;
      if (role === 'tool') return `${content}<|extra_0|>`;
      return `${content.endsWith('</tool_calls>') ? '' : '助手：'}${content}<|eos|>`;
    })
    .join('');
}

function hunyuanA13bPlain(messages: readonly PlainMessage[]): string {
  // An empty first message makes the template print `<|startoftext|>` twice before the next user turn.
  const head = messages[0]?.content === '' ? '<|startoftext|><|startoftext|>' : '';
  return messages
    .map(({ role, content }, index) => {
      if (role === 'system')
        return index === 0 && content !== '' ? `<|startoftext|>${content}<|extra_4|>` : content;
      if (role === 'assistant') return `${content}<|eos|>`;
      if (role === 'tool') return `${content}<|extra_0|>`;
      return `${index === 1 ? head : '<|startoftext|>'}${content}<|extra_0|>`;
    })
    .join('');
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
  template('kimi-k2-thinking', 'kimi_k2', ['kimi-k2-thinking'], kimiK2('<think></think>')),
  template('mistral-v0.3', 'mistral', ['mistral-7b-instruct-v0.3'], mistralV3),
  template('deepseek-r1', 'deepseek_v3', ['deepseek-r1'], deepseekR1),
  template('deepseek-v3', 'deepseek_v3', ['deepseek-v3-0324', 'deepseek-v3'], deepseekV3),
  template('deepseek-v3.1', 'deepseek_v31', ['deepseek-v3.1'], deepseekV31),
  template('deepseek-v3.2', 'deepseek_v32', ['deepseek-v3.2'], deepseekV32),
  template('minimax-m2', 'minimax_m2', ['minimax-m2'], minimaxM2),
  template('granite-4.0', 'granite4', ['granite-4.0'], granite('tool')),
  template('granite-4.1', 'granite4', ['granite-4.1'], granite('tool')),
  template('granite-3.3', 'granite', ['granite-3.3', 'granite-3'], granite('tool')),
  template('granite-vllm', 'granite', [], graniteVllm, graniteVllmRenderer),
  template('command-r7b', 'command_r7b', ['command-r7b'], commandR7b),
  template('nemotron-nano-v2', 'nemotron', ['nemotron-nano-9b-v2', 'nemotron-nano-v2'], nemotronNano),
  template('gemma-4', 'gemma4', ['gemma-4'], gemma4),
  template('functiongemma', 'functiongemma', ['functiongemma'], functiongemma),
  template('apertus', 'apertus', ['apertus'], apertus),
  template('lfm2', 'lfm2', ['lfm2-'], lfm2(true, false)),
  template('lfm2.5', 'lfm2', ['lfm2.5'], lfm2(false, false)),
  // The VL template writes string arguments double-quoted (the text LFM2.5 template: Python's repr).
  template('lfm2.5-vl', 'lfm2', ['lfm2.5-vl'], lfm2(false, true), {
    ...rendererOf('lfm2', 'lfm2.5'),
    call: (call) => pythonCall(call, '"'),
  }),
  template('internlm2.5', 'internlm', ['internlm2'], internlm),
  template('phi-4-mini', 'phi4_mini', ['phi-4-mini'], phi4Mini),
  template(
    'xlam-llama',
    'xlam',
    ['llama-xlam'],
    llama3({ header: false, fallbackDate: '', readsClock: false, result: (text) => text }),
  ),
  template('gpt-oss', 'harmony', ['gpt-oss'], harmony, harmonyRenderer),
  template('kimi-k3', 'kimi_k3', ['kimi-k3'], kimiK3),
  template('seed-oss', 'seed_oss', ['seed-oss'], seedOss),
  template('gemma-3-pythonic', 'pythonic', ['gemma-3'], gemma3),
  template('olmo-3', 'olmo3', ['olmo-3', 'olmo3'], olmo3),
  template('llama-4-pythonic', 'llama4_pythonic', ['llama-4'], llama4),
  template(
    'llama-3.2-pythonic-vllm',
    'pythonic',
    [],
    llama3({
      header: true,
      fallbackDate: '26 Jul 2024',
      readsClock: true,
      result: (text) => `{"output": ${JSON.stringify(text)}}`,
    }),
    rendererOf('pythonic', 'llama-3.2'),
  ),
  template(
    'toolace',
    'pythonic',
    ['toolace'],
    llama3({
      header: false,
      fallbackDate: '',
      readsClock: false,
      result: (text) => `{"output": ${JSON.stringify(text)}}`,
    }),
  ),
  template('gigachat3', 'gigachat3', ['gigachat3', 'gigachat-3'], gigachat3),
  template('hunyuan-a13b', 'hunyuan_a13b', ['hunyuan-a13b'], hunyuanA13b),
  template(
    'hermes-3-tool-use',
    'hermes',
    ['hermes-3-llama', 'hermes-2-pro'],
    hermesToolUse('\n'),
    hermesToolUseRenderer,
  ),
  template('hermes-tool-use-vllm', 'hermes', [], hermesToolUse(''), hermesToolUseRenderer),
  template(
    'xlam-qwen',
    'xlam',
    ['xlam-2-32b', 'xlam-2-3b', 'xlam-2-1b'],
    chatml({ tool: (message) => `<|im_start|>tool\n${message.content}<|im_end|>\n` }),
  ),
  // vLLM's Qwen3-Coder example: the later revision of the tool section (`functions`), calls unpadded.
  template('qwen3-coder-vllm', 'qwen3_coder', [], chatml({}), {
    ...rendererOf('qwen3_coder', 'nemotron-3'),
    assistant: rendererOf('qwen3_coder').assistant,
  }),
  // vLLM's Llama 3.1 JSON example: a space after `}.`, results wrapped as `{"output": …}`.
  template(
    'llama-3.1-json-vllm',
    'llama3_json',
    [],
    llama3({
      header: true,
      fallbackDate: '26 Jul 2024',
      readsClock: true,
      result: (text) => `{"output": ${JSON.stringify(text)}}`,
    }),
    {
      ...rendererOf('llama3_json'),
      section: (tools) => rendererOf('llama3_json').section(tools).replace('value}.Do not', 'value}. Do not'),
    },
  ),
  template('mistral-parallel-vllm', 'mistral', [], mistralParallel),
];

/**
 * The prompt template for a model name: the one with the longest `models` entry that the name
 * contains (case-insensitive), so `Qwen3.5-4B` gets `qwen3.5` rather than `qwen3`; `undefined` when
 * none matches. Templates of vLLM's examples have no `models`: they are chosen by id.
 */
export function promptTemplateFor(model: string): PromptTemplate | undefined {
  const name = model.toLowerCase();
  let best: PromptTemplate | undefined;
  let length = 0;
  for (const candidate of promptTemplates)
    for (const pattern of candidate.models)
      if (pattern.length > length && name.includes(pattern)) {
        best = candidate;
        length = pattern.length;
      }
  return best;
}
