import { describe, expect, it } from 'vitest';
import {
  alignText,
  alignValue,
  listFormats,
  parseLenientJson,
  parseToolCallChunks,
  parseToolCalls,
  schemaGrammar,
} from '../../src/index.js';
import type { JSONSchema } from '../../src/types/json-schema.js';

/**
 * Hang detector (issue 15 item 4): hostile inputs that once took seconds to minutes, or could, each
 * parsed (whole and in 4 KB chunks) under one generous absolute bound. Linear code finishes each in
 * milliseconds to a few hundred milliseconds on a loaded machine, so only a super-linear path (or a
 * hang) can reach the bound. This is the one timing assertion of the suite.
 *
 * The per-format inputs are `TOOLWIRE_HANG_BYTES` long (default 256 KB: every format's open markers
 * cut into tens of thousands of calls costs about a second per MB on this shared machine, and there are
 * 45 formats; run with `TOOLWIRE_HANG_BYTES=1048576` for the 1 MB sweep).
 */
const BOUND_MS = 10_000;
const MB = 1 << 20;
const formatBytes = Number(process.env.TOOLWIRE_HANG_BYTES ?? 256 * 1024);
/** vitest's own per-test limit: several bounded parses per test, on a shared machine. */
const TEST_TIMEOUT = 60_000;

function timed<T>(run: () => T): T {
  const start = performance.now();
  const result = run();
  expect(performance.now() - start).toBeLessThan(BOUND_MS);
  return result;
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let index = 0; index < text.length; index += size) out.push(text.slice(index, index + size));
  return out;
}

const repeatTo = (unit: string, length: number): string => unit.repeat(Math.ceil(length / unit.length));

/**
 * Whole text and 4 KB chunks, each within the bound, with results of the same shape (the full
 * streaming = whole property is the fuzzer's; a deep comparison of 100,000 calls costs seconds here).
 */
function parseBoth(text: string, format: string) {
  const whole = timed(() => parseToolCalls(text, { format }));
  const streamed = timed(() => parseToolCallChunks(chunks(text, 4096), { format }));
  expect(shape(streamed)).toEqual(shape(whole));
  return whole;
}

/** What a result holds, as lengths: cheap to compare, and it shows where the text went. */
const shape = (result: ReturnType<typeof parseToolCalls>) => ({
  format: result.format,
  content: result.content.length,
  calls: result.toolCalls.length,
  invalid: result.invalidToolCalls.length,
});

const closing = /^<\/|end|close/i;

describe('hang detector: every format, its open markers repeated', () => {
  const formats = [...listFormats().map((format) => format.id), 'auto'];
  it.each(formats)(
    '%s',
    (id) => {
      const markers =
        id === 'auto'
          ? listFormats().flatMap((format) => format.markers.slice(0, 1))
          : (listFormats().find((format) => format.id === id)?.markers ?? []).filter(
              (marker) => !closing.test(marker),
            );
      const text = repeatTo(markers.length > 0 ? markers.join('') : '<tool_call>', formatBytes);
      const result = parseBoth(text, id);
      // Everything is somewhere: content, reasoning or call raw (markers may be structure).
      expect(result.content.length + result.reasoning.length).toBeLessThanOrEqual(text.length);
    },
    TEST_TIMEOUT,
  );
});

