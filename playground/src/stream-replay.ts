/**
 * The stream view's replay: the input cut into chunks of `chunkSize` characters, fed one by one to
 * `createToolCallStream` (toolwire/stream), every event kept with the chunk it came out of; the events
 * folded by `EventCollector` into a result, compared with `parseToolCalls` of the whole text.
 */

import { EventCollector, type ParseToolCallsOptions } from '../../src/formats/index.js';
import { createToolCallStream } from '../../src/stream/index.js';
import type { ParseEvent } from '../../src/types/parse-event.js';
import type { ParseResult } from '../../src/types/tool-call.js';

/** Events past this many are counted, not sent to the page (a 1 MB input at chunk size 1 has millions). */
export const MAX_TIMELINE_EVENTS = 2000;

export interface TimelineEntry {
  /** The zero-based chunk whose `push` returned the event; `chunks` for `finish()`. */
  readonly chunk: number;
  readonly event: ParseEvent;
}

export interface StreamReplay {
  readonly chunks: number;
  readonly timeline: readonly TimelineEntry[];
  /** Every event, also those left out of `timeline`. */
  readonly eventCount: number;
  /** Whether the streamed result deep-equals the whole parse (key order aside). */
  readonly equal: boolean;
  /** Where they differ first (a path into the result), when they do. */
  readonly difference?: string;
}

export function replayStream(
  text: string,
  options: ParseToolCallsOptions,
  chunkSize: number,
  parseWhole: (text: string, options: ParseToolCallsOptions) => ParseResult,
): StreamReplay {
  const size = Math.max(1, Math.floor(chunkSize));
  const stream = createToolCallStream(options);
  const collector = new EventCollector();
  const timeline: TimelineEntry[] = [];
  let eventCount = 0;
  const keep = (chunk: number, events: readonly ParseEvent[]): void => {
    collector.add(events);
    for (const event of events) {
      if (timeline.length < MAX_TIMELINE_EVENTS) timeline.push({ chunk, event });
      eventCount += 1;
    }
  };
  let chunks = 0;
  for (let start = 0; start < text.length; start += size) {
    keep(chunks, stream.push(text.slice(start, start + size)));
    chunks += 1;
  }
  keep(chunks, stream.finish());
  const streamed = collector.result(stream.format, stream.warnings);
  const difference = firstDifference(streamed, parseWhole(text, options), 'result');
  return {
    chunks,
    timeline,
    eventCount,
    equal: difference === undefined,
    ...(difference ? { difference } : {}),
  };
}

/** The path of the first place `a` and `b` differ as JSON values (object key order aside). */
export function firstDifference(a: unknown, b: unknown, path: string): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return path;
  if (Array.isArray(a) !== Array.isArray(b)) return path;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}.${key}`,
    );
    if (found !== undefined) return found;
  }
  return undefined;
}
