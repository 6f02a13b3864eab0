import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The Gemini, Mistral and Ollama example of docs/providers.md must really run: the import is pointed at the
// converters' sources and the example run by vitest.
const page = readFileSync(new URL('../../docs/providers.md', import.meta.url), 'utf8');
const section = page.slice(page.indexOf('## Gemini, Mistral and Ollama'));
const code = /```js run\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
const source = (provider: string) =>
  new URL(`../../src/providers/${provider}/index.js`, import.meta.url).pathname;

describe('docs/providers.md: Gemini, Mistral and Ollama example', () => {
  it('runs and gives the commented values', async () => {
    const runnable = code.replace(
      "import { gemini, mistral, ollama } from 'toolwire/providers';",
      ['gemini', 'mistral', 'ollama'].map((name) => `import { ${name} } from '${source(name)}';`).join('\n'),
    );
    mkdirSync(new URL('../../.cache/', import.meta.url), { recursive: true });
    const file = new URL('../../.cache/docs-providers.ts', import.meta.url);
    writeFileSync(file, `${runnable}\nexport { body, warnings, history, events, reader };\n`);
    const example = await import(file.pathname);
    expect(example.body.tools[0].functionDeclarations[0].parameters).toEqual({
      type: 'object',
      properties: { city: { type: 'string', nullable: true } },
      description: 'additionalProperties: false',
    });
    expect(example.body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY' } });
    expect(example.warnings.map((warning: { feature: string }) => warning.feature)).toEqual([
      'schema keyword additionalProperties',
    ]);
    expect(example.history.messages[1].content).toEqual([
      { type: 'tool-call', toolCallId: 'D681PevKs', toolName: 'payment_status', input: { id: 'T1001' } },
    ]);
    expect(example.events).toEqual([
      { type: 'tool-input-start', id: 'call_0', toolName: 'get_weather' },
      { type: 'tool-input-delta', id: 'call_0', delta: '{"city":"Oslo"}' },
      { type: 'tool-input-end', id: 'call_0' },
      {
        type: 'tool-call',
        id: 'call_0',
        toolName: 'get_weather',
        input: { city: 'Oslo' },
        raw: '{"city":"Oslo"}',
      },
    ]);
    expect(example.reader.finishReason).toEqual({ unified: 'tool-calls', raw: 'stop' });
    expect(example.reader.usage).toEqual({ inputTokens: 12, outputTokens: 5 });
  });
});
