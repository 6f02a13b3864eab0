import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Template } from '@huggingface/jinja';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { promptTemplates, renderPromptText } from '../../src/ai-sdk/index.js';
import {
  builtinPromptRenderer,
  languageModelPrompt,
  loadPromptRenderer,
  type PromptRenderer,
  promptRendererFromText,
  promptRendererFromTokenizerConfig,
  type RenderInput,
  TemplateError,
  TemplateRefusal,
} from '../../src/server/template/index.js';
import type { Message, ToolDefinition } from '../../src/types/index.js';
import { corpusUrl, describeCorpus } from '../corpus.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const monday = new Date(2026, 0, 5, 9, 30, 15);

const weather: ToolDefinition = {
  name: 'get_weather',
  description: 'Current weather.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

const conversation: Message[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'Weather in Paris?' },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'The user wants weather.' },
      { type: 'text', text: 'Let me check.' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: { city: 'Paris' } },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'get_weather',
        output: { type: 'text', value: '18 C' },
      },
    ],
  },
  { role: 'assistant', content: 'It is 18 C.' },
  {
    role: 'user',
    content: [
      { type: 'text', text: 'And Lyon?' },
      { type: 'text', text: 'Use celsius.' },
    ],
  },
];

const auto = { type: 'auto' } as const;

function input(overrides: Partial<RenderInput> = {}): RenderInput {
  return { messages: conversation, tools: [weather], toolChoice: auto, date: monday, ...overrides };
}

const systemHead = '<s><|im_start|>system\nToday is Monday 05 January 2026.\nYou are terse.\n';
const toolSection =
  '# Tools\n' +
  '- get_weather: Current weather. {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}\n' +
  'Call a tool as <call>{"name": NAME, "arguments": ARGUMENTS}</call>.\n';
const turns =
  '<|im_end|>\n' +
  '<|im_start|>user\nWeather in Paris?<|im_end|>\n' +
  '<|im_start|>assistant\n<think>The user wants weather.</think>\nLet me check.\n' +
  '<call>{"name": "get_weather", "arguments": {"city": "Paris"}}</call><|im_end|>\n' +
  '<|im_start|>tool\nget_weather (call_1): 18 C<|im_end|>\n' +
  '<|im_start|>assistant\nIt is 18 C.<|im_end|>\n' +
  '<|im_start|>user\nAnd Lyon?\nUse celsius.<|im_end|>\n' +
  '<|im_start|>assistant\n';

async function chatml(): Promise<PromptRenderer> {
  const text = readFileSync(join(fixtures, 'chatml-tools.jinja'), 'utf8');
  return promptRendererFromText(text, { bosToken: '<s>', name: 'chatml-tools.jinja' });
}

