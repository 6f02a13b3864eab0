import { readFileSync } from 'node:fs';
import OpenAI from 'openai';
import { afterAll, describe, expect, it } from 'vitest';
import { runServeCommand } from '../../src/cli/serve-command.js';
import { startReplayBackend } from './replay-backend.js';

// The README's "Serve" section: its `toolwire serve` flags, with the backend URL replaced by a replay
// server speaking OpenAI completions as llama.cpp server does, and its request through the openai SDK.
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const start = readme.indexOf('## Serve:');
const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
const command = /npx toolwire serve ([^#\n]+?)\s*\\\n\s*([^#\n]+?)\s*#/.exec(section);
const flags = command ? `${command[1]} ${command[2]}`.split(/\s+/) : [];

const stops: Array<() => void> = [];
afterAll(() => {
  for (const stop of stops) stop();
});

describe('README: serve', () => {
  it('the command and request of the Serve section give the commented tool call', async () => {
    expect(flags).toEqual([
      '--backend',
      'http://127.0.0.1:8080',
      '--model',
      'qwen3-coder',
      '--format',
      'qwen3_coder',
      '--grammar-field',
      'grammar',
    ]);
    const replay = await startReplayBackend({
      recordings: [
        {
          output:
            '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>',
        },
      ],
    });
    const stopped = new Promise<void>((resolve) => stops.push(resolve));
    const args = flags.map((flag) => (flag === 'http://127.0.0.1:8080' ? replay.url : flag));
    const url = await new Promise<string>((resolve) => {
      void runServeCommand(
        [...args, '--port', '0'],
        {
          stdout: () => {},
          stderr: (text) => {
            const match = /listening on (http:\/\/\S+)/.exec(text);
            if (match?.[1]) resolve(match[1]);
          },
        },
        {},
        stopped,
      );
    });
    // The README's client, with the gateway's port.
    const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'unused' });
    const answer = await client.chat.completions.create({
      model: 'qwen3-coder',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
          },
        },
      ],
      tool_choice: 'required',
    });
    const calls = answer.choices[0]?.message.tool_calls ?? [];
    expect(calls.map((call) => ({ ...call, id: call.id.slice(0, 5) }))).toEqual([
      { id: 'call_', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
    ]);
    expect(section).toContain(
      `// [{ id: 'call_…', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }]`,
    );
    // tool_choice required reached llama.cpp as a GBNF grammar in the format's markers.
    const grammar = replay.requests[0]?.body.grammar;
    expect(typeof grammar).toBe('string');
    expect(grammar as string).toContain('<function=get_weather>');
    await replay.close();
  }, 30_000);
});
