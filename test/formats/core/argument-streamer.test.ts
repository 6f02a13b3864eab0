/**
 * ArgumentStreamer over test/formats/argument-streamer.json: for every split of the argument text into
 * two pieces and one character per piece, the deltas join to exactly the expected text, and that text
 * parses to the call's aligned arguments as `argumentsForCall` computes them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ArgumentStreamer } from '../../../src/formats/core/argument-streamer.js';
import { argumentsForCall } from '../../../src/formats/core/build-arguments.js';
import { schemaAlignment } from '../../../src/schema/schema-alignment.js';
import type { JSONSchema } from '../../../src/types/json-schema.js';

interface Case {
  description: string;
  schema?: JSONSchema;
  text: string;
  deltas: string;
}

const table = JSON.parse(readFileSync(new URL('./argument-streamer.json', import.meta.url), 'utf8')) as {
  cases: Case[];
};

function stream(pieces: readonly string[], schema: JSONSchema | undefined, input: Record<string, unknown>) {
  const streamer = new ArgumentStreamer(schema, schemaAlignment);
  let text = '';
  for (const piece of pieces) text += streamer.push(piece);
  return text + streamer.end(input);
}

describe('ArgumentStreamer', () => {
  for (const entry of table.cases) {
    it(entry.description, () => {
      const result = argumentsForCall({ argumentsText: entry.text }, entry.schema, {
        align: schemaAlignment,
      });
      if (!result.ok) throw new Error(`the case's arguments do not align: ${JSON.stringify(result.issues)}`);
      const input = result.value;
      expect(stream([entry.text], entry.schema, input)).toBe(entry.deltas);
      expect(JSON.parse(entry.deltas)).toEqual(input);
      for (let split = 1; split < entry.text.length; split++) {
        const pieces = [entry.text.slice(0, split), entry.text.slice(split)];
        expect(stream(pieces, entry.schema, input), `split at ${split}`).toBe(entry.deltas);
      }
      expect(stream([...entry.text], entry.schema, input), 'one character per piece').toBe(entry.deltas);
    });
  }
});
