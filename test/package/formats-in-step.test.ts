import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runDemoCommand } from '../../src/cli/demo-command.js';
import { normalizeTools } from '../../src/formats/core/tool-index.js';
import { parseToolCalls } from '../../src/formats/parse-tool-calls.js';
import { getFormat, listFormats } from '../../src/formats/registry.js';
import expected from './examples-expected.json' with { type: 'json' };

// The format table of docs/formats.md, the registry and examples/ describe the same 45 formats: a format
// added without an example or a table row, a row whose source link or example link is wrong, or an example
// that no longer parses as shown fails here. The README lists the ids too, and docs/cli.md counts them.
const repo = new URL('../../', import.meta.url);
const examples = new URL('examples/', repo);
const page = new URL('docs/formats.md', repo);
const table = readFileSync(page, 'utf8');
const readme = readFileSync(new URL('README.md', repo), 'utf8');
const cli = readFileSync(new URL('docs/cli.md', repo), 'utf8').replace(/\s+/g, ' ');
const ids = listFormats().map((format) => format.id);

/** The format rows: `| [`id`](source) | aliases | description | [file](example) |`, links from docs/. */
const rows = [
  ...table.matchAll(/^\| \[`([^`]+)`\]\(([^)]+)\) \| (.*) \| (.*) \| \[([^\]]+)\]\(([^)]+)\) \|$/gm),
].map((match) => {
  const [id, source, aliases, description, exampleName, example] = match.slice(1).map((group) => group ?? '');
  return { id: id!, source: source!, aliases, description, exampleName, example };
});

/** A table cell as the page writes text: `<` escaped so Markdown shows it, `|` escaped for the table. */
const cell = (text: string): string => text.replaceAll('<', '&lt;').replaceAll('|', '\\|');

describe('the format table of docs/formats.md', () => {
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
        example: `../examples/${format.id}.txt`,
      })),
    );
  });

  it('links each id to the source file that defines the format', async () => {
    const wrong: string[] = [];
    for (const row of rows) {
      const path = new URL(row.source, page);
      const defines =
        /^\.\.\/src\/formats\/models\/[a-z0-9-]+\.ts$/.test(row.source) &&
        existsSync(path) &&
        Object.values(await import(path.href)).some(
          (value) => (value as { id?: unknown } | null)?.id === getFormat(row.id).id,
        );
      if (!defines) wrong.push(`${row.id} → ${row.source}`);
    }
    expect(wrong).toEqual([]);
  });

  it('states the number of formats the demo parses', () => {
    expect(cli).toContain(`one realistic output for each of the ${ids.length} formats`);
    const calls = Object.values(expected).reduce((sum, example) => sum + example.calls.length, 0);
    expect(cli).toContain(`(${calls} calls from ${ids.length} formats)`);
  });

  it('is listed by id in the README, in registry order', () => {
    const section = readme.slice(
      readme.indexOf('## Formats'),
      readme.indexOf('\n## ', readme.indexOf('## Formats') + 1),
    );
    const listed = [...section.matchAll(/`([a-z0-9_]+)`(?=[,.])/g)].map((match) => match[1]);
    expect(listed).toEqual(ids);
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
