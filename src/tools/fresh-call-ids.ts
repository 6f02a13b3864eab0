import { UniqueIds } from '../internal/unique-ids.js';
import type { Message } from '../types/message.js';
import type { ParseEvent } from '../types/parse-event.js';
import type { ParseResult } from '../types/tool-call.js';

/**
 * Keeps the call ids of a raw-text model's turns unique in the conversation. A parser numbers the
 * calls of each output from `call_0`, and models that write their own ids repeat them turn after turn
 * (Kimi K2's `functions.NAME:0`), so the second turn's calls would share ids with the first's, which
 * providers refuse and tool results cannot be paired by. An id already used in the history becomes
 * `ID_2` (or the next free `ID_N`: `UniqueIds`), the way `repairHistory` renames one (H6); the same id
 * within one turn is the same call, and keeps its new name on every event.
 */
export class FreshCallIds {
  private readonly ids = new UniqueIds();
  private readonly renamed = new Map<string, string>();

  /**
   * @param history the conversation so far (every id its messages hold is taken).
   * @param taken more ids that are taken as they are (this turn's calls, already fresh).
   */
  constructor(history: readonly Message[], taken: Iterable<string> = []) {
    for (const message of history) {
      if (typeof message.content === 'string') continue;
      for (const part of message.content as readonly { toolCallId?: unknown }[])
        if (typeof part.toolCallId === 'string') this.ids.reserve(part.toolCallId);
    }
    for (const id of taken) this.ids.reserve(id);
  }

  /** The id the call the parser named `id` has in the conversation. */
  id(id: string): string {
    let fresh = this.renamed.get(id);
    if (fresh === undefined) {
      fresh = this.ids.claim(id);
      this.renamed.set(id, fresh);
    }
    return fresh;
  }

  /** `event` with its call's id in the conversation (the event itself when it has no id or keeps it). */
  event(event: ParseEvent): ParseEvent {
    if (!('id' in event) || event.id === undefined) return event;
    const id = this.id(event.id);
    return id === event.id ? event : { ...event, id };
  }

  /** `result` with each call's id in the conversation. */
  result(result: ParseResult): ParseResult {
    const toolCalls = result.toolCalls.map((call) => {
      const id = this.id(call.id);
      return id === call.id ? call : { ...call, id };
    });
    const invalidToolCalls = result.invalidToolCalls.map((call) => {
      if (call.id === undefined) return call;
      const id = this.id(call.id);
      return id === call.id ? call : { ...call, id };
    });
    return { ...result, toolCalls, invalidToolCalls };
  }
}
