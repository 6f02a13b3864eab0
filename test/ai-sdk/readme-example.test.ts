/**
 * The README's AI SDK example runs as written, against an OpenAI-compatible server stubbed with a
 * `fetch` that answers as a Qwen3-Coder server without a tool parser would (calls as text).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('### AI SDK'));
const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';

const answers = [
  'Let me look.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n2\n</parameter>\n</function>\n</tool_call>',
  'Sunny and 18 °C in Paris for the next two days.',
];

it('README AI SDK example runs and gives the commented call', { timeout: 60_000 }, async () => {
  const bodies: Record<string, unknown>[] = [];
  (globalThis as { readmeFetch?: unknown }).readmeFetch = async (_url: string, init: { body: string }) => {
    bodies.push(JSON.parse(init.body));
    const content = answers[bodies.length - 1] ?? '';
    return new Response(
      JSON.stringify({
        id: `chatcmpl-${bodies.length}`,
        object: 'chat.completion',
        created: 0,
        model: 'Qwen/Qwen3-Coder-30B-A3B-Instruct',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  };
  const source = code
    .replace(
      "from 'toolwire/ai-sdk'",
      `from '${new URL('../../src/ai-sdk/index.js', import.meta.url).pathname}'`,
    )
    .replace("apiKey: 'none' }", "apiKey: 'none', fetch: (globalThis as any).readmeFetch }");
  expect(source).toContain('readmeFetch');
  mkdirSync(new URL('../../.cache/', import.meta.url), { recursive: true });
  const file = new URL('../../.cache/readme-ai-sdk.ts', import.meta.url);
  writeFileSync(file, `${source}\nexport { steps, text };\n`);
  const { steps, text } = (await import(file.pathname)) as {
    steps: { toolCalls: { toolCallId: string; toolName: string; input: unknown }[] }[];
    text: string;
  };
  expect(
    steps[0]?.toolCalls.map(({ toolCallId, toolName, input }) => ({ toolCallId, toolName, input })),
  ).toEqual([{ toolCallId: 'call_0', toolName: 'get_weather', input: { city: 'Paris', days: 2 } }]);
  expect(code).toContain(
    "// steps[0].toolCalls → [{ toolCallId: 'call_0', toolName: 'get_weather', input: { city: 'Paris', days: 2 } }]",
  );
  expect(text).toBe(answers[1]);
  // The server got no `tools` (the middleware wrote them into the system prompt) and, on the second
  // step, the call and its result as the model's own text.
  expect(bodies.map((body) => body.tools)).toEqual([undefined, undefined]);
  const second = bodies[1]?.messages as { role: string; content: string }[];
  expect(second.slice(1)).toEqual([
    { role: 'user', content: 'Weather in Paris for the next two days?' },
    {
      role: 'assistant',
      content:
        'Let me look.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n2\n</parameter>\n</function>\n</tool_call>',
    },
    {
      role: 'user',
      content: '<tool_response>\n{"city":"Paris","days":2,"celsius":18}\n</tool_response>\n',
    },
  ]);
});

const rawCode = [...section.matchAll(/```ts\n([\s\S]*?)```/g)][1]?.[1] ?? '';

it(
  'README whole-prompt example runs against a /v1/completions stub and gives the commented call',
  { timeout: 60_000 },
  async () => {
    const bodies: Record<string, unknown>[] = [];
    (globalThis as { readmeCompletionFetch?: unknown }).readmeCompletionFetch = async (
      _url: string,
      init: { body: string },
    ) => {
      bodies.push(JSON.parse(init.body));
      return new Response(
        JSON.stringify({
          id: 'cmpl-1',
          object: 'text_completion',
          created: 0,
          model: 'Qwen/Qwen2.5-7B-Instruct',
          choices: [
            {
              index: 0,
              text: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
              finish_reason: 'stop',
              logprobs: null,
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    };
    const source = rawCode
      .replace(
        "from 'toolwire/ai-sdk'",
        `from '${new URL('../../src/ai-sdk/index.js', import.meta.url).pathname}'`,
      )
      .replace('fetch: rawPromptFetch()', 'fetch: rawPromptFetch((globalThis as any).readmeCompletionFetch)');
    expect(source).toContain('readmeCompletionFetch');
    mkdirSync(new URL('../../.cache/', import.meta.url), { recursive: true });
    const file = new URL('../../.cache/readme-ai-sdk-raw.ts', import.meta.url);
    writeFileSync(file, `${source}\nexport { toolCalls };\n`);
    const { toolCalls } = (await import(file.pathname)) as {
      toolCalls: { toolName: string; input: unknown }[];
    };
    expect(toolCalls.map(({ toolName, input }) => ({ toolName, input }))).toEqual([
      { toolName: 'get_weather', input: { city: 'Paris' } },
    ]);
    expect(rawCode).toContain("// toolCalls → [{ toolName: 'get_weather', input: { city: 'Paris' }, … }]");
    const prompt = String(bodies[0]?.prompt);
    const head = '<|im_start|>system\nYou are a helpful assistant.\n\n# Tools\n';
    const tail = '<|im_start|>user\nWeather in Paris?<|im_end|>\n<|im_start|>assistant\n';
    expect([prompt.slice(0, head.length), prompt.slice(-tail.length), bodies[0]?.stop]).toEqual([
      head,
      tail,
      undefined,
    ]);
    expect(rawCode).toContain(
      '// The server got prompt: "<|im_start|>system\\nYou are a helpful assistant.\\n\\n# Tools\\n…<|im_start|>assistant\\n"',
    );
  },
);
