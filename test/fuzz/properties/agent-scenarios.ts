/**
 * Property: `runAgent` delivers what it promises whatever happens when. A scenario is a few steps of
 * tool calls (each handler finishing after 0 to 3 macrotask ticks, returning, throwing, or aborting the
 * run itself; unknown tools and invalid calls among them; concurrency 1, 2 or unbounded), and one
 * disturbance at any event position: an abort from the listener, the listener throwing, the listener
 * returning a rejected promise, a model that throws at a step, or none.
 *
 * Checked, from the events and the handlers' own record of when they finished:
 * - each event once, steps in order, every `step-start` closed by its `step-end`, no step started after
 *   an abort, nothing after a listener throws (the run rejects with that error);
 * - every call whose handler finished before the abort (or that needed no handler: unknown tool,
 *   invalid call) has exactly one `tool-result` event, and no other call has one; results in call order;
 * - a run that resolves ends with `finish` and answered every call, and returns each result as it was
 *   delivered (its steps' `results` and the `tool` messages of `responseMessages`, in call order); an
 *   aborted run rejects with an `AbortError`, a failing model with the model's error, a failing listener
 *   with its error (a rejected promise only at its next event: one in the last events may come too
 *   late to end the run);
 * - no unhandled rejection (checked by the caller: `process.on('unhandledRejection')`).
 */
import fc from 'fast-check';
import {
  type AgentEvent,
  type AgentModel,
  type AgentRunResult,
  defineTool,
  runAgent,
} from '../../../src/tools/index.js';
import type { AssistantPart } from '../../../src/types/message.js';

interface CallPlan {
  readonly tool: 'work' | 'missing' | 'invalid';
  readonly delay: number;
  readonly outcome: 'return' | 'throw' | 'abort';
}

/** One generated run. */
export interface AgentScenario {
  readonly steps: readonly (readonly CallPlan[])[];
  readonly concurrency: number;
  readonly disturbance:
    | { readonly kind: 'none' }
    | { readonly kind: 'abort-at-event' | 'throw-at-event' | 'reject-at-event'; readonly event: number }
    | { readonly kind: 'model-throws'; readonly step: number; readonly async: boolean };
}

const call: fc.Arbitrary<CallPlan> = fc.record({
  tool: fc.constantFrom('work', 'work', 'work', 'missing', 'invalid'),
  delay: fc.integer({ min: 0, max: 3 }),
  outcome: fc.constantFrom('return', 'return', 'throw', 'abort'),
});

