// The tool calls of an agent step: which ones toolwire answers, dispatched at most N at once, in call order.

import type { AssistantMessage, InvalidToolCallPart, ToolCallPart } from '../types/message.js';
import { type DispatchResult, dispatch } from './dispatch.js';
import type { Toolset } from './toolset.js';

/** The calls of a message toolwire should answer (a call the provider ran itself is not). */
export function toolCalls(message: AssistantMessage): (ToolCallPart | InvalidToolCallPart)[] {
  if (typeof message.content === 'string' || !Array.isArray(message.content)) return [];
  // Lenient: a part that is not an object is not a call (model data never throws).
  return message.content.filter(
    (part): part is ToolCallPart | InvalidToolCallPart =>
      typeof part === 'object' &&
      part !== null &&
      ((part.type === 'tool-call' && part.providerExecuted !== true) || part.type === 'tool-call-invalid'),
  );
}

/**
 * Dispatches `calls`, at most `limit` at once; `deliver` sees the results in call order as they complete.
 * After an abort, every result that completed before it is still delivered (in call order, also when an
 * earlier call was still running); a call cut off by the abort, or not started before it, is not.
 */
export async function runCalls(
  toolset: Toolset,
  calls: readonly (ToolCallPart | InvalidToolCallPart)[],
  limit: number,
  signal: AbortSignal | undefined,
  deliver: (result: DispatchResult) => void,
): Promise<DispatchResult[]> {
  const results: DispatchResult[] = new Array(calls.length);
  // Per call: undefined while running, else whether its result is delivered.
  const completed: (boolean | undefined)[] = new Array(calls.length).fill(undefined);
  let next = 0;
  let released = 0;
  const release = () => {
    while (released < calls.length && completed[released] !== undefined) {
      if (completed[released]) deliver(results[released] as DispatchResult);
      released++;
    }
  };
  const worker = async () => {
    while (next < calls.length) {
      const index = next++;
      const startedAborted = signal?.aborted === true;
      const result = await dispatch(toolset, calls[index] as ToolCallPart, signal ? { signal } : undefined);
      results[index] = result;
      // A result that came from the abort itself is not delivered: the call was cut off.
      completed[index] = !startedAborted && result.error?.code !== 'aborted';
      release();
    }
  };
  const workers = Math.min(limit, calls.length);
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
