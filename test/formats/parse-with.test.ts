/**
 * `parseWith(definition, text, options)`: one format by its definition, as the formats entry exports it.
 * Over every case of the format tables (`test/formats/<format-id>.json`) it returns exactly what
 * `parseToolCalls` returns for that format's id.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FormatOptions } from '../../src/formats/index.js';
import * as formats from '../../src/formats/index.js';
import { auto, hermes, listFormats, parseToolCalls, parseWith } from '../../src/formats/index.js';
import type { ToolDefinition } from '../../src/types/tool.js';

interface TableCase {
  readonly description: string;
  readonly input: string;
  readonly tools?: readonly ToolDefinition[];
  readonly options?: FormatOptions;
}

const directory = new URL('./', import.meta.url);
const tables = readdirSync(directory)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({
    id: file.slice(0, -'.json'.length),
    cases: JSON.parse(readFileSync(new URL(file, directory), 'utf8')) as TableCase[],
  }));

/** The formats entry's exports that are format definitions, by export name. */
const exported = Object.entries(formats).filter(
  ([, value]) => typeof value === 'object' && value !== null && 'create' in value && 'id' in value,
);

describe('the format definitions of toolwire/formats', () => {
  it('are every registered format, one export each (and auto)', () => {
    const definitions = exported.map(([, definition]) => definition);
    expect(definitions.length).toBe(listFormats().length + 1);
    expect(listFormats().filter((format) => !definitions.includes(format))).toEqual([]);
    expect(
      definitions.filter((definition) => definition !== auto && !listFormats().includes(definition as never)),
    ).toEqual([]);
  });
});

describe('parseWith', () => {
  it('reads a hermes call', () => {
    expect(parseWith(hermes, 'Sure.<tool_call>\n{"name": "f", "arguments": {"a": 1}}\n</tool_call>')).toEqual(
      {
        format: 'hermes',
        content: 'Sure.',
        reasoning: '',
        toolCalls: [
          {
            id: 'call_0',
            name: 'f',
            arguments: { a: 1 },
            raw: '<tool_call>\n{"name": "f", "arguments": {"a": 1}}\n</tool_call>',
          },
        ],
        invalidToolCalls: [],
      },
    );
  });

  for (const table of tables) {
    it(`returns what parseToolCalls returns, for every case of ${table.id}.json`, () => {
      const definition = listFormats().find((format) => format.id === table.id);
      expect(definition).toBeDefined();
      for (const testCase of table.cases) {
        const options = { ...(testCase.options ?? {}), ...(testCase.tools ? { tools: testCase.tools } : {}) };
        expect(parseWith(definition!, testCase.input, options), testCase.description).toEqual(
          parseToolCalls(testCase.input, { ...options, format: table.id }),
        );
      }
    });
  }

  it('throws invalid_argument for what is not one format, and for text that is not a string', () => {
    const code = (run: () => unknown): unknown => {
      try {
        run();
        return 'no error';
      } catch (error) {
        return [(error as { code?: string }).code, (error as Error).message];
      }
    };
    expect(code(() => parseWith('hermes' as never, 'x'))).toEqual([
      'invalid_argument',
      'parseWith() takes a FormatDefinition, got string',
    ]);
    expect(code(() => parseWith(auto, 'x'))).toEqual([
      'invalid_argument',
      'parseWith() takes one format; `auto` picks among all of them: use parseToolCalls()',
    ]);
    expect(code(() => parseWith(hermes, 42 as never))).toEqual([
      'invalid_argument',
      'parseWith() takes a string, got number',
    ]);
    expect(code(() => parseWith(hermes, 'x', { tools: 'no' as never }))).toEqual([
      'invalid_tools',
      'tools must be a JSON array',
    ]);
  });
});
