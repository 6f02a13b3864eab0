/**
 * The template check's pieces: the chat templates of `shared/corpus/templates/` (each model's own
 * Jinja template, rendered with `@huggingface/jinja`), one fixed conversation (system, user, tools, an
 * assistant call, its result, a user follow-up) in OpenAI-style template messages and as an AI SDK
 * prompt, and the rendering of our rewritten prompt through the same template.
 */
import { readFileSync } from 'node:fs';
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { Template } from '@huggingface/jinja';
import type { ToolDefinition } from '../../src/types/tool.js';
import { corpusUrl } from '../corpus-path.js';

export const templateDirectory = corpusUrl('templates/');

export interface ManifestEntry {
  readonly file: string;
  readonly format: string;
  readonly model: string;
  readonly bos_token?: string;
  readonly eos_token?: string;
  readonly renders?: boolean;
}

export function loadManifest(): ManifestEntry[] {
  return readFileSync(new URL('manifest.jsonl', templateDirectory), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ManifestEntry);
}

interface OpenAITool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description?: string; readonly parameters: object };
}

const context = JSON.parse(readFileSync(new URL('render-context.json', templateDirectory), 'utf8')) as {
  messages: { role: string; content: string }[];
  tools: OpenAITool[];
};

/** The render context's two tools, as toolwire tool definitions (same order, same schemas). */
export const conversationTools: ToolDefinition[] = context.tools.map((entry) => ({
  name: entry.function.name,
  ...(entry.function.description === undefined ? {} : { description: entry.function.description }),
  parameters: entry.function.parameters as ToolDefinition['parameters'],
}));

const [system, user] = context.messages as unknown as [{ content: string }, { content: string }];
const call = { id: 'Xa1b2c3d4', name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } };
const result = '{"temperature": 18}';
const followUp = 'Thanks. And in Lyon?';

/** The fixed conversation as the AI SDK hands it to a model (`LanguageModelV3Prompt`). */
export const conversationPrompt: LanguageModelV3Prompt = [
  { role: 'system', content: system.content },
  { role: 'user', content: [{ type: 'text', text: user.content }] },
  {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.input }],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: call.id,
        toolName: call.name,
        output: { type: 'text', value: result },
      },
    ],
  },
  { role: 'user', content: [{ type: 'text', text: followUp }] },
];

/** The same conversation as a chat template's `messages` (OpenAI-style, with `tool_calls`). */
export const conversationMessages = [
  { role: 'system', content: system.content },
  { role: 'user', content: user.content },
  {
    role: 'assistant',
    content: '',
    tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.input } }],
  },
  { role: 'tool', tool_call_id: call.id, name: call.name, content: result },
  { role: 'user', content: followUp },
];

/** An AI SDK prompt as plain template messages: text only, tool messages with their text content. */
export function templateMessages(prompt: LanguageModelV3Prompt): Record<string, unknown>[] {
  return prompt.flatMap((message): Record<string, unknown>[] => {
    if (message.role === 'system') return [{ role: 'system', content: message.content }];
    if (message.role === 'tool')
      return message.content.flatMap((part) =>
        part.type === 'tool-result'
          ? [
              {
                role: 'tool',
                tool_call_id: part.toolCallId,
                name: part.toolName,
                content: part.output.type === 'text' ? part.output.value : JSON.stringify(part.output),
              },
            ]
          : [],
      );
    const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    return [{ role: message.role, content: text }];
  });
}

/**
 * Small edits that let `@huggingface/jinja` 0.5.11 render templates written for Python's Jinja2,
 * each `[from, to]` (`from` must occur; every occurrence is replaced). Each keeps what the template
 * prints for the conversation of the checks:
 *
 * - Kimi K2 (llama.cpp copies): lists have no `append` / `pop`; the queue of call ids is rebuilt;
 * - Seed-OSS: dict literals cannot have integer keys; the budget table becomes a list of pairs
 *   (`dictsort` of it is the same order) and its last entry is read as written;
 * - vLLM's Llama 3.2 pythonic / ToolACE / Llama 4 pythonic: no `format` filter; `"%s" | format(v)`
 *   is `v | string`; Llama 4's `undefined ~ str` is the empty string joined;
 * - vLLM's OLMo 3: no `is sameas` test; `is true` / `is false` test the same for these values;
 * - vLLM's Hunyuan A13B: the library's `strftime_now` has no `%A`; the clock is fixed at
 *   `hunyuanClock` (weekday and time as the template asks for them).
 */
