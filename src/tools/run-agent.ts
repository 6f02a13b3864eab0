// The agent loop: ask the model for a turn, answer its calls, repeat; every event reaches the listener once.

import { ToolwireError } from '../errors/toolwire-error.js';
import { describe } from '../internal/describe-value.js';
import type { ToolChoice, Usage } from '../providers/provider-converter.js';
import type { AssistantMessage, InvalidToolCallPart, Message, ToolCallPart } from '../types/message.js';
import { addUsage } from './add-usage.js';
import type { AgentEvent, AgentFinishReason } from './agent-event.js';
import type { AgentModel } from './agent-model.js';
import type { DispatchResult } from './dispatch.js';
import { generateTurn } from './generate-turn.js';
import { runCalls, toolCalls } from './run-calls.js';
import { type Tools, toToolset } from './toolset.js';
import { ABORTED } from './until-aborted.js';

/** Options of `runAgent`. */
export interface RunAgentOptions {
  readonly model: AgentModel;
  readonly tools: Tools;
  /** The history to start from (system prompt, user turn, ...); not modified. */
  readonly messages: readonly Message[];
  /**
   * Gets every event of the run, once each, in order, synchronously as it happens. A promise it returns
   * is not awaited; if it rejects, the rejection is caught (never an unhandled rejection) and, when it
   * settles before the run ends, the run ends with that error as with a listener that throws.
   */
  readonly onEvent?: (event: AgentEvent) => void;
  /** Most model calls in the run (a positive integer). Default 10. */
  readonly maxSteps?: number;
  readonly signal?: AbortSignal;
  /** Most tool calls of one step running at once (a positive integer or `Infinity`, the default). */
  readonly concurrency?: number;
  /** Passed to every `generate` call (the AI SDK's tool choice); a named tool must be in `tools`. */
  readonly toolChoice?: ToolChoice;
}

/** One step: the model's message, the calls it made, their results (in call order), its usage. */
export interface AgentStep {
  readonly step: number;
  readonly message: AssistantMessage;
  readonly calls: readonly (ToolCallPart | InvalidToolCallPart)[];
  readonly results: readonly DispatchResult[];
  readonly usage?: Usage;
}

/** What a run gives: the whole history, the messages it added, its steps, why it ended, total usage. */
export interface AgentRunResult {
  readonly messages: readonly Message[];
  readonly responseMessages: readonly Message[];
  readonly steps: readonly AgentStep[];
  readonly finishReason: AgentFinishReason;
  readonly usage: Usage;
}

