import type { FinishReason } from '../provider-converter.js';

/**
 * Ollama `done_reason` → unified: `stop` (`tool-calls` when the message has calls: Ollama says `stop`
 * for them too), `length`; `load` / `unload` (no generation) and others `other`.
 *
 * @see https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion
 */
export function mapOllamaFinishReason(raw: string | undefined, hasToolCalls: boolean): FinishReason {
  const unified: FinishReason['unified'] =
    raw === 'stop' || raw === undefined
      ? hasToolCalls
        ? 'tool-calls'
        : raw === undefined
          ? 'other'
          : 'stop'
      : raw === 'length'
        ? 'length'
        : 'other';
  return raw === undefined ? { unified } : { unified, raw };
}

/** Unified → Ollama `done_reason` (the raw value when it is an Ollama one): `length`, else `stop`. */
export function mapToOllamaFinishReason(reason: FinishReason): string {
  if (reason.raw === 'stop' || reason.raw === 'length' || reason.raw === 'load' || reason.raw === 'unload')
    return reason.raw;
  return reason.unified === 'length' ? 'length' : 'stop';
}
