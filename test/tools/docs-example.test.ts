import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The tools example of docs/tools.md must really run and give what its comments say. It imports 'toolwire'
// by name; here that name is this checkout's source, so the example runs without a build.
const page = readFileSync(new URL('../../docs/tools.md', import.meta.url), 'utf8');
const section = page.slice(page.indexOf('## Define, dispatch, run'));
const code = /```ts run\n([\s\S]*?)```/.exec(section)?.[1] ?? '';

describe('docs/tools.md example', () => {
  it('runs and gives the commented values', async () => {
    const source = new URL('../../src/index.ts', import.meta.url).pathname;
    const file = new URL('../../.cache/docs-tools.ts', import.meta.url);
    mkdirSync(new URL('../../.cache/', import.meta.url), { recursive: true });
    writeFileSync(
      file,
      `${code.replace("from 'toolwire'", `from '${source}'`)}\nexport { events, ran, refused, run };\n`,
    );
    const { events, ran, refused, run } = await import(/* @vite-ignore */ file.href);
    expect(ran.result).toEqual({
      type: 'tool-result',
      toolCallId: 'call_0',
      toolName: 'set_mode',
      output: { type: 'text', value: 'mode is manual' },
    });
    expect(refused.result.output).toEqual({
      type: 'error-text',
      value:
        'The arguments of "set_mode" do not fit its parameters:\n- /mode: expected "auto" | "manual", received "other"\nFix these arguments and call "set_mode" again.',
    });
    expect(events).toEqual([
      '1 step-start',
      '1 assistant-message',
      '1 tool-call',
      '1 tool-result',
      '1 step-end',
      '2 step-start',
      '2 assistant-message',
      '2 step-end',
      '2 finish',
    ]);
    expect(run.finishReason).toBe('stop');
    expect(run.messages.map((message: { role: string }) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(code).toContain("// run.finishReason → 'stop'");
  }, 60_000);
});
