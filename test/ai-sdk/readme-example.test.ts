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
