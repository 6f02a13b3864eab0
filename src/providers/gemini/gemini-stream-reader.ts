import type { ParseEvent } from '../../types/parse-event.js';
import type { Warning } from '../../types/warning.js';
import type { FinishReason, ProviderStreamReader, Usage } from '../provider-converter.js';
import { isRecord } from '../shared/call-accumulator.js';
import { wholeCallEvents } from '../shared/whole-call-events.js';
import { readModelParts } from './convert-from-gemini-contents.js';
import { readGeminiUsage } from './convert-from-gemini-response.js';
import { mapGeminiFinishReason } from './map-gemini-finish-reason.js';

/**
 * Reads `streamGenerateContent?alt=sse`: each event is a whole `GenerateContentResponse` chunk (the
 * parsed SSE `data:` object). Text parts → `text-delta`, `thought: true` parts → `reasoning-delta`,
 * each `functionCall` part (they arrive whole, `args` complete: providers.md §4f) → `tool-input-start`,
 * one `tool-input-delta`, `tool-input-end`, `tool-call` (a non-object `args` → `tool-call-invalid`).
 * Calls without id get `call_<n>`, n counting the stream's calls. The last `finishReason` and
 * `usageMetadata` seen are kept (`finishReason`, `usage`). Only the first candidate is read.
 *
 * Not carried: `thoughtSignature`s (parse events have no place for them; use `fromResponse` on the
 * merged response to keep them) and Vertex `partialArgs` (Gemini 3 argument streaming).
 */
export class GeminiStreamReader implements ProviderStreamReader {
  private calls = 0;
  private raw: string | undefined;
  private ended = false;
  /** Usage of the stream so far (the last `usageMetadata` seen). */
  usage: Usage | undefined;
  /** What the reader could not carry (unknown part kinds). */
  readonly warnings: Warning[] = [];

  get finishReason(): FinishReason | undefined {
    return this.raw === undefined && !this.ended
      ? undefined
      : mapGeminiFinishReason(this.raw, this.calls > 0);
  }

  push(event: unknown): ParseEvent[] {
    if (!isRecord(event)) return [];
    const usage = readGeminiUsage(event.usageMetadata);
    if (usage) this.usage = usage;
    const candidate = Array.isArray(event.candidates) ? event.candidates[0] : undefined;
    if (!isRecord(candidate)) return [];
    if (typeof candidate.finishReason === 'string') this.raw = candidate.finishReason;
    const content = isRecord(candidate.content) ? candidate.content : {};
    const parts = Array.isArray(content.parts) ? content.parts : [];
    const read = readModelParts(parts, (k) => `call_${this.calls + k}`, this.warnings);
    this.calls += read.calls.length;
    const events: ParseEvent[] = [];
    for (const part of read.parts) {
      if (part.type === 'text') {
        if (part.text !== '') events.push({ type: 'text-delta', delta: part.text });
      } else if (part.type === 'reasoning') {
        if (part.text !== '') events.push({ type: 'reasoning-delta', delta: part.text });
      } else if (part.type === 'tool-call' || part.type === 'tool-call-invalid') {
        events.push(...wholeCallEvents(part));
      }
    }
    return events;
  }

  finish(): ParseEvent[] {
    this.ended = true;
    return [];
  }
}
