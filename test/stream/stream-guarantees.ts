/**
 * The streaming guarantees of `createToolCallStream`, checked on one input and one chunking. Used by
 * `stream-corpus.test.ts` over the whole parse corpus (and usable from a REPL). No vitest import.
 *
 * Guarantees (names used in reports and in `known-violations.json`):
 * - `equal-events`: the events equal those of the whole-text parse once adjacent deltas of the same
 *   kind (and call id) are merged;
 * - `text-prefix`: after every push, the text-deltas so far are a prefix of the final content, and the
 *   reasoning-deltas of the final reasoning (so no held-back marker prefix ever leaked as text);
 * - `whole-name`: every `tool-input-start`'s `toolName` is the name of the call it ends in;
 * - `calls-monotonic`: every announced call ends in `tool-call` or `tool-call-invalid` with its id, so
 *   the number of calls seen never decreases;
 * - `argument-json`: `JSON.parse` of a completed call's concatenated `tool-input-delta`s deep-equals its
 *   `input` (key order free). Byte equality with `JSON.stringify(input)` is counted, not required.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FormatDefinition, FormatOptions } from '../../src/formats/format-definition.js';
import { createToolCallStream } from '../../src/stream/create-tool-call-stream.js';
import type { ParseEvent } from '../../src/types/parse-event.js';

export type Guarantee = 'equal-events' | 'text-prefix' | 'whole-name' | 'calls-monotonic' | 'argument-json';

export interface Violation {
  readonly guarantee: Guarantee;
  readonly detail: string;
}

/** Events of one run, split per push (the last entry is `finish()`'s). */
export function streamRun(
  format: FormatDefinition,
  options: FormatOptions,
  chunks: readonly string[],
): ParseEvent[][] {
  const stream = createToolCallStream({ ...options, format });
  const batches: ParseEvent[][] = [];
  for (const chunk of chunks) batches.push(stream.push(chunk));
  batches.push(stream.finish());
  return batches;
}

/** Adjacent `text-delta`s, `reasoning-delta`s, and `tool-input-delta`s of one id merged into one. */
export function mergeDeltas(events: Iterable<ParseEvent>): ParseEvent[] {
  const merged: ParseEvent[] = [];
  for (const event of events) {
    const last = merged[merged.length - 1];
    if (
      last !== undefined &&
      last.type === event.type &&
      (event.type === 'text-delta' || event.type === 'reasoning-delta') &&
      'delta' in last
    ) {
      merged[merged.length - 1] = { ...event, delta: last.delta + event.delta };
    } else if (
      last !== undefined &&
      last.type === 'tool-input-delta' &&
      event.type === 'tool-input-delta' &&
      last.id === event.id
    ) {
      merged[merged.length - 1] = { ...event, delta: last.delta + event.delta };
    } else merged.push(event);
  }
  return merged;
}

/** Statistics of the whole-text run (for the report). */
export interface ArgumentStats {
  calls: number;
  byteEqual: number;
}

/**
 * Checks the per-run guarantees (`text-prefix` against `whole`'s final text, `whole-name`,
 * `calls-monotonic`, `argument-json`) of `batches`, plus `equal-events` against `wholeMerged`.
 */