describe('Jinja chat template (fixture)', () => {
  test('renders system, tools, reasoning, a call, its result and a follow-up', async () => {
    const renderer = await chatml();
    expect(renderer.source).toBe('jinja');
    expect(renderer.render(input())).toBe(systemHead + toolSection + turns);
  });

  test('tool_choice none and an empty tool list leave the tools out', async () => {
    const renderer = await chatml();
    expect(renderer.render(input({ toolChoice: { type: 'none' } }))).toBe(systemHead + turns);
    expect(renderer.render(input({ tools: [] }))).toBe(systemHead + turns);
    expect(renderer.render(input({ toolChoice: { type: 'required' } }))).toBe(
      systemHead + toolSection + turns,
    );
  });

  test('reasoning sets enable_thinking and reasoning_effort', async () => {
    const renderer = await chatml();
    const off = renderer.render(input({ reasoning: { enabled: false } }));
    expect(off).toBe(`${systemHead}${toolSection}${turns}<think></think>\n`);
    const high = renderer.render(input({ reasoning: { enabled: true, effort: 'high' } }));
    expect(high).toBe(`${systemHead}${toolSection}${turns}(effort: high)\n`);
  });

  test('an invalid call is its raw text in the assistant turn; a JSON result is its JSON text', async () => {
    const renderer = await chatml();
    const messages: Message[] = [
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Trying. ' },
          {
            type: 'tool-call-invalid',
            raw: '<call>{"name": "get_weather", "arguments": {"city": </call>',
            error: 'x',
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 'get_weather',
            output: { type: 'json', value: { t: 18 } },
          },
        ],
      },
    ];
    expect(renderer.render(input({ messages, tools: [] }))).toBe(
      '<s><|im_start|>system\nToday is Monday 05 January 2026.\n<|im_end|>\n' +
        '<|im_start|>user\nWeather?<|im_end|>\n' +
        '<|im_start|>assistant\nTrying. <call>{"name": "get_weather", "arguments": {"city": </call><|im_end|>\n' +
        '<|im_start|>tool\nget_weather (c): {"t":18}<|im_end|>\n' +
        '<|im_start|>assistant\n',
    );
  });

  test('raise_exception throws TemplateRefusal (a TemplateError) with the template message', async () => {
    const renderer = await chatml();
    const messages: Message[] = [
      { role: 'user', content: 'Hi' },
      { role: 'system', content: 'Late system.' },
    ];
    expect(() => renderer.render(input({ messages }))).toThrow(TemplateError);
    expect(() => renderer.render(input({ messages }))).toThrow(
      new TemplateRefusal(
        'chatml-tools.jinja: the chat template refused the conversation: System messages go first, not at turn 2',
      ),
    );
  });

  test('images and files are refused with TemplateError', async () => {
    const renderer = await chatml();
    const image: Message = {
      role: 'user',
      content: [{ type: 'image', image: 'aGk=', mediaType: 'image/png' }],
    };
    expect(() => renderer.render(input({ messages: [image] }))).toThrow(
      new TemplateError('a raw-text prompt holds text only: a user image part is not supported'),
    );
    const media: Message = {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c',
          toolName: 'get_weather',
          output: { type: 'content', value: [{ type: 'image-data', data: 'aGk=', mediaType: 'image/png' }] },
        },
      ],
    };
    expect(() => renderer.render(input({ messages: [media] }))).toThrow(
      new TemplateError(
        "a raw-text prompt holds text only: a tool result's image-data item is not supported",
      ),
    );
  });

  test('loadPromptRenderer reads the file relative to baseDir', async () => {
    const renderer = await loadPromptRenderer({ jinja: 'chatml-tools.jinja' }, { baseDir: fixtures });
    // A Jinja file has no special tokens: bos_token is "".
    expect(renderer.render(input())).toBe(systemHead.slice(3) + toolSection + turns);
  });

  test('a syntax error is a TemplateError at load, naming the file', async () => {
    await expect(loadPromptRenderer({ jinja: 'broken.jinja' }, { baseDir: fixtures })).rejects.toThrow(
      /^broken\.jinja: the chat template does not parse: /,
    );
    await expect(loadPromptRenderer({ jinja: 'broken.jinja' }, { baseDir: fixtures })).rejects.toBeInstanceOf(
      TemplateError,
    );
  });

  test('a missing file is a TemplateError naming the path', async () => {
    await expect(loadPromptRenderer({ jinja: 'absent.jinja' }, { baseDir: fixtures })).rejects.toThrow(
      new TemplateError(`cannot read chat template file ${join(fixtures, 'absent.jinja')}: ENOENT`),
    );
  });

  test('a failing template is a TemplateError', () => {
    const renderer = promptRendererFromText('{{ messages | frobnicate }}', { name: 't.jinja' });
    expect(() => renderer.render(input())).toThrow(TemplateError);
    expect(() => renderer.render(input())).toThrow(/^t\.jinja: .*frobnicate/);
    const nested = promptRendererFromText('{{ messages | frobnicate }}', { name: '/srv/templates/t.jinja' });
    expect(() => nested.render(input())).toThrow(/^t\.jinja: .*frobnicate/);
  });
});

