import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runDemoCommand } from '../../src/cli/demo-command.js';
import { normalizeTools } from '../../src/formats/core/tool-index.js';
import { parseToolCalls } from '../../src/formats/parse-tool-calls.js';
import { getFormat, listFormats } from '../../src/formats/registry.js';
import expected from './examples-expected.json' with { type: 'json' };

// The README's format table, the registry and examples/ describe the same 45 formats: a format added
// without an example or a README row, a row whose source link or example link is wrong, or an example
// that no longer parses as shown fails here.
const repo = new URL('../../', import.meta.url);
const examples = new URL('examples/', repo);
const readme = readFileSync(new URL('README.md', repo), 'utf8');
const ids = listFormats().map((format) => format.id);

/** The README's format rows: `| [`id`](source) | aliases | description | [file](example) |`. */
const rows = [
  ...readme.matchAll(/^\| \[`([^`]+)`\]\(([^)]+)\) \| (.*) \| (.*) \| \[([^\]]+)\]\(([^)]+)\) \|$/gm),
].map((match) => {
  const [id, source, aliases, description, exampleName, example] = match.slice(1).map((group) => group ?? '');
  return { id: id!, source: source!, aliases, description, exampleName, example };
});

/** A table cell as the README writes text: `<` escaped so Markdown shows it, `|` escaped for the table. */
const cell = (text: string): string => text.replaceAll('<', '&lt;').replaceAll('|', '\\|');

describe('the README format table', () => {
  it('has one row per registered format, in registry order', () => {
    expect(rows.map((row) => row.id)).toEqual(ids);
  });

  it('gives each format its aliases, description and example file', () => {
    expect(
      rows.map(({ id, aliases, description, exampleName, example }) => ({
        id,
        aliases,
        description,
        exampleName,
        example,
      })),
    ).toEqual(
      listFormats().map((format) => ({
        id: format.id,
        aliases: format.aliases.map((alias) => `\`${alias}\``).join(', '),
        description: cell(format.description),
        exampleName: `${format.id}.txt`,
        example: `examples/${format.id}.txt`,
      })),
    );
  });

  it('links each id to the source file that defines the format', async () => {
    const wrong: string[] = [];
    for (const row of rows) {
      const path = new URL(row.source, repo);
      const defines =
        /^src\/formats\/[a-z0-9-]+\.ts$/.test(row.source) &&
        existsSync(path) &&
        Object.values(await import(path.href)).includes(getFormat(row.id));
      if (!defines) wrong.push(`${row.id} → ${row.source}`);
    }
    expect(wrong).toEqual([]);
  });

  it('states the number of formats the demo parses', () => {
    expect(readme).toContain(`one realistic output for each of the ${ids.length}\n  formats`);
    const calls = Object.values(expected).reduce((sum, example) => sum + example.calls.length, 0);
    expect(readme).toContain(`(${calls} calls from ${ids.length} formats)`);
  });
});

describe('examples/', () => {
  it('holds one output per registered format and nothing else', () => {
    const files = readdirSync(examples).filter((file) => file.endsWith('.txt'));
    expect(files.sort()).toEqual(ids.map((id) => `${id}.txt`).sort());
    expect(Object.keys(expected)).toEqual(ids);
  });

  const tools = normalizeTools(JSON.parse(readFileSync(new URL('tools.json', examples), 'utf8')));
  it.each(ids)('%s: parses into the calls shown', (id) => {
    const result = parseToolCalls(readFileSync(new URL(`${id}.txt`, examples), 'utf8'), {
      format: id,
      tools,
    });
    expect({
      content: result.content.trim(),
      reasoning: result.reasoning.trim(),
      calls: result.toolCalls.map(({ id, name, arguments: input }) => ({ id, name, arguments: input })),
      invalid: result.invalidToolCalls,
    }).toEqual({ ...expected[id as keyof typeof expected], invalid: [] });
  });

  it('are all printed by the demo, in registry order', () => {
    const output: string[] = [];
    runDemoCommand(examples, (text) => output.push(text), false);
    const text = output.join('');
    const headers = [...text.matchAll(/^── (\S+) ─+$/gm)].map((match) => match[1]);
    expect(headers).toEqual(ids);
    const calls = Object.values(expected).reduce((sum, example) => sum + example.calls.length, 0);
    expect(text.split('\n').at(-2)).toBe(
      `${calls} tool calls from ${ids.length} formats (examples in ${examples.pathname})`,
    );
    expect(text).not.toContain('✗ invalid');
  });
});