export function checkRun(
  batches: readonly (readonly ParseEvent[])[],
  wholeMerged: readonly ParseEvent[] | undefined,
  finalText: { content: string; reasoning: string },
  stats?: ArgumentStats,
): Violation[] {
  const violations: Violation[] = [];
  const add = (guarantee: Guarantee, detail: string): void => {
    if (!violations.some((violation) => violation.guarantee === guarantee))
      violations.push({ guarantee, detail });
  };
  // Lengths only: each delta is compared in place with the final text (a prefix check per push on the
  // whole text so far would be quadratic in one-code-unit chunkings).
  let content = 0;
  let reasoning = 0;
  let contentOk = true;
  let reasoningOk = true;
  const open = new Map<string, { name: string; text: string[] }>();
  const announced = new Set<string>();
  let seen = 0;
  batches.forEach((batch, pushIndex) => {
    for (const event of batch) {
      switch (event.type) {
        case 'text-delta':
          if (contentOk && !finalText.content.startsWith(event.delta, content)) {
            contentOk = false;
            add(
              'text-prefix',
              `push ${pushIndex}: text-delta ${JSON.stringify(event.delta.slice(0, 60))} at ${content} is not the final content there (${JSON.stringify(finalText.content.slice(content, content + 60))})`,
            );
          }
          content += event.delta.length;
          break;
        case 'reasoning-delta':
          if (reasoningOk && !finalText.reasoning.startsWith(event.delta, reasoning)) {
            reasoningOk = false;
            add(
              'text-prefix',
              `push ${pushIndex}: reasoning-delta ${JSON.stringify(event.delta.slice(0, 60))} at ${reasoning} is not the final reasoning there`,
            );
          }
          reasoning += event.delta.length;
          break;
        case 'tool-input-start':
          if (open.has(event.id)) add('calls-monotonic', `tool-input-start of ${event.id} twice`);
          open.set(event.id, { name: event.toolName, text: [] });
          announced.add(event.id);
          break;
        case 'tool-input-delta': {
          const call = open.get(event.id);
          if (call) call.text.push(event.delta);
          else add('calls-monotonic', `tool-input-delta for ${event.id}, which is not open`);
          break;
        }
        case 'tool-input-end':
          break;
        case 'tool-call': {
          const call = open.get(event.id);
          open.delete(event.id);
          if (call && call.name !== event.toolName)
            add(
              'whole-name',
              `announced ${JSON.stringify(call.name)}, called ${JSON.stringify(event.toolName)}`,
            );
          const text = call ? call.text.join('') : '';
          let parsed: unknown;
          let error: string | undefined;
          try {
            parsed = JSON.parse(text);
          } catch (thrown) {
            error = (thrown as Error).message;
          }
          if (error !== undefined || !isDeepStrictEqual(parsed, event.input)) {
            add(
              'argument-json',
              `call ${event.id} ${event.toolName}: deltas ${JSON.stringify(text).slice(0, 200)}${error ? ` (${error})` : ''}, input ${JSON.stringify(event.input).slice(0, 200)}`,
            );
          }
          if (stats) {
            stats.calls++;
            if (text === JSON.stringify(event.input)) stats.byteEqual++;
          }
          break;
        }
        case 'tool-call-invalid': {
          if (event.id === undefined) break;
          const call = open.get(event.id);
          open.delete(event.id);
          if (call && event.toolName !== undefined && call.name !== event.toolName)
            add(
              'whole-name',
              `announced ${JSON.stringify(call.name)}, invalid call named ${JSON.stringify(event.toolName)}`,
            );
          break;
        }
      }
    }
    const count = announced.size;
    if (count < seen) add('calls-monotonic', `call count fell from ${seen} to ${count}`);
    seen = count;
  });
  for (const [id, call] of open)
    add('calls-monotonic', `call ${id} (${call.name}) was announced and never ended`);
  if (wholeMerged !== undefined) {
    const merged = mergeDeltas(batches.flat());
    if (!isDeepStrictEqual(merged, wholeMerged)) {
      const index = merged.findIndex((event, position) => !isDeepStrictEqual(event, wholeMerged[position]));
      const at = index < 0 ? Math.min(merged.length, wholeMerged.length) : index;
      add(
        'equal-events',
        `event ${at}: whole text ${JSON.stringify(wholeMerged[at])?.slice(0, 240)}, streamed ${JSON.stringify(merged[at])?.slice(0, 240)} (${wholeMerged.length} vs ${merged.length} merged events)`,
      );
    }
  }
  return violations;
}

/** The final content and reasoning of a run. */
export function finalText(events: Iterable<ParseEvent>): { content: string; reasoning: string } {
  let content = '';
  let reasoning = '';
  for (const event of events) {
    if (event.type === 'text-delta') content += event.delta;
    else if (event.type === 'reasoning-delta') reasoning += event.delta;
  }
  return { content, reasoning };
}