/**
 * Runs an agent: asks `model` for a turn, dispatches its tool calls (`dispatch`: concurrently, at most
 * `concurrency` at once, results kept in call order), appends the assistant message and a `tool` message
 * with the results, and repeats until a turn makes no calls or `maxSteps` turns were made.
 *
 * Every event reaches `onEvent` exactly once, in order, as it happens (nothing is journaled for later),
 * on every exit: a normal end (`finish`), `maxSteps` (`finish` with `max-steps`), an error thrown by the
 * model or its stream (`step-end` with `error`, then the same error is rethrown), and an abort through
 * `signal` (`step-end` with `aborted`, then an `AbortError` is thrown: the signal's reason when it is one,
 * else a `DOMException` named `AbortError` whose `cause` is the reason). Tool results that completed
 * before an abort are delivered in call order; calls cut off by it have no result event. Closes the gap
 * BAML left (the last turn's events were lost when a run failed or was cancelled). A listener that throws
 * ends the run with its error, and gets no further event.
 *
 * @throws {ToolwireError} code `invalid_argument` for options of the wrong type, a `toolChoice` naming a
 *   tool that is not in `tools`, or a model that returns
 *   something other than an assistant message, `{ message }` or an async iterable of parse events;
 *   `invalid_tools` for tools that are not tools.
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentRunResult> {
  const { model, onEvent, signal } = checkOptions(options);
  const maxSteps = options.maxSteps ?? 10;
  const concurrency = options.concurrency ?? Number.POSITIVE_INFINITY;
  const toolset = toToolset(options.tools);
  const toolChoice = options.toolChoice;
  if (toolChoice?.type === 'tool' && toolset.get(toolChoice.toolName) === undefined)
    throw new ToolwireError(
      'invalid_argument',
      `options.toolChoice names "${toolChoice.toolName}", which is not one of the tools (${toolset.names.join(', ')})`,
    );
  const history: Message[] = [...options.messages];
  const responseMessages: Message[] = [];
  const steps: AgentStep[] = [];
  let total: Usage = {};
  let closed = false;
  let listenerFailed = false;
  let listenerRejection: { error: unknown } | undefined;
  const emit = (event: AgentEvent): void => {
    if (closed || onEvent === undefined) return;
    if (listenerRejection !== undefined) {
      listenerFailed = true;
      closed = true;
      throw listenerRejection.error;
    }
    try {
      const returned: unknown = onEvent(event);
      if (typeof (returned as PromiseLike<void> | null)?.then === 'function')
        (returned as PromiseLike<void>).then(undefined, (error: unknown) => {
          listenerRejection ??= { error };
        });
    } catch (error) {
      listenerFailed = true;
      closed = true;
      throw error;
    }
  };
  let step = 0;
  let inStep = false;
  try {
    let finishReason: AgentFinishReason = 'max-steps';
    for (step = 1; step <= maxSteps; step++) {
      if (signal?.aborted) throw ABORTED;
      emit({ type: 'step-start', step });
      inStep = true;
      const turn = await generateTurn(
        model,
        history,
        toolset.definitions(),
        { step, signal, toolChoice },
        emit,
      );
      if (turn.usage) total = addUsage(total, turn.usage);
      emit({ type: 'assistant-message', step, message: turn.message });
      history.push(turn.message);
      responseMessages.push(turn.message);
      const calls = toolCalls(turn.message);
      for (const call of calls) emit({ type: 'tool-call', step, call });
      const results = await runCalls(toolset, calls, concurrency, signal, (result) =>
        emit({
          type: 'tool-result',
          step,
          result: result.result,
          isError: result.isError,
          ...(result.error ? { error: result.error } : {}),
        }),
      );
      if (signal?.aborted) throw ABORTED;
      steps.push({
        step,
        message: turn.message,
        calls,
        results,
        ...(turn.usage ? { usage: turn.usage } : {}),
      });
      if (calls.length > 0) {
        const toolMessage: Message = { role: 'tool', content: results.map((entry) => entry.result) };
        history.push(toolMessage);
        responseMessages.push(toolMessage);
      }
      emit({ type: 'step-end', step, reason: calls.length > 0 ? 'tool-calls' : 'stop' });
      inStep = false;
      if (calls.length === 0) {
        finishReason = 'stop';
        break;
      }
    }
    const last = Math.min(step, maxSteps);
    emit({ type: 'finish', step: last, finishReason, usage: total });
    closed = true;
    // A listener's promise that rejected during the run's last awaits: the run fails as if it threw.
    if (listenerRejection !== undefined) throw listenerRejection.error;
    return { messages: history, responseMessages, steps, finishReason, usage: total };
  } catch (error) {
    if (listenerFailed) throw error;
    const abortedRun = error === ABORTED || signal?.aborted === true;
    try {
      if (inStep) emit({ type: 'step-end', step, reason: abortedRun ? 'aborted' : 'error' });
    } finally {
      closed = true;
    }
    throw abortedRun ? abortError(signal) : error;
  }
}

function checkOptions(options: RunAgentOptions): RunAgentOptions {
  const fail = (message: string) => new ToolwireError('invalid_argument', message);
  if (typeof options !== 'object' || options === null)
    throw fail(`runAgent() takes { model, tools, messages }, got ${describe(options)}`);
  const { model, messages, onEvent, maxSteps, signal, concurrency } = options;
  if (typeof model !== 'object' || model === null || typeof model.generate !== 'function')
    throw fail(`options.model must have a generate() method, got ${describe(model)}`);
  if (!Array.isArray(messages)) throw fail(`options.messages must be an array, got ${describe(messages)}`);
  if (onEvent !== undefined && typeof onEvent !== 'function')
    throw fail(`options.onEvent must be a function, got ${describe(onEvent)}`);
  if (maxSteps !== undefined && !(Number.isSafeInteger(maxSteps) && maxSteps > 0))
    throw fail(`options.maxSteps must be a positive integer, got ${String(maxSteps)}`);
  if (
    concurrency !== undefined &&
    !((Number.isSafeInteger(concurrency) && concurrency > 0) || concurrency === Number.POSITIVE_INFINITY)
  )
    throw fail(`options.concurrency must be a positive integer or Infinity, got ${String(concurrency)}`);
  if (
    signal !== undefined &&
    (typeof signal !== 'object' || signal === null || typeof signal.aborted !== 'boolean')
  )
    throw fail(`options.signal must be an AbortSignal, got ${describe(signal)}`);
  return options;
}

/** The error an aborted run throws: the signal's reason when it is an `AbortError`, else a new one. */
function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The agent run was aborted', { name: 'AbortError', cause: reason });
}
