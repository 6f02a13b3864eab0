/**
 * `parseWith(definition, text, options)`: one format by its definition, as the formats entry exports it.
 * Over every case of the format tables (`test/formats/<format-id>.json`), with `align: schemaAlignment`
 * (and without it where a case gives no tools), it returns exactly what `parseToolCalls` returns for
 * that format's id.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FormatOptions } from '../../src/formats/index.js';
import {
  auto,
  hermes,
  listFormats,
  parseToolCalls,
  parseWith,
  schemaAlignment,
} from '../../src/formats/index.js';
import type { ToolDefinition } from '../../src/types/tool.js';
import { exported, namedDefinition } from './named-definitions.js';

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

describe('the format definitions of toolwire/formats', () => {
  it('are every registered format, one export each (and auto)', () => {
    const ids = exported.map(([, definition]) => definition.id);
    expect(ids.length).toBe(listFormats().length + 1);
    expect([...ids].sort()).toEqual([...listFormats().map((format) => format.id), 'auto'].sort());
    expect(exported.find(([, definition]) => definition === auto)?.[0]).toBe('auto');
  });

  it('carry the fields of the registered definitions', () => {
    for (const format of listFormats()) {
      const { create: _registered, ...fields } = format;
      const { create: _named, ...named } = namedDefinition(format.id);
      expect(named, format.id).toEqual(fields);
    }
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
      const named = namedDefinition(table.id);
      const registered = listFormats().find((format) => format.id === table.id);
      expect(registered).toBeDefined();
      for (const testCase of table.cases) {
        const options = { ...(testCase.options ?? {}), ...(testCase.tools ? { tools: testCase.tools } : {}) };
        const expected = parseToolCalls(testCase.input, { ...options, format: table.id });
        expect(
          parseWith(named, testCase.input, { ...options, align: schemaAlignment }),
          testCase.description,
        ).toEqual(expected);
        // The registry's definition aligns by itself, as parseToolCalls does.
        expect(parseWith(registered!, testCase.input, options), testCase.description).toEqual(expected);
        if (testCase.tools === undefined)
          expect(parseWith(named, testCase.input, options), testCase.description).toEqual(expected);
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
    expect(code(() => parseWith(hermes, 'x', { align: (() => ({})) as never }))).toEqual([
      'invalid_argument',
      'options.align must be a SchemaAlignment (schemaAlignment from toolwire/schema), got function',
    ]);
    expect(
      code(() => parseWith(hermes, 'x', { align: { ...schemaAlignment, root: undefined } as never })),
    ).toEqual([
      'invalid_argument',
      'options.align must be a SchemaAlignment (schemaAlignment from toolwire/schema), got object',
    ]);
    for (const key of [
      'reasoningStartedInPrompt',
      'inputEvents',
      'glmShorthand',
      'allowUnknownTools',
      'allowInvalidArguments',
      'strictFormat',
      'applyDefaults',
    ]) {
      expect(code(() => parseWith(hermes, 'x', { [key]: 'yes' } as never))).toEqual([
        'invalid_argument',
        `options.${key} must be a boolean, got string`,
      ]);
    }
    // An alignment that is not frozen is checked on every parse: changed after a good parse, it fails.
    const align = { ...schemaAlignment };
    expect(parseWith(hermes, 'x', { align }).content).toBe('x');
    (align as { root: unknown }).root = undefined;
    expect(code(() => parseWith(hermes, 'x', { align }))).toEqual([
      'invalid_argument',
      'options.align must be a SchemaAlignment (schemaAlignment from toolwire/schema), got object',
    ]);
  });
});
