/**
 * Test helper for the per-format streaming tests: when each event comes. No vitest import.
 */
import type { FormatOptions } from '../../src/formats/format-definition.js';
import { getFormat } from '../../src/formats/registry.js';
import type { ParseEvent } from '../../src/types/parse-event.js';

/**
 * Streams `text` one UTF-16 code unit per chunk into a new parser of `format` (with `options`); each
 * event with the offset of the code unit whose push emitted it (`text.length`: `finish()`).
 */
export function timeline(
  format: string,
  text: string,
  options: FormatOptions = {},
): Array<[number, ParseEvent]> {
  const parser = getFormat(format).create(options);
  const out: Array<[number, ParseEvent]> = [];
  for (let index = 0; index < text.length; index++)
    for (const event of parser.push(text.charAt(index))) out.push([index, event]);
  for (const event of parser.finish()) out.push([text.length, event]);
  return out;
}

/** The `tool-input-delta`s of a timeline: `[offset, delta]`. */
export function deltaTimeline(events: Array<[number, ParseEvent]>): Array<readonly [number, string]> {
  return events.flatMap(([at, event]) =>
    event.type === 'tool-input-delta' ? [[at, event.delta] as const] : [],
  );
}
