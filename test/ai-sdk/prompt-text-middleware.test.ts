import { createOpenAI } from '@ai-sdk/openai';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  promptTemplateFor,
  promptTemplates,
  rawPromptFetch,
  renderPromptText,
  toolCallMiddleware,
} from '../../src/ai-sdk/index.js';
import { ToolwireError } from '../../src/errors/toolwire-error.js';
import { describeCorpus } from '../corpus.js';
import { aiTools, collectWarnings } from './harness.js';

/** A `/completions` endpoint answering `texts` in turn; the request bodies it received. */
function completionsEndpoint(texts: readonly string[]) {
  const bodies: Record<string, unknown>[] = [];
  const endpoint: typeof fetch = async (_input, init) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    const text = texts[bodies.length - 1] ?? '';
    return new Response(
      JSON.stringify({
        id: `cmpl-${bodies.length}`,
        object: 'text_completion',
        created: 0,
        model: 'Qwen/Qwen2.5-7B-Instruct',
        choices: [{ index: 0, text, finish_reason: 'stop', logprobs: null }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  };
  return { bodies, endpoint };
}

/** `modelId` of `@ai-sdk/openai`'s completion model on `endpoint` (through `rawPromptFetch`), wrapped. */
function completionModel(endpoint: typeof fetch, modelId: string, promptTemplate: string) {
  const provider = createOpenAI({
    apiKey: 'test',
    baseURL: 'http://localhost/v1',
    fetch: rawPromptFetch(endpoint),
  });
  return wrapLanguageModel({
    model: provider.completion(modelId),
    middleware: toolCallMiddleware({ promptTemplate }),
  });
}

const callText =
  '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}\n</tool_call>';

describeCorpus('templates/', 'whole-prompt mode against the model’s own template', async () => {
  // Imported here: the module reads the corpus as it loads.
  const { conversationOpenAITools, conversationTools, loadManifest, render } = await import('./templates.js');
  const qwen = loadManifest().find((entry) => entry.file === 'llama.cpp-Qwen-Qwen2.5-7B-Instruct.jinja');

  it('sends the prompt the model’s own template renders, at each step of the AI SDK loop', async () => {
    const { bodies, endpoint } = completionsEndpoint([callText, 'It is 18 °C in Paris.']);
    const model = completionModel(endpoint, 'Qwen/Qwen2.5-7B-Instruct', 'auto');
    const { value, warnings } = await collectWarnings(() =>
      generateText({
        model,
        system: 'You are a helpful assistant.',
        prompt: 'Weather in Paris?',
        tools: aiTools(conversationTools, () => ({ temperature: 18 })),
        stopWhen: stepCountIs(2),
      }),
    );
    expect(warnings).toEqual([]);
    expect(value.text).toBe('It is 18 °C in Paris.');
    const callId = value.steps[0]?.toolCalls[0]?.toolCallId ?? '';
    expect(value.steps[0]?.toolCalls.map((call) => [call.toolName, call.input])).toEqual([
      ['get_weather', { city: 'Paris', unit: 'celsius' }],
    ]);
    if (qwen === undefined) throw new Error('template missing');
    const tools = conversationOpenAITools;
    const first = [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'Weather in Paris?' },
    ];
    const second = [
      ...first,
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          {
            id: callId,
            type: 'function',
            function: { name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } },
          },
        ],
      },
      { role: 'tool', tool_call_id: callId, content: '{"temperature":18}' },
    ];
    // Exactly the template's text, without the completion model's `user:` / `assistant:` wrapping.
    expect(bodies.map((body) => [body.prompt, body.stop])).toEqual([
      [render(qwen, first, tools), undefined],
      [render(qwen, second, tools), undefined],
    ]);
  });
});

describe('whole-prompt mode (promptTemplate) through @ai-sdk/openai’s completion model', () => {
  it('picks templates by model name, longest match first; an unknown id or model is an invalid_argument error', async () => {
    expect(
      [
        'Qwen/Qwen3.5-4B',
        'Qwen/Qwen3.6-35B-A3B',
        'Qwen/Qwen3-Coder-30B-A3B-Instruct',
        'Qwen/Qwen3-0.6B',
        'NousResearch/Hermes-3-Llama-3.1-8B',
        'unknown',
      ].map((name) => promptTemplateFor(name)?.id),
    ).toEqual(['qwen3.5', 'qwen3.5', 'qwen3-coder', 'qwen3', 'hermes-3-tool-use', undefined]);
    expect(new Set(promptTemplates.map((entry) => entry.id)).size).toBe(promptTemplates.length);
    expect(() => toolCallMiddleware({ promptTemplate: 'nope' })).toThrow(ToolwireError);
    const { endpoint } = completionsEndpoint(['']);
    const model = completionModel(endpoint, 'some-model', 'auto');
    await expect(generateText({ model, prompt: 'hi' })).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('writes the whole prompt also without tools (no tool section), and leaves other requests to the base fetch unchanged', async () => {
    const { bodies, endpoint } = completionsEndpoint(['Hello.']);
    const model = completionModel(endpoint, 'm', 'qwen3-coder');
    const result = await generateText({ model, prompt: 'Hi', stopSequences: ['###'] });
    expect(result.text).toBe('Hello.');
    const template = promptTemplates.find((entry) => entry.id === 'qwen3-coder');
    if (template === undefined) throw new Error('template missing');
    expect(bodies.map((body) => [body.prompt, body.stop])).toEqual([
      [renderPromptText([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], [], template), ['###']],
    ]);
    expect(bodies[0]?.prompt).toBe('<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n');
    await rawPromptFetch(endpoint)('http://localhost/x', { method: 'POST', body: '{"prompt":"plain"}' });
    expect(bodies[1]).toEqual({ prompt: 'plain' });
  });
});
