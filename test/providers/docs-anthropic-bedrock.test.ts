import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BEDROCK_PLACEHOLDER_TOOL } from '../../src/providers/bedrock/index.js';

// The Anthropic and Bedrock examples of docs/providers.md run against the sources (no build needed): each
// block is written to `.cache/` with its `toolwire/providers` import pointed at src/providers/index.ts, and
// its values are checked against what its comments claim.
const page = readFileSync(new URL('../../docs/providers.md', import.meta.url), 'utf8');
const section = page.slice(page.indexOf('## Anthropic and Bedrock'));
const blocks = [...section.matchAll(/```js run\n([\s\S]*?)```/g)].map((match) => match[1] ?? '').slice(0, 2);

async function run(code: string, name: string, names: string): Promise<Record<string, unknown>> {
  mkdirSync(new URL('../../.cache/', import.meta.url), { recursive: true });
  const file = new URL(`../../.cache/${name}.ts`, import.meta.url);
  const entry = new URL('../../src/providers/index.js', import.meta.url).pathname;
  writeFileSync(
    file,
    `${code.replace("'toolwire/providers'", JSON.stringify(entry))}\nexport { ${names} };\n`,
  );
  return import(/* @vite-ignore */ file.pathname);
}

describe('docs/providers.md: Anthropic and Bedrock examples', () => {
  it('the Anthropic example gives the commented body and events', async () => {
    const { body, warnings, events } = (await run(
      blocks[0]!,
      'docs-anthropic',
      'body, warnings, events',
    )) as {
      body: Record<string, unknown>;
      warnings: unknown[];
      events: unknown[];
    };
    expect(body.system).toBe('Be brief.');
    expect(body.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
    expect((body.messages as unknown[])[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_1', content: 'timeout', is_error: true },
        { type: 'text', text: 'Try again.' },
      ],
    });
    expect(warnings).toEqual([]);
    expect(events).toEqual([
      { type: 'tool-input-start', id: 'toolu_2', toolName: 'get_weather' },
      { type: 'tool-input-delta', id: 'toolu_2', delta: '{"city": "Oslo"}' },
      { type: 'tool-input-end', id: 'toolu_2' },
      {
        type: 'tool-call',
        id: 'toolu_2',
        toolName: 'get_weather',
        input: { city: 'Oslo' },
        raw: '{"city": "Oslo"}',
      },
    ]);
  });

  it('the Bedrock example gives the commented request and warning', async () => {
    const { converse } = (await run(blocks[1]!, 'docs-bedrock', 'converse')) as {
      converse: { value: { messages: unknown[]; toolConfig: unknown }; warnings: unknown[] };
    };
    expect(converse.value.messages[1]).toEqual({
      role: 'user',
      content: [{ toolResult: { toolUseId: 'tooluse_1', content: [{ json: { song: 'Elemental Hotel' } }] } }],
    });
    expect(converse.value.toolConfig).toEqual({ tools: [BEDROCK_PLACEHOLDER_TOOL] });
    expect(converse.warnings).toEqual([
      {
        type: 'compatibility',
        feature: 'toolConfig',
        details:
          'the history holds tool blocks and no tools are sent: placeholder tool "toolwire_no_tools" keeps toolConfig',
      },
    ]);
  });
});
