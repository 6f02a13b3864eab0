import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeLenient } from '../../src/json/decode-lenient.js';
import { parseLenientJson } from '../../src/json/index.js';
import { lenientJsonModes } from '../../src/json/lenient-json-mode.js';

interface ModeOutcome {
  value?: unknown;
  repairs?: string[];
  error?: string;
}

interface ModeCase {
  switch: string;
  input: string;
  partial?: boolean;
  callBody: ModeOutcome;
  freeText: ModeOutcome;
}

// One table, both modes of the one engine: each row shows a switch of lenient-json-mode.ts.
const cases = JSON.parse(
  readFileSync(new URL('./lenient-modes.json', import.meta.url), 'utf8'),
) as ModeCase[];

describe('lenient engine modes', () => {
  it.each(cases)('$switch: $input', (testCase) => {
    const body = parseLenientJson(testCase.input);
    const callBody: ModeOutcome = body.ok
      ? { value: body.value, repairs: body.repairs.map((repair) => repair.kind) }
      : { error: body.error };
    const decoded = decodeLenient(testCase.input, 0, { partial: testCase.partial === true });
    const freeText: ModeOutcome = {
      value: decoded?.value,
      repairs: decoded?.repairs.map((repair) => repair.kind),
    };
    expect({ callBody, freeText }).toEqual({ callBody: testCase.callBody, freeText: testCase.freeText });
  });

  it('has a row for every switch of the mode table', () => {
    const switches = new Set(cases.map((testCase) => testCase.switch.split(' ')[0]));
    expect([...switches].sort()).toEqual(Object.keys(lenientJsonModes.callBody).sort());
  });

  it('the two presets differ in every switch', () => {
    const differing = Object.keys(lenientJsonModes.callBody).filter(
      (key) =>
        lenientJsonModes.callBody[key as keyof typeof lenientJsonModes.callBody] !==
        lenientJsonModes.freeText[key as keyof typeof lenientJsonModes.freeText],
    );
    expect(differing).toEqual(Object.keys(lenientJsonModes.callBody));
  });
});
