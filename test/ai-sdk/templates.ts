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

export const templateDirectory = new URL('../../../shared/corpus/templates/', import.meta.url);

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

/** `messages` (and `tools`, when given) rendered with the entry's template. */
export function render(entry: ManifestEntry, messages: unknown[], tools?: readonly OpenAITool[]): string {
  const template = new Template(readFileSync(new URL(entry.file, templateDirectory), 'utf8'));
  return template.render({
    messages,
    ...(tools === undefined ? {} : { tools }),
    add_generation_prompt: true,
    bos_token: entry.bos_token ?? '',
    eos_token: entry.eos_token ?? '',
  });
}

export const conversationOpenAITools = context.tools;
