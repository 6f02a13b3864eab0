import type { ParseEvent } from '../../types/parse-event.js';
import type { Warning } from '../../types/warning.js';
import type { FinishReason, ProviderStreamReader, Usage } from '../provider-converter.js';
import { integerIndex, isRecord } from '../shared/call-accumulator.js';
import { readToolCall } from '../shared/read-tool-call.js';
import { contentParts } from './convert-from-mistral-messages.js';
import { readMistralUsage } from './convert-from-mistral-response.js';
import { mapMistralFinishReason } from './map-mistral-finish-reason.js';

interface StreamCall {
  readonly id: string;
  name: string | undefined;
  readonly pieces: string[];
  started: boolean;
}

/**
 * Reads a Mistral chat stream: each event is a parsed `chat.completion.chunk` (SSE `data:` object).
 * Like OpenAI's: `delta.content` (a string, or chunks: `text`, `thinking` → reasoning) →
 * `text-delta` / `reasoning-delta`; `delta.tool_calls` fragments → `tool-input-start` once the name is
 * known, `tool-input-delta` per `arguments` fragment (an object sent whole is its JSON text), and at
 * `finish_reason` (or `finish()`) `tool-input-end` + `tool-call` for each call (arguments not an object
 * → `tool-call-invalid` with the text; no name → `tool-call-invalid` without a start). A fragment with a
 * new `id` opens a new call even on an index already used (Mistral often sends each call whole, all on
 * index 0); one without id continues the call of its index, else the last call. A call without id gets
 * `call_<n>`. `usage` holds the last `usage` seen (Mistral sends it on the last chunk).
 *
 * @see https://docs.mistral.ai/api/#tag/chat (stream: true)
 */
export class MistralStreamReader implements ProviderStreamReader {
  private readonly calls: StreamCall[] = [];
  private readonly open: StreamCall[] = [];
  private readonly byIndex = new Map<number, StreamCall>();
  private readonly byId = new Map<string, StreamCall>();
  private raw: string | undefined;
  private ended = false;
  usage: Usage | undefined;
  readonly warnings: Warning[] = [];

  get finishReason(): FinishReason | undefined {
    return this.raw === undefined && !this.ended ? undefined : mapMistralFinishReason(this.raw);
  }

  push(event: unknown): ParseEvent[] {
    if (!isRecord(event)) return [];
    const usage = readMistralUsage(event.usage);
    if (usage) this.usage = usage;
    const events: ParseEvent[] = [];
    const choices = Array.isArray(event.choices) ? event.choices : [];
    for (const choice of choices) {
      if (!isRecord(choice) || (typeof choice.index === 'number' && choice.index !== 0)) continue;
      const delta = isRecord(choice.delta) ? choice.delta : {};
      for (const part of contentParts(delta.content, this.warnings)) {
        events.push({ type: part.type === 'text' ? 'text-delta' : 'reasoning-delta', delta: part.text });
      }
      if (Array.isArray(delta.tool_calls)) {
        for (const fragment of delta.tool_calls) this.fragment(fragment, events);
      }
      if (typeof choice.finish_reason === 'string') {
        this.raw = choice.finish_reason;
        this.close(events);
      }
    }
    return events;
  }

  finish(): ParseEvent[] {
    this.ended = true;
    const events: ParseEvent[] = [];
    this.close(events);
    return events;
  }

  private fragment(fragment: unknown, events: ParseEvent[]): void {
    if (!isRecord(fragment)) return;
    const id = typeof fragment.id === 'string' && fragment.id !== '' ? fragment.id : undefined;
    const index = integerIndex(fragment.index);
    const fn = isRecord(fragment.function) ? fragment.function : {};
    const name = typeof fn.name === 'string' && fn.name !== '' ? fn.name : undefined;
    const text =
      typeof fn.arguments === 'string'
        ? fn.arguments
        : fn.arguments === undefined || fn.arguments === null
          ? ''
          : (JSON.stringify(fn.arguments) ?? '');
    let call =
      id !== undefined
        ? this.byId.get(id)
        : ((index === undefined ? undefined : this.byIndex.get(index)) ?? this.open[this.open.length - 1]);
    if (call === undefined) {
      call = { id: id ?? `call_${this.calls.length}`, name, pieces: [], started: false };
      this.calls.push(call);
      this.open.push(call);
      this.byId.set(call.id, call);
    }
    if (index !== undefined) this.byIndex.set(index, call);
    if (call.name === undefined && name !== undefined) call.name = name;
    if (text !== '') {
      call.pieces.push(text);
      if (call.started) events.push({ type: 'tool-input-delta', id: call.id, delta: text });
    }
    if (!call.started && call.name !== undefined) {
      call.started = true;
      events.push({ type: 'tool-input-start', id: call.id, toolName: call.name });
      if (call.pieces.length > 0)
        events.push({ type: 'tool-input-delta', id: call.id, delta: call.pieces.join('') });
    }
  }

  private close(events: ParseEvent[]): void {
    for (const call of this.open) {
      const raw = call.pieces.join('');
      if (call.name === undefined) {
        const message = 'the stream gave no name for this call';
        events.push({
          type: 'tool-call-invalid',
          id: call.id,
          raw,
          error: message,
          issues: [{ code: 'missing_name', message }],
        });
        continue;
      }
      events.push({ type: 'tool-input-end', id: call.id });
      const part = readToolCall(call.id, call.name, { text: raw });
      events.push(
        part.type === 'tool-call'
          ? {
              type: 'tool-call',
              id: call.id,
              toolName: call.name,
              input: part.input as Record<string, unknown>,
              raw,
            }
          : {
              type: 'tool-call-invalid',
              id: call.id,
              toolName: call.name,
              raw,
              error: part.error,
              issues: part.issues ?? [],
            },
      );
    }
    this.open.length = 0;
    this.byIndex.clear();
    this.byId.clear();
  }
}