describe('tokenizer_config.json', () => {
  const short: Message[] = [
    { role: 'system', content: 'S' },
    { role: 'user', content: 'U' },
  ];

  test('a chat_template string, bos_token string and eos_token object', async () => {
    const renderer = await loadPromptRenderer(
      { tokenizerConfig: 'tokenizer-string.json' },
      { baseDir: fixtures },
    );
    expect(renderer.source).toBe('tokenizer_config');
    expect(renderer.render(input({ messages: short }))).toBe(
      '<s>[system] S</s>\n[user] U</s>\n(tools: get_weather)\n[assistant] ',
    );
    expect(renderer.render(input({ messages: short, toolChoice: { type: 'none' } }))).toBe(
      '<s>[system] S</s>\n[user] U</s>\n[assistant] ',
    );
  });

  test('named templates: tool_use when tools are rendered, default otherwise; bos_token {content}', async () => {
    const renderer = await loadPromptRenderer(
      { tokenizerConfig: 'tokenizer-named.json' },
      { baseDir: fixtures },
    );
    expect(renderer.render(input({ messages: short }))).toBe(
      '<|begin|>TOOL_USE<get_weather>|system:S|user:U|assistant:',
    );
    expect(renderer.render(input({ messages: short, tools: [] }))).toBe(
      '<|begin|>DEFAULT|system:S|user:U|assistant:',
    );
    expect(renderer.render(input({ messages: short, toolChoice: { type: 'none' } }))).toBe(
      '<|begin|>DEFAULT|system:S|user:U|assistant:',
    );
  });

  test.each([
    ['{', /^cfg\.json: not JSON: /],
    ['[]', /^cfg\.json: not a JSON object$/],
    ['{"bos_token": "<s>"}', /^cfg\.json: no chat_template \(a string or a list of named templates\)$/],
    [
      '{"chat_template": [{"name": "x"}]}',
      /^cfg\.json: each chat_template entry must be \{"name", "template"\} strings$/,
    ],
    [
      '{"chat_template": [{"name": "tool_use", "template": "x"}]}',
      /^cfg\.json: chat_template lists no "default" template \(names: tool_use\)$/,
    ],
    [
      '{"chat_template": [{"name": "default", "template": "ok"}, {"name": "tool_use", "template": "{% if %}"}]}',
      /^cfg\.json chat_template "tool_use": the chat template does not parse: /,
    ],
  ])('refuses %s', (text, message) => {
    expect(() => promptRendererFromTokenizerConfig(text, 'cfg.json')).toThrow(message);
    expect(() => promptRendererFromTokenizerConfig(text, 'cfg.json')).toThrow(TemplateError);
  });
});

describe('built-in templates', () => {
  test.each([
    'qwen3-coder',
    'glm-4.7',
    'gpt-oss',
    'llama-3.2',
    'hermes-3-tool-use',
  ])('%s renders as renderPromptText of the same conversation', async (id) => {
    const renderer = await loadPromptRenderer({ builtin: id }, { baseDir: fixtures });
    expect(renderer.source).toBe(`builtin:${id}`);
    const template = promptTemplates.find((entry) => entry.id === id)!;
    for (const toolChoice of [auto, { type: 'none' } as const]) {
      const expected = renderPromptText(languageModelPrompt(conversation), [weather], template, {
        toolChoice,
        date: monday,
      });
      expect(renderer.render(input({ toolChoice }))).toBe(expected);
    }
  });

  test('the conversation as an AI SDK prompt', () => {
    const messages: Message[] = [
      ...conversation,
      {
        role: 'assistant',
        content: [{ type: 'tool-call-invalid', toolName: 'get_weather', raw: '<call>{</call>', error: 'x' }],
      },
    ];
    // Parts map one to one: the assistant parts, the tool message and the user parts come out as they went in.
    expect(languageModelPrompt(messages)).toEqual([
      conversation[0],
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      conversation[2],
      conversation[3],
      { role: 'assistant', content: [{ type: 'text', text: 'It is 18 C.' }] },
      conversation[5],
      { role: 'assistant', content: [{ type: 'text', text: '<call>{</call>' }] },
    ]);
  });

  test('an unknown id is a TemplateError listing the valid ids', () => {
    expect(() => builtinPromptRenderer('qwen9')).toThrow(
      new TemplateError(
        `unknown built-in template "qwen9"; valid ids: ${promptTemplates.map((entry) => entry.id).join(', ')}`,
      ),
    );
  });
});

const corpus = corpusUrl('templates/');

