/**
 * Streams whose chunks fall inside long JSON string arguments (`string-lane.json`): there the
 * parser takes a chunk without running the format (`ParserCore.takeInLane`), and every other chunk
 * goes through the format as before. Each case, streamed at several chunk sizes and one random
 * chunking, must give the events of its whole-text run (the streaming guarantees of
 * `stream-guarantees.ts`) and the calls `parseToolCalls` gives, which the data file pins.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseToolCalls, resolveFormat } from '../../src/formats/parse-tool-calls.js';
import type { ToolDefinition } from '../../src/types/tool.js';
import { checkRun, finalText, mergeDeltas, streamRun } from './stream-guarantees.js';

interface LaneCase {
  readonly id: string;
  readonly format: string;
  readonly tools?: boolean;
  readonly text: string;
  readonly expected: {
    readonly calls: readonly { name: string; arguments: Record<string, unknown> }[];
    readonly invalid: readonly string[];
  };
}

const data = JSON.parse(readFileSync(new URL('./string-lane.json', import.meta.url), 'utf8')) as {
  tools: ToolDefinition[];
  cases: LaneCase[];
};

/** `text` in pieces of `size` code units. */
function piecesOf(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let index = 0; index < text.length; index += size) pieces.push(text.slice(index, index + size));
  return pieces;
}

/** `text` in pieces of 1 to 9 code units, sizes from a fixed linear congruential sequence. */
function randomPieces(text: string, seed: number): string[] {
  const pieces: string[] = [];
  let state = seed;
  for (let index = 0; index < text.length; ) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const size = 1 + (state % 9);
    pieces.push(text.slice(index, index + size));
    index += size;
  }
  return pieces;
}

describe('streaming inside long string arguments', () => {
  for (const laneCase of data.cases) {
    it(laneCase.id, () => {
      const options = laneCase.tools ? { tools: data.tools } : {};
      const result = parseToolCalls(laneCase.text, { format: laneCase.format, ...options });
      expect(result.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments }))).toEqual(
        laneCase.expected.calls,
      );
      expect(result.invalidToolCalls.map((call) => call.issues?.[0]?.code ?? call.error)).toEqual(
        laneCase.expected.invalid,
      );
      const format = resolveFormat(laneCase.format);
      const whole = streamRun(format, options, [laneCase.text]);
      const wholeEvents = whole.flat();
      const final = finalText(wholeEvents);
      const wholeMerged = mergeDeltas(wholeEvents);
      const chunkings = [1, 2, 3, 4, 5, 7, 16].map((size) => ({
        label: `${size} at a time`,
        pieces: piecesOf(laneCase.text, size),
      }));
      chunkings.push({ label: 'random sizes', pieces: randomPieces(laneCase.text, laneCase.text.length) });
      for (const { label, pieces } of chunkings) {
        const violations = checkRun(streamRun(format, options, pieces), wholeMerged, final);
        expect({ label, violations }).toEqual({ label, violations: [] });
      }
    });
  }
});