describe('hang detector: hostile inputs', { timeout: TEST_TIMEOUT }, () => {
  it('1 MB of xLAM [TOOL_CALLS] (was an indexOf to the end per call: 1/2/4/8 MB 0.9/2.2/6.4/20.6 s)', () => {
    const text = repeatTo('[TOOL_CALLS]', MB);
    expect(shape(parseBoth(text, 'xlam'))).toEqual({ format: 'xlam', content: 0, calls: 0, invalid: 43691 });
  });

  it('the same 1 MB output streamed twice (the marker memo compared equal texts in full per search)', () => {
    // Was 0.2 s the first time and 3.4 s the second at 512 KB: the memo held the first parse's text,
    // equal to but not the same object as the second's, so each search compared them char by char.
    const text = repeatTo('<|constrain|>', MB);
    const first = timed(() => parseToolCallChunks(chunks(text, 4096), { format: 'auto' }));
    const second = timed(() =>
      parseToolCallChunks(chunks(`${text} `.slice(0, -1), 4096), { format: 'auto' }),
    );
    expect(shape(second)).toEqual(shape(first));
    expect(shape(second)).toEqual({ format: 'tagged', content: text.length, calls: 0, invalid: 0 });
  });

  it('an unclosed 1 MB JSON string', () => {
    const text = `<tool_call>{"name": "f", "arguments": {"a": "${'x'.repeat(MB)}`;
    for (const format of ['hermes', 'tagged', 'auto']) {
      expect(shape(parseBoth(text, format))).toEqual({
        format: format === 'auto' ? 'hermes' : format,
        content: 0,
        calls: 0,
        invalid: 1,
      });
    }
    expect(timed(() => parseLenientJson(`{"a": "${'x'.repeat(MB)}`)).ok).toBe(true);
  });

  it('100,000 nested brackets', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const result = parseBoth(`<tool_call>{"name": "f", "arguments": {"a": ${deep}}}</tool_call>`, 'hermes');
    expect(result.invalidToolCalls.map((call) => [call.error, call.raw.length])).toEqual([
      ['arguments are nested more than 256 levels deep', 200_058],
    ]);
    const pythonic = parseBoth(`[f(a=${'['.repeat(100_000)}`, 'pythonic');
    expect(pythonic.invalidToolCalls.map((call) => call.issues)).toEqual([
      [{ code: 'too_deep', message: "the tool call's values nested deeper than 256" }],
    ]);
    const lenient = timed(() => parseLenientJson('{'.repeat(100_000)));
    expect(lenient.ok).toBe(false);
  });

  it('100,000 parallel calls', () => {
    const text = '<tool_call>{"name": "f", "arguments": {}}</tool_call>'.repeat(100_000);
    const result = parseBoth(text, 'hermes');
    expect(shape(result)).toEqual({ format: 'hermes', content: 0, calls: 100_000, invalid: 0 });
    expect(result.toolCalls[99_999]).toEqual({
      id: 'call_99999',
      name: 'f',
      arguments: {},
      raw: '<tool_call>{"name": "f", "arguments": {}}</tool_call>',
    });
  });

  it('a 100,000-value enum (alignText was quadratic: 8,000 values 44 s; 2,000 items × 100,000 values 98 s)', () => {
    const values = Array.from({ length: 100_000 }, (_, index) => `Value_${index}`);
    const schema = { type: 'string', enum: values };
    expect(timed(() => alignText('value_77', schema))).toEqual({
      value: 'Value_77',
      flags: [{ path: '', kind: 'enum_case_insensitive' }],
      issues: [],
    });
    expect(timed(() => alignText('I pick Value_99999.', schema))).toEqual({
      value: 'Value_99999',
      flags: [{ path: '', kind: 'enum_from_text' }],
      issues: [],
    });
    const unknown = timed(() => alignText('none of them', schema));
    expect(unknown.issues.map((entry) => entry.code)).toEqual(['invalid_enum']);
    const items = Array.from({ length: 2000 }, (_, index) => `value_${index}`);
    const aligned = timed(() => alignValue(items, { type: 'array', items: schema }));
    expect(aligned.value).toEqual(items.map((_, index) => `Value_${index}`));
    expect(aligned.flags).toHaveLength(2000);
    expect(aligned.issues).toEqual([]);
  });

  it('a catastrophic pattern (^(a+)+$ on 31 characters was 49 s)', () => {
    const schema = { type: 'string', pattern: '^(a+)+$' };
    for (const length of [31, 100_000]) {
      const text = `${'a'.repeat(length)}!`;
      expect(timed(() => alignText(text, schema)).issues.map((entry) => entry.code)).toEqual([
        'invalid_string',
      ]);
    }
    const nested = { type: 'string', pattern: '^((a|aa)+|(a*)*b)+$' };
    expect(
      timed(() => alignValue(`${'a'.repeat(50_000)}!`, nested)).issues.map((entry) => entry.code),
    ).toEqual(['invalid_string']);
  });

  it('long backslash runs', () => {
    const run = '\\'.repeat(MB);
    const inString = `<tool_call>{"name": "f", "arguments": {"a": "${run}"}}</tool_call>`;
    expect(shape(parseBoth(inString, 'hermes'))).toEqual({
      format: 'hermes',
      content: 0,
      calls: 1,
      invalid: 0,
    });
    expect(shape(parseBoth(`<tool_call>{"name": "f", "arguments": {"a": "${run}`, 'hermes'))).toEqual({
      format: 'hermes',
      content: 0,
      calls: 0,
      invalid: 1,
    });
    expect(timed(() => parseLenientJson(`"${run}\\"`)).ok).toBe(true);
    expect(timed(() => alignText(run, { type: 'object' })).value).toBe(run);
  });
});

describe('hang detector: grammar generation', { timeout: TEST_TIMEOUT }, () => {
  const lines = (grammar: string) => grammar.split('\n');

  it('10,000 required properties (each joined into a copy of the ones after it: 30+ s)', () => {
    const properties: Record<string, JSONSchema> = {};
    for (let index = 0; index < 10_000; index++) properties[`field_${index}`] = { type: 'string' };
    const schema = { type: 'object', properties, required: Object.keys(properties) };
    const { grammar, warnings } = timed(() => schemaGrammar(schema, { whitespace: 'compact' }));
    expect(warnings).toEqual([]);
    const body = lines(grammar)[0] as string;
    expect(body.startsWith('root ::= "{\\"field_0\\":" string ",\\"field_1\\":" string')).toBe(true);
    expect(body.endsWith(',\\"field_9999\\":" string ("," schema-additional-key ":" value)* "}"')).toBe(true);
  });

  it('10,000 optional properties (the alternatives for the first one written were copied per property)', () => {
    const properties: Record<string, JSONSchema> = {};
    for (let index = 0; index < 10_000; index++) properties[`field_${index}`] = { type: 'integer' };
    const { grammar, warnings } = timed(() => schemaGrammar({ type: 'object', properties }));
    expect(warnings).toEqual([]);
    expect(lines(grammar).filter((line) => line.startsWith('schema-rest')).length).toBe(9999);
  });

  it('a 100,000-value enum', () => {
    const values = Array.from({ length: 100_000 }, (_, index) => `value_${index}`);
    const { grammar, warnings } = timed(() => schemaGrammar({ enum: values }, { whitespace: 'compact' }));
    expect(warnings).toEqual([]);
    expect(lines(grammar)[0]).toBe(`root ::= ${values.map((v) => `"\\"${v}\\""`).join(' | ')}`);
  });

  it('20,000 prefixItems and a 100,000-character property name', () => {
    const prefixItems = Array.from({ length: 20_000 }, (_, index) => ({
      type: ['string', 'integer', 'boolean'][index % 3] as string,
    }));
    expect(timed(() => schemaGrammar({ type: 'array', prefixItems })).warnings).toEqual([]);
    const name = 'k'.repeat(100_000);
    const { grammar, warnings } = timed(() => schemaGrammar({ type: 'object', properties: { [name]: {} } }));
    expect(warnings).toEqual([]);
    expect(grammar).toContain(`"\\"${name}\\""`);
  });
});
