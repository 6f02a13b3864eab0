/**
 * Argument deltas are the arguments (issue 15): for every format whose `example` carries its arguments
 * as a JSON object, the example with these arguments swapped in must stream `tool-input-delta`s that
 * join to a JSON text which `JSON.parse`s to the call's input, exactly (`-0` stays `-0`). The object
 * holds what broke: a key with a space the streamer trimmed (and then sent again), `-0` streamed as
 * `0`, `1e400` (Infinity) streamed as `null`. `core/argument-deltas.json` holds the inputs the fuzzer found
 * (each parsed whole and one code unit per chunk: every call's deltas parse to its input).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getFormat, listFormats } from '../../src/formats/registry.js';
import type { ParseEvent } from '../../src/types/parse-event.js';

const argumentsText = '{" a":"x","b":-0,"c":1e400,"d":-1e400,"e":[-0]}';
const expectedInput = { ' a': 'x', b: -0, c: Infinity, d: -Infinity, e: [-0] };
const jsonArguments = /\{"(?:city|location)": "[^"]*"\}/;

function run(format: (typeof formats)[number], chunks: readonly string[]): ParseEvent[] {
  const parser = format.create({});
  const events = chunks.flatMap((chunk) => parser.push(chunk));
  return [...events, ...parser.finish()];
}

const formats = listFormats().filter((format) => jsonArguments.test(format.example));

describe('argument deltas join to the call input', () => {
  it('covers the JSON-argument formats', () => {
    expect(formats.length).toBeGreaterThanOrEqual(16);
  });
  for (const format of formats) {
    it(format.id, () => {
      const input = format.example.replace(jsonArguments, argumentsText);
      for (const chunks of [[input], input.split('')]) {
        const events = run(format, chunks);
        const calls = events.flatMap((event) => (event.type === 'tool-call' ? [event] : []));
        expect(calls.map((call) => call.input)).toEqual([expectedInput]);
        const deltas = events.flatMap((event) => (event.type === 'tool-input-delta' ? [event.delta] : []));
        expect(JSON.parse(deltas.join(''))).toEqual(expectedInput);
      }
    });
  }
});

const found = JSON.parse(
  readFileSync(new URL('./core/argument-deltas.json', import.meta.url), 'utf8'),
) as Array<{
  description: string;
  format: string;
  input: string;
}>;

describe('argument deltas of the inputs that broke them', () => {
  for (const testCase of found) {
    it(`${testCase.format}: ${testCase.description}`, () => {
      const format = getFormat(testCase.format);
      for (const chunks of [[testCase.input], testCase.input.split('')]) {
        const events = run(format, chunks);
        const deltas = new Map<string, string>();
        const checked: Array<[unknown, unknown]> = [];
        for (const event of events) {
          if (event.type === 'tool-input-delta')
            deltas.set(event.id, (deltas.get(event.id) ?? '') + event.delta);
          if (event.type === 'tool-call')
            checked.push([JSON.parse(deltas.get(event.id) ?? 'null'), event.input]);
        }
        expect(checked.length).toBeGreaterThan(0);
        for (const [parsed, input] of checked) expect(parsed).toEqual(input);
      }
    });
  }
});