const templateEdits: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  'llama.cpp-moonshotai-Kimi-K2-Instruct.jinja': [
    [
      '{%- set _ = tool_response_queue.ids.append(formatted_id) -%}',
      '{%- set tool_response_queue.ids = tool_response_queue.ids + [formatted_id] -%}',
    ],
    [
      '{%- set tool_call_id = tool_response_queue.ids.pop(0) -%}',
      '{%- set tool_call_id = tool_response_queue.ids[0] -%}{%- set tool_response_queue.ids = tool_response_queue.ids[1:] -%}',
    ],
  ],
  'llama.cpp-moonshotai-Kimi-K2-Thinking.jinja': [
    [
      '{%- set _ = tool_response_queue.ids.append(formatted_id) -%}',
      '{%- set tool_response_queue.ids = tool_response_queue.ids + [formatted_id] -%}',
    ],
    [
      '{%- set tool_call_id = tool_response_queue.ids.pop(0) -%}',
      '{%- set tool_call_id = tool_response_queue.ids[0] -%}{%- set tool_response_queue.ids = tool_response_queue.ids[1:] -%}',
    ],
  ],
  'llama.cpp-ByteDance-Seed-OSS.jinja': [
    [
      '{\n     0:      0,\n     512:    128,\n     1024:   256,\n     2048:   512,\n     4096:   512,\n     8192:   1024,\n     16384:  1024\n}',
      '[[0, 0], [512, 128], [1024, 256], [2048, 512], [4096, 512], [8192, 1024], [16384, 1024]]',
    ],
    ['budget_reflections_v05 | dictsort', 'budget_reflections_v05'],
    ['budget_reflections_v05[16384]', '1024'],
  ],
  'vllm-tool_chat_template_llama3.2_pythonic.jinja': [
    ['"%s" | format(tool_call.arguments[param])', 'tool_call.arguments[param] | string'],
  ],
  'vllm-tool_chat_template_toolace.jinja': [
    ['"%s" | format(tool_call.arguments[param])', 'tool_call.arguments[param] | string'],
  ],
  'vllm-tool_chat_template_llama4_pythonic.jinja': [
    ['"%s" | format(tool_call.arguments[param])', 'tool_call.arguments[param] | string'],
    ['tool_definition ~ (tools', '(tool_definition if tool_definition is defined else "") ~ (tools'],
  ],
  'vllm-tool_chat_template_hunyuan_a13b.jinja': [
    ["strftime_now('%A')", "'Monday'"],
    ["strftime_now('%Y-%m-%d %H:%M:%S')", "'2026-01-05 14:30:05'"],
  ],
  'vllm-tool_chat_template_olmo3.jinja': [
    ['is sameas true', 'is true'],
    ['is sameas false', 'is false'],
  ],
};

/** The moment the Hunyuan template's edits print (a Monday), local time. */
export const hunyuanClock = new Date(2026, 0, 5, 14, 30, 5);

/** The clock the entry's template reads: `hunyuanClock` for the edited Hunyuan template, else now. */
export function templateClock(entry: ManifestEntry): Date {
  return entry.file === 'vllm-tool_chat_template_hunyuan_a13b.jinja' ? hunyuanClock : new Date();
}

/** The entry's template text, with its `templateEdits`. */
export function templateText(entry: ManifestEntry): string {
  let text = readFileSync(new URL(entry.file, templateDirectory), 'utf8');
  for (const [from, to] of templateEdits[entry.file] ?? []) {
    if (!text.includes(from)) throw new Error(`${entry.file}: template edit no longer applies: ${from}`);
    text = text.replaceAll(from, to);
  }
  return text;
}

/** `messages` (and `tools`, when given) rendered with the entry's template. */
export function render(entry: ManifestEntry, messages: unknown[], tools?: readonly OpenAITool[]): string {
  const template = new Template(templateText(entry));
  return template.render({
    messages,
    ...(tools === undefined ? {} : { tools }),
    add_generation_prompt: true,
    bos_token: entry.bos_token ?? '',
    eos_token: entry.eos_token ?? '',
  });
}

export const conversationOpenAITools = context.tools;
