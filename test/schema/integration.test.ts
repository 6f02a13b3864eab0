import { describe, expect, it } from 'vitest';
import { parseToolCalls } from '../../src/formats/parse-tool-calls.js';
import type { ToolDefinition } from '../../src/types/tool.js';

const tools: ToolDefinition[] = [
  {
    name: 'park',
    parameters: {
      type: 'object',
      properties: {
        spot: { type: 'string', enum: ['garage', 'street'] },
        hours: { type: 'integer' },
        plate: { $ref: '#/$defs/plate' },
      },
      required: ['spot', 'hours'],
      $defs: { plate: { type: 'string', minLength: 2 } },
    },
  },
];

describe('formats type arguments through schema/ when tools are given', () => {
  it('JSON format (hermes): arguments aligned with alignValue', () => {
    const text = '<tool_call>\n{"name": "park", "arguments": {"spot": "Garage", "hours": "2"}}\n</tool_call>';
    const result = parseToolCalls(text, { format: 'hermes', tools });
    expect(result.invalidToolCalls).toEqual([]);
    expect(result.toolCalls.map((call) => call.arguments)).toEqual([{ spot: 'garage', hours: 2 }]);
    expect(result.toolCalls[0]?.flags?.map(({ path }) => path)).toEqual(['/spot', '/hours']);
    expect(result.toolCalls[0]?.issues).toBeUndefined();
  });

  it('JSON format: a missing required argument makes an invalid call with the issue', () => {
    const text = '<tool_call>\n{"name": "park", "arguments": {"spot": "street"}}\n</tool_call>';
    const result = parseToolCalls(text, { format: 'hermes', tools });
    expect(result.toolCalls).toEqual([]);
    expect(result.invalidToolCalls).toHaveLength(1);
    const invalid = result.invalidToolCalls[0];
    expect(invalid?.name).toBe('park');
    expect(invalid?.raw).toBe(text);
    expect(invalid?.issues.map(({ path, code }) => ({ path, code }))).toEqual([
      { path: '/hours', code: 'missing_property' },
    ]);
  });

  it('XML format (qwen3_coder): parameters aligned with alignText, $ref resolved against the tool schema', () => {
    const text =
      '<tool_call>\n<function=park>\n<parameter=spot>\nGarage\n</parameter>\n<parameter=hours>\n3\n</parameter>\n' +
      '<parameter=plate>\nX\n</parameter>\n</function>\n</tool_call>';
    // `plate` is optional: its issue is attached to the still-valid call, the value kept as written.
    const result = parseToolCalls(text, { format: 'qwen3_coder', tools });
    expect(result.invalidToolCalls).toEqual([]);
    expect(result.toolCalls.map((call) => call.arguments)).toEqual([
      { spot: 'garage', hours: 3, plate: 'X' },
    ]);
    expect(result.toolCalls[0]?.issues?.map(({ path, code }) => ({ path, code }))).toEqual([
      { path: '/plate', code: 'too_small' },
    ]);
    const ok = parseToolCalls(text.replace('\nX\n', '\nXY-12\n'), { format: 'qwen3_coder', tools });
    expect(ok.toolCalls.map((call) => call.arguments)).toEqual([
      { spot: 'garage', hours: 3, plate: 'XY-12' },
    ]);
  });

  it('without tools, arguments are left untyped', () => {
    const text = '<tool_call>\n{"name": "park", "arguments": {"hours": "2"}}\n</tool_call>';
    const result = parseToolCalls(text, { format: 'hermes' });
    expect(result.toolCalls.map((call) => call.arguments)).toEqual([{ hours: '2' }]);
  });
});
