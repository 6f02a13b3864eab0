import { expect } from 'vitest';
import type { FinishReason, ProviderStreamReader } from '../../src/providers/provider-converter.js';
import type { ParseEvent } from '../../src/types/parse-event.js';
import type { ParseResult } from '../../src/types/tool-call.js';

/** One recorded stream: its events, and the parse events expected after each push and after `finish`. */
export interface StreamFixture {
  readonly description: string;
  readonly source: string;
  readonly events: unknown[];
  /** `events.length + 1` entries: what each `push` returns, then what `finish` returns. */
  readonly steps: ParseEvent[][];
  readonly finishReason?: FinishReason;
}

/** Replays `fixture` one event at a time, asserting each step's exact events and the finish reason. */
export function replayStream(reader: ProviderStreamReader, fixture: StreamFixture): ParseEvent[] {
  const steps = fixture.events.map((event) => reader.push(event));
  steps.push(reader.finish());
  expect(steps).toEqual(fixture.steps);
  expect(reader.finishReason).toEqual(fixture.finishReason);
  return steps.flat();
}

/** The `ParseResult` the events describe (text, reasoning, calls and invalid calls in event order). */
export function resultOfEvents(format: string, events: readonly ParseEvent[]): ParseResult {
  const result: ParseResult = { format, content: '', reasoning: '', toolCalls: [], invalidToolCalls: [] };
  const content: string[] = [];
  const reasoning: string[] = [];
  const toolCalls: ParseResult['toolCalls'][number][] = [];
  const invalidToolCalls: ParseResult['invalidToolCalls'][number][] = [];
  for (const event of events) {
    if (event.type === 'text-delta') content.push(event.delta);
    else if (event.type === 'reasoning-delta') reasoning.push(event.delta);
    else if (event.type === 'tool-call')
      toolCalls.push({ id: event.id, name: event.toolName, arguments: event.input, raw: event.raw });
    else if (event.type === 'tool-call-invalid') {
      const { type: _type, toolName, ...rest } = event;
      invalidToolCalls.push(toolName === undefined ? rest : { ...rest, name: toolName });
    }
  }
  return { ...result, content: content.join(''), reasoning: reasoning.join(''), toolCalls, invalidToolCalls };
}

/** Each call's `tool-input-delta`s concatenate to its `raw` (the JSON text of its input). */
export function expectDeltasSpellRaw(events: readonly ParseEvent[]): void {
  const deltas = new Map<string, string>();
  for (const event of events) {
    if (event.type === 'tool-input-delta') deltas.set(event.id, (deltas.get(event.id) ?? '') + event.delta);
    if (event.type === 'tool-call') expect(deltas.get(event.id) ?? '').toBe(event.raw);
  }
}
