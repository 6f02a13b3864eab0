import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The README's examples must really run: the shell example prints the JSON block that follows it, and
// the library example runs against the built package (`npm test` builds before testing).
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const blocks = [...readme.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((match) => ({
  language: match[1],
  code: match[2] ?? '',
}));

describe('README', () => {
  it('shell example prints the JSON shown under it', () => {
    const index = blocks.findIndex(
      (block) => block.language === 'sh' && block.code.includes('toolwire parse'),
    );
    const command = blocks[index]?.code.trim() ?? '';
    const shown = blocks[index + 1];
    expect(shown?.language).toBe('json');
    const output = execSync(command.replace('npx toolwire', 'node bin/toolwire.js'), {
      encoding: 'utf8',
      shell: '/bin/bash',
    });
    expect(JSON.parse(output)).toEqual(JSON.parse(shown?.code ?? ''));
  });

  it('library example runs and yields the commented calls', () => {
    // The library example, not the first TypeScript block (the serve section's client comes first).
    const code =
      blocks.find((block) => block.language === 'ts' && block.code.includes('const streamed'))?.code ?? '';
    mkdirSync(new URL('../.cache/', import.meta.url), { recursive: true });
    const file = new URL('../.cache/readme-example.mjs', import.meta.url);
    // The example is plain ESM; print `result` to check the comment's claim. Run by node, not vite, so
    // that `import 'toolwire'` resolves to the built package by its own name.
    writeFileSync(file, `${code}\nconsole.log(JSON.stringify({ result, streamed }));\n`);
    const { result, streamed } = JSON.parse(execSync(`node ${file.pathname}`, { encoding: 'utf8' }));
    const calls: Array<Record<string, unknown>> = result.toolCalls;
    expect(calls.map(({ id, name, arguments: input }) => ({ id, name, input }))).toEqual([
      { id: 'call_0', name: 'get_weather', input: { city: 'Paris', days: 3 } },
    ]);
    // The comment's raw: from the call's own marker to its end, the <tool_call> wrapper left out.
    const raw = String(calls[0]?.raw);
    expect(raw.startsWith('<function=get_weather>\n') && raw.endsWith('</function>')).toBe(true);
    expect(code).toContain("raw: '<function=get_weather>\\n…</function>'");
    // The streamed parse, folded by the EventCollector, equals the whole-text parse.
    expect(streamed).toEqual(result);
  });
});

describe('README schema example', () => {
  it('runs and gives the commented values', () => {
    const code =
      blocks.find((block) => block.language === 'js' && block.code.includes('alignValue'))?.code ?? '';
    mkdirSync(new URL('../.cache/', import.meta.url), { recursive: true });
    const file = new URL('../.cache/readme-schema.mjs', import.meta.url);
    writeFileSync(file, `${code}\nconsole.log(JSON.stringify({ aligned, flag }));\n`);
    const { aligned, flag } = JSON.parse(execSync(`node ${file.pathname}`, { encoding: 'utf8' }));
    expect(aligned).toEqual({
      value: { hours: 3, spot: 'garage' },
      flags: [
        { path: '/hours', kind: 'string_to_number' },
        { path: '/hours', kind: 'float_to_integer' },
        { path: '/spot', kind: 'enum_case_insensitive' },
      ],
      issues: [],
    });
    expect(flag.value).toBe(true);
  });
});

describe('README streaming example', () => {
  it('runs and gives the commented events', () => {
    const code =
      blocks.find((block) => block.language === 'js' && block.code.includes('createToolCallStream'))?.code ??
      '';
    mkdirSync(new URL('../.cache/', import.meta.url), { recursive: true });
    const file = new URL('../.cache/readme-stream.mjs', import.meta.url);
    writeFileSync(file, `${code}\nconsole.log(JSON.stringify({ events, chunks }));\n`);
    const { events, chunks } = JSON.parse(execSync(`node ${file.pathname}`, { encoding: 'utf8' }));
    const kinds = events.map((event: { type: string }) => event.type);
    expect(kinds[0]).toBe('text-delta');
    expect(
      events
        .filter((event: { type: string }) => event.type === 'text-delta')
        .map((event: { delta: string }) => event.delta)
        .join(''),
    ).toBe('Checking.');
    expect(events.find((event: { type: string }) => event.type === 'tool-input-start')).toEqual({
      type: 'tool-input-start',
      id: 'call_0',
      toolName: 'get_weather',
    });
    const deltas = events
      .filter((event: { type: string }) => event.type === 'tool-input-delta')
      .map((event: { delta: string }) => event.delta)
      .join('');
    expect(JSON.parse(deltas)).toEqual({ city: 'Oslo' });
    expect(kinds.at(-2)).toBe('tool-input-end');
    expect(events.at(-1)).toMatchObject({
      type: 'tool-call',
      id: 'call_0',
      toolName: 'get_weather',
      input: { city: 'Oslo' },
    });
    expect(chunks.at(-1).choices[0].finish_reason).toBe('tool_calls');
  });
});

describe('README formats table', () => {
  it('lists exactly the registered formats', async () => {
    const { listFormats } = await import('../src/formats/registry.js');
    const listed = [...readme.matchAll(/^\| \[`([a-z0-9_]+)`\]\(/gm)].map((match) => match[1]);
    expect(listed).toEqual(listFormats().map((format) => format.id));
  });
});
