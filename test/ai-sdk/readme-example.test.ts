/**
 * The AI SDK examples that call a server (docs/ai-sdk.md's two and the README's) run as written, against
 * an OpenAI-compatible server stubbed with a `fetch` that answers as a server without a tool parser would
 * (calls as text).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/** The code of the shown-only ```ts blocks of a page (or of one section of it). */
function serverBlocks(path: string, heading = ''): string[] {
  const text = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
  const section = text.slice(text.indexOf(heading));
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

/**
 * A `fetch` answering OpenAI chat completions with `contents` in turn, as a server without a tool parser
 * would; each request body is pushed to `bodies`. Kept on `globalThis` under `name` for the block to use.
 */
function stubChatServer(name: string, contents: readonly string[], bodies: Record<string, unknown>[]): void {
  (globalThis as Record<string, unknown>)[name] = async (_url: string, init: { body: string }) => {
    bodies.push(JSON.parse(init.body));
    const content = contents[bodies.length - 1] ?? '';
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
}

/** Runs a block with its `toolwire/ai-sdk` import pointed at the sources; returns the named values. */
async function runBlock(source: string, name: string, names: string): Promise<Record<string, unknown>> {
  const pointed = source.replace(
    "from 'toolwire/ai-sdk'",
    `from '${new URL('../../src/ai-sdk/index.js', import.meta.url).pathname}'`,
  );
  mkdirSync(new URL('../../.cache/', import.meta.url), { recursive: true });
  const file = new URL(`../../.cache/${name}.ts`, import.meta.url);
  writeFileSync(file, `${pointed}\nexport { ${names} };\n`);
  return import(file.pathname);
}

const [code = '', rawCode = ''] = serverBlocks('docs/ai-sdk.md');
const [readmeCode = ''] = serverBlocks('README.md', '### AI SDK');

const answers = [
  'Let me look.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n2\n</parameter>\n</function>\n</tool_call>',
  'Sunny and 18 °C in Paris for the next two days.',
];

it('docs/ai-sdk.md: the example runs and gives the commented call', { timeout: 60_000 }, async () => {
  const bodies: Record<string, unknown>[] = [];
  stubChatServer('readmeFetch', answers, bodies);
  const source = code.replace("apiKey: 'none' }", "apiKey: 'none', fetch: (globalThis as any).readmeFetch }");
  expect(source).toContain('readmeFetch');
  const { steps, text } = (await runBlock(source, 'docs-ai-sdk', 'steps, text')) as {
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
        'Let me look.\n\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n2\n</parameter>\n</function>\n</tool_call>',
    },
    {
      role: 'user',
      content: '<tool_response>\n{"city":"Paris","days":2,"celsius":18}\n</tool_response>\n',
    },
  ]);
});

it(
  'docs/ai-sdk.md: the whole-prompt example runs against a /v1/completions stub and gives the commented call',
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
    const source = rawCode.replace(
      'fetch: rawPromptFetch()',
      'fetch: rawPromptFetch((globalThis as any).readmeCompletionFetch)',
    );
    expect(source).toContain('readmeCompletionFetch');
    const { toolCalls } = (await runBlock(source, 'docs-ai-sdk-raw', 'toolCalls')) as {
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

it('README: the AI SDK example runs and gives the commented call', { timeout: 60_000 }, async () => {
  const bodies: Record<string, unknown>[] = [];
  stubChatServer(
    'readmeChatFetch',
    ['<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>'],
    bodies,
  );
  const source = readmeCode.replace(
    "apiKey: 'none' }",
    "apiKey: 'none', fetch: (globalThis as any).readmeChatFetch }",
  );
  expect(source).toContain('readmeChatFetch');
  const { toolCalls } = (await runBlock(source, 'readme-ai-sdk', 'toolCalls')) as {
    toolCalls: { toolName: string; input: unknown }[];
  };
  expect(toolCalls.map(({ toolName, input }) => ({ toolName, input }))).toEqual([
    { toolName: 'get_weather', input: { city: 'Paris' } },
  ]);
  expect(readmeCode).toContain("// toolCalls → [{ toolName: 'get_weather', input: { city: 'Paris' }, … }]");
  // The server got the tools in the prompt, not as native tools.
  expect(bodies.map((body) => body.tools)).toEqual([undefined]);
});
