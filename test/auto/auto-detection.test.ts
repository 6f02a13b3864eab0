import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectFormatFromModel } from '../../src/formats/auto.js';
import { parseToolCallChunks, parseToolCalls } from '../../src/formats/parse-tool-calls.js';
import { getFormat, listFormats } from '../../src/formats/registry.js';

interface Table {
  models: Array<[string, string | null]>;
  texts: Array<[string, string]>;
}
const table: Table = JSON.parse(readFileSync(new URL('./auto-detection.json', import.meta.url), 'utf8'));

describe('auto', () => {
  it.each(table.models)('maps model %s to %s', (model, expected) => {
    expect(detectFormatFromModel(model, listFormats())?.id ?? null).toBe(expected);
    if (expected !== null) expect(parseToolCalls('', { format: 'auto', model }).format).toBe(expected);
  });

  it.each(table.texts)('detects the format of %j from its markers', (text, expected) => {
    const whole = parseToolCalls(text, { format: 'auto' });
    expect(whole.format).toBe(expected);
    // Detection and parsing agree with the format chosen directly, whole and one character per chunk.
    const direct = parseToolCalls(text, { format: getFormat(expected) });
    expect(whole).toEqual(direct);
    expect(parseToolCallChunks([...text], { format: 'auto' })).toEqual(direct);
  });
});