export const agentScenario: fc.Arbitrary<AgentScenario> = fc.record({
  steps: fc.array(fc.array(call, { maxLength: 4 }), { minLength: 1, maxLength: 4 }),
  concurrency: fc.constantFrom(1, 2, Number.POSITIVE_INFINITY),
  disturbance: fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.record({
      kind: fc.constantFrom('abort-at-event' as const, 'throw-at-event' as const, 'reject-at-event' as const),
      event: fc.nat(45),
    }),
    fc.record({
      kind: fc.constant('model-throws' as const),
      step: fc.integer({ min: 1, max: 4 }),
      async: fc.boolean(),
    }),
  ),
});

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Every broken promise of `runAgent` in `scenario` (empty: all hold). */
export async function agentViolations(scenario: AgentScenario): Promise<string[]> {
  const found: string[] = [];
  const controller = new AbortController();
  let clock = 0;
  let abortedAt = Number.POSITIVE_INFINITY;
  const events: AgentEvent[] = [];
  /** How many events the listener had seen when the run was aborted. */
  let eventsBeforeAbort = Number.POSITIVE_INFINITY;
  const abort = (): void => {
    if (controller.signal.aborted) return;
    abortedAt = clock++;
    eventsBeforeAbort = events.length;
    controller.abort();
  };
  /** When each call (by id) stopped needing time: its handler finished, or it needed none. */
  const finishedAt = new Map<string, number>();
  const calls = scenario.steps.map((plans, step) =>
    plans.map((plan, index): { id: string; plan: CallPlan; part: AssistantPart } => {
      const id = `s${step + 1}c${index}`;
      const part: AssistantPart =
        plan.tool === 'invalid'
          ? {
              type: 'tool-call-invalid',
              toolCallId: id,
              toolName: 'work',
              raw: '{"delay": ',
              error: 'cut off',
            }
          : { type: 'tool-call', toolCallId: id, toolName: plan.tool, input: { id, ...plan } };
      return { id, plan, part };
    }),
  );
  const work = defineTool({
    name: 'work',
    parameters: { type: 'object' },
    async execute(input) {
      const { id, delay, outcome } = input as { id: string; delay: number; outcome: CallPlan['outcome'] };
      for (let index = 0; index < delay; index++) await tick();
      if (outcome === 'abort') abort();
      finishedAt.set(id, clock++);
      if (outcome === 'throw') throw new Error(`failed ${id}`);
      return `done ${id}`;
    },
  });
  const modelError = new Error('model failed');
  const model: AgentModel = {
    generate(_messages, _tools, { step }) {
      const { disturbance } = scenario;
      if (disturbance.kind === 'model-throws' && disturbance.step === step) {
        if (disturbance.async) return Promise.reject(modelError);
        throw modelError;
      }
      const own = calls[step - 1] ?? [];
      // Calls that need no handler are answered as soon as they are dispatched.
      for (const entry of own) if (entry.plan.tool !== 'work') finishedAt.set(entry.id, -1);
      return { role: 'assistant', content: own.map((entry) => entry.part) };
    },
  };
  const listenerError = new Error('listener failed');
  let outcome: { ok: true; returned: AgentRunResult } | { ok: false; error: unknown };
  try {
    const returned = await runAgent({
      model,
      tools: [work],
      messages: [{ role: 'user', content: 'go' }],
      maxSteps: scenario.steps.length,
      concurrency: scenario.concurrency,
      signal: controller.signal,
      onEvent(event) {
        events.push(event);
        const { disturbance } = scenario;
        if (disturbance.kind === 'abort-at-event' && disturbance.event === events.length - 1) abort();
        if (disturbance.kind === 'throw-at-event' && disturbance.event === events.length - 1)
          throw listenerError;
        if (disturbance.kind === 'reject-at-event' && disturbance.event === events.length - 1)
          return Promise.reject(listenerError);
      },
    });
    outcome = { ok: true, returned };
  } catch (error) {
    outcome = { ok: false, error };
  }
  // The dispatched calls that finished before the abort: each has one result event, no other call has.
  const { disturbance } = scenario;
  // The run ended by its listener: a throw at the event it came in, a rejection at the next event.
  const listenerThrew =
    (disturbance.kind === 'throw-at-event' && events.length === disturbance.event + 1) ||
    (disturbance.kind === 'reject-at-event' && !outcome.ok && outcome.error === listenerError);
  const results = events.filter((event) => event.type === 'tool-result');
  const delivered = results.map((event) => event.result.toolCallId);
  if (new Set(delivered).size !== delivered.length) found.push(`a result delivered twice: ${delivered}`);
  const announced = events
    .filter((event) => event.type === 'tool-call')
    .map((event) => event.call.toolCallId ?? '');
  for (const id of announced) {
    const at = finishedAt.get(id);
    // A call that needs no handler (unknown tool, invalid call) has no time of its own: it is answered
    // when dispatched, which may be after the abort (then cut off); only the run's end checks it.
    if (at === -1) continue;
    const due = at !== undefined && at < abortedAt;
    const got = delivered.includes(id);
    if (!listenerThrew && due && !got) found.push(`call ${id} finished before the abort, no result event`);
    if (got && !due) found.push(`call ${id} has a result event but did not finish before the abort`);
  }
  for (const step of new Set(results.map((event) => event.step))) {
    const order = announced.filter((id) => id.startsWith(`s${step}c`));
    const mine = delivered.filter((id) => id.startsWith(`s${step}c`));
    if (JSON.stringify(mine) !== JSON.stringify(order.filter((id) => mine.includes(id))))
      found.push(`step ${step}: results ${mine} not in call order`);
  }
  found.push(...shapeViolations(events, listenerThrew));
  if (outcome.ok) {
    if (events[events.length - 1]?.type !== 'finish') found.push('resolved without a finish event');
    if (announced.some((id) => !delivered.includes(id)) && !listenerThrew)
      found.push('resolved with a call unanswered');
    found.push(...returnedViolations(outcome.returned, results));
  } else if (listenerThrew) {
    if (outcome.error !== listenerError)
      found.push(`rejected with ${String(outcome.error)}, not the listener's error`);
  } else if (controller.signal.aborted) {
    if (!(outcome.error instanceof Error && outcome.error.name === 'AbortError'))
      found.push(`aborted run rejected with ${String(outcome.error)}`);
  } else if (disturbance.kind === 'model-throws') {
    if (outcome.error !== modelError)
      found.push(`rejected with ${String(outcome.error)}, not the model's error`);
  } else found.push(`rejected with ${String(outcome.error)}`);
  if (events.some((event, index) => event.type === 'step-start' && index >= eventsBeforeAbort))
    found.push('a step started after the abort');
  return found;
}

/** Steps in order, each opened once and closed once, the finish last. */
function shapeViolations(events: readonly AgentEvent[], listenerThrew: boolean): string[] {
  const out: string[] = [];
  let open: number | undefined;
  let last = 0;
  events.forEach((event, index) => {
    if (event.type === 'step-start') {
      if (open !== undefined) out.push(`step ${event.step} started inside step ${open}`);
      if (event.step !== last + 1) out.push(`step ${event.step} after step ${last}`);
      open = event.step;
      last = event.step;
    } else if (event.type === 'step-end') {
      if (open !== event.step) out.push(`step-end ${event.step} without its start`);
      open = undefined;
    } else if (event.type === 'finish') {
      if (index !== events.length - 1) out.push('events after finish');
      if (open !== undefined) out.push('finish inside a step');
    } else if (open !== event.step) out.push(`${event.type} outside its step`);
  });
  if (open !== undefined && !listenerThrew) out.push(`step ${open} never ended`);
  return out;
}

/** The results a resolved run returns are the ones it delivered, in call order, in both places. */
function returnedViolations(
  returned: AgentRunResult,
  delivered: readonly Extract<AgentEvent, { type: 'tool-result' }>[],
): string[] {
  const out: string[] = [];
  const sent = JSON.stringify(delivered.map((event) => event.result));
  const inSteps = JSON.stringify(returned.steps.flatMap((step) => step.results.map((entry) => entry.result)));
  if (inSteps !== sent)
    out.push(`returned steps' results ${inSteps.slice(0, 300)} for delivered ${sent.slice(0, 300)}`);
  const inMessages = JSON.stringify(
    returned.responseMessages.flatMap((message) => (message.role === 'tool' ? message.content : [])),
  );
  if (inMessages !== sent)
    out.push(`returned tool messages ${inMessages.slice(0, 300)} for delivered ${sent.slice(0, 300)}`);
  return out;
}
