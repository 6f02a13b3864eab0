/**
 * JSON call objects whose arguments sit under a key the format does not read (`args`, `input`, a
 * misspelling) or beside the name: every JSON-object format's example output, its arguments key
 * renamed, must give no call with `{}` arguments in their place; each renamed call is reported
 * invalid, whole and streamed, and nothing is dropped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseToolCallChunks, parseToolCalls } from '../../src/formats/parse-tool-calls.js';
import type { ParseResult } from '../../src/types/tool-call.js';

const examples = new URL('../../examples/', import.meta.url);
/** The formats whose calls are JSON objects with an `arguments` or `parameters` member. */
const formats = [
  'command_r7b',
  'command_r_plus',
  'firefunction_v2',
  'gigachat3',
  'granite',
  'granite4',
  'hermes',
  'hunyuan_a13b',
  'internlm',
  'jamba',
  'llama3_json',
  'nemotron',
  'phi4_mini',
  'tagged',
  'xlam',
];

const callCount = (result: ParseResult): number => result.toolCalls.length + result.invalidToolCalls.length;

describe('arguments under a key the format does not read', () => {
  it('the formats listed have an example output', () => {
    const files = readdirSync(examples).filter((name) => name.endsWith('.txt'));
    for (const format of formats) expect(files).toContain(`${format}.txt`);
  });

  for (const format of formats) {
    it(`${format}: each renamed call is invalid, none runs with {}`, () => {
      const input = readFileSync(new URL(`${format}.txt`, examples), 'utf8');
      const renamed = input.replaceAll('"arguments"', '"argz"').replaceAll('"parameters"', '"argz"');
      const original = parseToolCalls(input, { format });
      const whole = parseToolCalls(renamed, { format });
      expect(renamed).not.toBe(input);
      // Calls whose text had no such key (a tagged `<invoke>`) are read as before.
      const before = original.toolCalls.map((call) => `${call.name} ${JSON.stringify(call.arguments)}`);
      for (const call of whole.toolCalls)
        expect(before).toContain(`${call.name} ${JSON.stringify(call.arguments)}`);
      expect(whole.toolCalls.some((call) => Object.keys(call.arguments).length === 0)).toBe(false);
      expect(whole.invalidToolCalls.length).toBeGreaterThan(0);
      expect(callCount(whole)).toBeLessThanOrEqual(callCount(original));
      expect(whole.invalidToolCalls.map((call) => call.issues[0]?.code)).toEqual(
        whole.invalidToolCalls.map(() => 'unread_arguments'),
      );
      const pieces = renamed.match(/[\s\S]{1,3}/g) ?? [];
      expect(parseToolCallChunks(pieces, { format })).toEqual(whole);
    });
  }
});
