import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { grammarFor, structuralTagFor } from '../../../src/formats/grammar-for.js';
import { getFormat } from '../../../src/formats/registry.js';

interface Case {
  readonly name: string;
  readonly options: Record<string, unknown>;
  readonly tools: unknown[];
  readonly triggers: string[];
  readonly warnings: unknown[];
}

const cases = JSON.parse(
  readFileSync(new URL('./grammar-for-cases.json', import.meta.url), 'utf8'),
) as Case[];
const tools = [{ name: 'f', parameters: { type: 'object', properties: {}, additionalProperties: false } }];

describe('grammarFor', () => {
  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    const result = grammarFor({ ...entry.options, tools: entry.tools } as never);
    expect({ triggers: result.triggers, warnings: result.warnings }).toEqual({
      triggers: entry.triggers,
      warnings: entry.warnings,
    });
  });

  it('is deterministic, and takes a format definition or an alias as well as an id', () => {
    const byId = grammarFor({ tools, format: 'qwen3_coder', parallel: true });
    expect(grammarFor({ tools, format: 'qwen3_xml', parallel: true })).toEqual(byId);
    expect(grammarFor({ tools, format: getFormat('qwen3_coder'), parallel: true })).toEqual(byId);
  });

  it.each([
    [
      { tools, format: 'hermes', toolChoice: 42 },
      'invalid_argument',
      'toolChoice must be "auto", "required", "none", a tool name or { type: "tool", toolName }, got number',
    ],
    [
      { tools, format: 'hermes', toolChoice: 'g' },
      'invalid_argument',
      'toolChoice names "g", which is not in tools',
    ],
    [
      { tools: [], format: 'hermes', toolChoice: 'required' },
      'invalid_argument',
      'toolChoice "required" needs at least one tool',
    ],
    [{ tools: 'x', format: 'hermes' }, 'invalid_tools', 'tools must be a JSON array'],
    [null, 'invalid_argument', 'grammarFor() takes an options object, got null'],
    [
      { tools, format: 'content_only', toolChoice: 'f' },
      'invalid_argument',
      'this format writes no tool calls: use toolChoice "auto" or "none"',
    ],
  ])('throws on misuse: %j', (options, code, message) => {
    let thrown: unknown;
    try {
      grammarFor(options as never);
    } catch (error) {
      thrown = error;
    }
    expect({ code: (thrown as { code?: string }).code, message: (thrown as Error).message }).toEqual({
      code,
      message,
    });
  });
});

describe('structuralTagFor', () => {
  it('has no tag for toolChoice none', () => {
    expect(structuralTagFor({ tools, format: 'hermes', toolChoice: 'none' })).toEqual({
      structuralTag: undefined,
      warnings: [{ type: 'unsupported', feature: 'structural-tag', details: 'no tool calls to constrain' }],
    });
  });

  it('requires a call with required: the tags with their separator, no trigger', () => {
    expect(structuralTagFor({ tools, format: 'hermes', toolChoice: 'required', parallel: true })).toEqual({
      structuralTag: {
        type: 'structural_tag',
        format: {
          type: 'tags_with_separator',
          tags: [
            {
              type: 'tag',
              begin: '<tool_call>\n{"name": "f", "arguments": ',
              content: { type: 'json_schema', json_schema: tools[0]?.parameters },
              end: '}\n</tool_call>',
            },
          ],
          separator: '\n',
          at_least_one: true,
          stop_after_first: false,
        },
      },
      warnings: [],
    });
  });
});