describeCorpus('templates/', 'the models own templates (shared/corpus/templates)', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'toolwire-templates-'));
    // `@huggingface/jinja`'s own `strftime_now` reads the clock: both renderings see the same minute.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(monday);
  });
  afterAll(() => {
    vi.useRealTimers();
    rmSync(scratch, { recursive: true, force: true });
  });

  test('every template the library renders renders the same prompt through loadPromptRenderer', async () => {
    const { conversationMessages, conversationPrompt, conversationTools, loadManifest } = await import(
      '../ai-sdk/templates.js'
    );
    const context = JSON.parse(readFileSync(new URL('render-context.json', corpus), 'utf8')) as {
      tools: unknown;
    };
    const failures: string[] = [];
    const rendersOnlyHere: string[] = [];
    let rendered = 0;
    const entries = loadManifest();
    for (const entry of entries) {
      const text = readFileSync(new URL(entry.file, corpus), 'utf8');
      // With special tokens, through a tokenizer_config.json; without, the Jinja file itself.
      const tokens = entry.bos_token !== undefined || entry.eos_token !== undefined;
      if (tokens) {
        const config = { chat_template: text, bos_token: entry.bos_token, eos_token: entry.eos_token };
        writeFileSync(join(scratch, `${entry.file}.json`), JSON.stringify(config));
      }
      // A template that does not parse fails at load: the same TemplateError as a failed rendering.
      const render = async () =>
        (
          await loadPromptRenderer(
            tokens ? { tokenizerConfig: `${entry.file}.json` } : { jinja: entry.file },
            {
              baseDir: tokens ? scratch : fileURLToPath(corpus),
            },
          )
        ).render({
          messages: conversationPrompt as Message[],
          tools: conversationTools,
          toolChoice: auto,
          date: monday,
        });
      let direct: string;
      try {
        direct = new Template(text).render({
          messages: conversationMessages,
          tools: context.tools,
          add_generation_prompt: true,
          bos_token: entry.bos_token ?? '',
          eos_token: entry.eos_token ?? '',
          date_string: '05 Jan 2026',
        });
      } catch (error) {
        failures.push(`${entry.file}: ${(error as Error).message}`);
        // The renderer fails the same way, as a TemplateError, unless its globals are what was missing.
        try {
          const prompt = await render();
          rendersOnlyHere.push(entry.file);
          // Hunyuan prints the render date with its weekday in Chinese (`weekday_map[strftime_now('%A')]`).
          expect(prompt).toContain('2026-01-05 09:30:15 星期一');
        } catch (mine) {
          expect(mine).toBeInstanceOf(TemplateError);
        }
        continue;
      }
      expect({ file: entry.file, prompt: await render() }).toEqual({ file: entry.file, prompt: direct });
      rendered++;
    }
    console.info(
      `${rendered} of ${entries.length} corpus templates render as with @huggingface/jinja directly; ` +
        `these do not render directly:\n${failures.join('\n')}\n` +
        `of which the renderer renders: ${rendersOnlyHere.join(', ')}`,
    );
    expect(rendered).toBeGreaterThanOrEqual(45);
    // Hunyuan reads `strftime_now('%A')`, which the library's own `strftime_now` leaves unformatted.
    expect(rendersOnlyHere).toEqual(['vllm-tool_chat_template_hunyuan_a13b.jinja']);
  });
});

