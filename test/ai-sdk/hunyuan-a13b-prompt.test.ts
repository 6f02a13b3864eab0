/**
 * Hunyuan-A13B's whole-prompt template beyond the fixed conversation of the checks, against the
 * model's own template (vLLM's example, with the clock edit of templates.ts): a conversation that
 * starts with a user message (the template's other system turn), two calls in one turn, text before
 * calls, a past answer; both branches without tools; the clock as `promptDate` gives it, and the
 * fixed default without it.
 */
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { Template } from '@huggingface/jinja';
import { describe, expect, it } from 'vitest';
import { promptTemplateFor, promptTemplates, renderPromptText } from '../../src/ai-sdk/index.js';
import { describeCorpus } from '../corpus.js';

const template = promptTemplates.find((item) => item.id === 'hunyuan-a13b');
if (template === undefined) throw new Error('the hunyuan-a13b prompt template is missing');

const call = (toolCallId: string, toolName: string, input: Record<string, unknown>) => ({
  type: 'tool-call' as const,
  toolCallId,
  toolName,
  input,
});
const result = (toolCallId: string, toolName: string, value: string) => ({
  type: 'tool-result' as const,
  toolCallId,
  toolName,
  output: { type: 'text' as const, value },
});
const text = (value: string) => [{ type: 'text' as const, text: value }];

// A user turn first, two calls after some text, their results, an answer, a follow-up.
const userFirst: LanguageModelV3Prompt = [
  { role: 'user', content: text('Weather in Paris, and news about it?') },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Let me look.' },
      call('c1', 'get_weather', { city: 'Paris' }),
      call('c2', 'search_web', { query: 'Paris news', max_results: 2 }),
    ],
  },
  {
    role: 'tool',
    content: [result('c1', 'get_weather', '{"temperature": 18}'), result('c2', 'search_web', '["a", "b"]')],
  },
  { role: 'assistant', content: text('It is 18 °C; two stories.') },
  { role: 'user', content: text('And Lyon?') },
];
const userFirstMessages = [
  { role: 'user', content: 'Weather in Paris, and news about it?' },
  {
    role: 'assistant',
    content: 'Let me look.',
    tool_calls: [
      { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: { city: 'Paris' } } },
      {
        id: 'c2',
        type: 'function',
        function: { name: 'search_web', arguments: { query: 'Paris news', max_results: 2 } },
      },
    ],
  },
  { role: 'tool', tool_call_id: 'c1', content: '{"temperature": 18}' },
  { role: 'tool', tool_call_id: 'c2', content: '["a", "b"]' },
  { role: 'assistant', content: 'It is 18 °C; two stories.' },
  { role: 'user', content: 'And Lyon?' },
];

// Plain chats for the branch without tools (it prints no calls, so they have none).
const plainChats: { name: string; prompt: LanguageModelV3Prompt }[] = [
  {
    name: 'system first',
    prompt: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: text('Hi') },
      { role: 'assistant', content: text('Hello.') },
      { role: 'user', content: text('Bye') },
    ],
  },
  {
    name: 'user first',
    prompt: [
      { role: 'user', content: text('Hi') },
      { role: 'assistant', content: text('Hello.') },
      { role: 'user', content: text('Bye') },
    ],
  },
];

describe('hunyuan-a13b prompt template', () => {
  it('is the template auto picks for the model', () => {
    expect(promptTemplateFor('tencent/Hunyuan-A13B-Instruct')?.id).toBe('hunyuan-a13b');
  });
});

describeCorpus('templates/', 'hunyuan-a13b prompt template against the model’s own template', async () => {
  // Imported here: the module reads the corpus as it loads.
  const {
    conversationOpenAITools,
    conversationPrompt,
    conversationTools,
    hunyuanClock,
    loadManifest,
    render,
    templateMessages,
    templateText,
  } = await import('./templates.js');
  const entry = loadManifest().find((item) => item.file === 'vllm-tool_chat_template_hunyuan_a13b.jinja');
  if (entry === undefined) throw new Error('the hunyuan-a13b template is missing from the manifest');

  it('writes the first user turn’s system turn, two calls, their results and an answer', () => {
    expect(renderPromptText(userFirst, conversationTools, template, { date: hunyuanClock })).toBe(
      render(entry, userFirstMessages, conversationOpenAITools),
    );
  });

  for (const chat of plainChats)
    it(`follows the branch without tools: ${chat.name}`, () => {
      expect(renderPromptText(chat.prompt, [], template)).toBe(render(entry, templateMessages(chat.prompt)));
    });

  // `@huggingface/jinja` has no dict `update`, which the template calls for an empty first message:
  // the expected text is the template's, read by hand (`<|startoftext|>` twice before the user turn).
  it('follows the branch without tools: empty system text', () => {
    const prompt: LanguageModelV3Prompt = [
      { role: 'system', content: '' },
      { role: 'user', content: text('Hi') },
      { role: 'assistant', content: text('Hello.') },
    ];
    expect(renderPromptText(prompt, [], template)).toBe(
      '<|startoftext|><|startoftext|>Hi<|extra_0|>Hello.<|eos|>',
    );
  });

  it('prints the date, time and weekday of promptDate', () => {
    const sunday = new Date(2026, 1, 1, 9, 5, 7);
    const real = new Template(
      templateText(entry)
        .replace("weekday_map['Monday']", "weekday_map['Sunday']")
        .replace("'2026-01-05 14:30:05'", "'2026-02-01 09:05:07'"),
    ).render({ messages: userFirstMessages, tools: conversationOpenAITools });
    expect(renderPromptText(userFirst, conversationTools, template, { date: sunday })).toBe(real);
  });

  it('prints a fixed moment without promptDate, so the same request gives the same bytes', () => {
    const dated = renderPromptText(conversationPrompt, conversationTools, template, { date: hunyuanClock });
    expect(renderPromptText(conversationPrompt, conversationTools, template)).toBe(
      dated.replace('2026-01-05 14:30:05 星期一', '1970-01-01 00:00:00 星期四'),
    );
  });
});
