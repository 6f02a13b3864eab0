import type { ParseEvent } from '../../types/parse-event.js';
import type { FinishReason, ProviderStreamReader, Usage } from '../provider-converter.js';
import { isRecord } from '../shared/call-accumulator.js';
import { wholeCallEvents } from '../shared/whole-call-events.js';
import { readOllamaAssistant } from './convert-from-ollama-messages.js';
import { readOllamaUsage } from './convert-from-ollama-response.js';
import { mapOllamaFinishReason } from './map-ollama-finish-reason.js';

/**
 * Reads an `/api/chat` NDJSON stream: each event is one parsed line. `message.thinking` →
 * `reasoning-delta`, `message.content` → `text-delta`, each `message.tool_calls` entry (they arrive
 * whole: providers.md §7f) → `tool-input-start`, one `tool-input-delta`, `tool-input-end`, `tool-call`
 * (arguments not an object → `tool-call-invalid`); a call without id gets `call_<n>`, n counting the
 * stream's calls. The `done: true` line gives `done_reason` (`finishReason`) and
 * `prompt_eval_count` / `eval_count` (`usage`).
 *
 * @see https://docs.ollama.com/capabilities/tool-calling (Tool calling with streaming)
 */
export class OllamaStreamReader implements ProviderStreamReader {
  private calls = 0;
  private done = false;
  private raw: string | undefined;
  usage: Usage | undefined;

  get finishReason(): FinishReason | undefined {
    return this.done ? mapOllamaFinishReason(this.raw, this.calls > 0) : undefined;
  }

  push(event: unknown): ParseEvent[] {
    if (!isRecord(event)) return [];
    const events: ParseEvent[] = [];
    if (isRecord(event.message)) {
      const parts = readOllamaAssistant(event.message, (k) => `call_${this.calls + k}`);
      for (const part of parts) {
        if (part.type === 'text') events.push({ type: 'text-delta', delta: part.text });
        else if (part.type === 'reasoning') events.push({ type: 'reasoning-delta', delta: part.text });
        else if (part.type === 'tool-call' || part.type === 'tool-call-invalid') {
          this.calls++;
          events.push(...wholeCallEvents(part));
        }
      }
    }
    if (event.done === true) {
      this.done = true;
      if (typeof event.done_reason === 'string') this.raw = event.done_reason;
      const usage = readOllamaUsage(event);
      if (usage) this.usage = usage;
    }
    return events;
  }

  finish(): ParseEvent[] {
    this.done = true;
    return [];
  }
}