describeCorpus('templates/', 'the built-in reasoning switch against the models own templates', () => {
  // Each built-in with a switch, and its model's template: the generation prompt's end, thinking on
  // and off, as the model's template writes it with `enable_thinking`.
  // (Compared without white space for vLLM's copy of DeepSeek's template, which keeps the
  // indentation of its tags; llama.cpp's copy writes `<think></think>` where DeepSeek's writes `</think>`.)
  const pairs: [string, string][] = [
    ['qwen3', 'llama.cpp-Qwen-Qwen3-0.6B.jinja'],
    ['qwen3.5', 'llama.cpp-Qwen-Qwen3.5-4B.jinja'],
    ['nemotron-3', 'llama.cpp-NVIDIA-Nemotron-3-Nano-30B-A3B.jinja'],
    ['deepseek-v3.1', 'vllm-tool_chat_template_deepseekv31.jinja'],
    ['deepseek-v3.2', 'llama.cpp-deepseek-ai-DeepSeek-V3.2.jinja'],
    ['glm-4.7', 'llama.cpp-zai-org-GLM-4.7-Flash.jinja'],
    ['glm-5', 'hfjs-zai-org-GLM-5.1.jinja'],
  ];
  const messages: Message[] = [{ role: 'user', content: 'Hello there' }];
  /** What follows the user's text: the end of the turn and the generation prompt. */
  const ending = (prompt: string, file: string) => {
    const end = prompt.slice(prompt.lastIndexOf('Hello there') + 'Hello there'.length);
    return file.startsWith('vllm-') ? end.replace(/\s+/g, '') : end;
  };
  test.each(pairs)('builtin:%s ends as %s does, thinking on and off', (id, file) => {
    const own = promptRendererFromText(readFileSync(new URL(file, corpusUrl('templates/')), 'utf8'), {
      name: file,
    });
    const builtin = builtinPromptRenderer(id);
    expect(builtin.reasoningSwitch).toBe(true);
    for (const enabled of [true, false]) {
      const input = { messages, tools: [], toolChoice: { type: 'auto' as const }, reasoning: { enabled } };
      expect([enabled, ending(builtin.render(input), file)]).toEqual([
        enabled,
        ending(own.render(input), file),
      ]);
    }
  });

  test("builtin:qwen3 keeps the reasoning of the tool loop in progress, as Qwen3's own template writes it", () => {
    // The shared conversation up to its tool result: the assistant turn with reasoning is the loop's.
    const loop = conversation.slice(0, 4);
    const input = {
      messages: loop,
      tools: [weather],
      toolChoice: { type: 'auto' as const },
      date: new Date(0),
    };
    const own = promptRendererFromText(
      readFileSync(new URL('llama.cpp-Qwen-Qwen3-0.6B.jinja', corpusUrl('templates/')), 'utf8'),
    );
    const builtin = builtinPromptRenderer('qwen3').render(input);
    expect(builtin).toContain(
      '<|im_start|>assistant\n<think>\nThe user wants weather.\n</think>\n\nLet me check.\n<tool_call>',
    );
    expect(builtin).toBe(own.render(input));
  });

  test("builtin:gpt-oss writes a call turn's analysis while no final answer follows, as gpt-oss's own template does", () => {
    const own = promptRendererFromText(
      readFileSync(new URL('llama.cpp-openai-gpt-oss-120b.jinja', corpusUrl('templates/')), 'utf8'),
    );
    const builtin = builtinPromptRenderer('gpt-oss');
    const reasoningOnly: Message[] = conversation.map((message, index) =>
      index === 2 && typeof message.content !== 'string'
        ? ({ ...message, content: message.content.filter((part) => part.type !== 'text') } as Message)
        : message,
    );
    const cases: [string, Message[], string | undefined][] = [
      ['the loop, reasoning only', reasoningOnly.slice(0, 4), 'The user wants weather.'],
      ['the loop, reasoning and text (the text is the analysis)', conversation.slice(0, 4), 'Let me check.'],
      ['a final answer follows', conversation, undefined],
    ];
    for (const [name, messages, analysis] of cases) {
      const render = (renderer: PromptRenderer) =>
        renderer.render({ messages, tools: [weather], toolChoice: auto, date: new Date(0) });
      const prompt = render(builtin);
      const written = /<\|channel\|>analysis<\|message\|>([^<]*)<\|end\|>/.exec(prompt)?.[1];
      expect({ name, written, prompt }).toEqual({ name, written: analysis, prompt: render(own) });
    }
  });

  test('a built-in without a switch says so', () => {
    expect(builtinPromptRenderer('qwen2.5').reasoningSwitch).toBe(false);
  });
});

test('docs/serve.md lists every built-in template with its format and whether it has a reasoning switch', () => {
  const doc = readFileSync(new URL('../../docs/serve.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('### Built-in templates'), doc.indexOf('\n## Backends'));
  // "yes": thinking on and off; "effort": the level only (gpt-oss).
  const rows = [...section.matchAll(/^\| `([^`]+)` \| `([^`]+)` \| (yes|effort|) \|$/gm)].map((row) => [
    row[1],
    row[2],
    row[3] !== '',
  ]);
  expect(rows).toEqual(
    promptTemplates.map((template) => [
      template.id,
      template.format,
      builtinPromptRenderer(template.id).reasoningSwitch,
    ]),
  );
});
