/**
 * The short run of the agent property (`properties/agent-scenarios.ts`): `runAgent` with handlers that
 * return, throw or abort after 0 to 3 ticks, unknown tools and invalid calls, and an abort, a throwing
 * or rejecting listener or a failing model at any event position, delivers every completed result once,
 * in call order, returns what it delivered, and ends as promised. The long run is
 * `npm run fuzz -- --suite agent` (docs/reliability.md).
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AgentScenario, agentScenario, agentViolations } from './properties/agent-scenarios.js';

describe('runAgent under aborts and failures at every event position (property)', () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown): void => {
    unhandled.push(reason);
  };
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', record);
  });
  afterEach(() => {
    process.off('unhandledRejection', record);
  });

  it('holds for 500 generated scenarios (seed 26), with no unhandled rejection', async () => {
    await fc.assert(
      fc.asyncProperty(agentScenario, async (scenario) => {
        expect(await agentViolations(scenario)).toEqual([]);
      }),
      { seed: 26, numRuns: 500 },
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  }, 60_000);

  it('holds for a call that finished in the tick its sibling aborted the run', async () => {
    // The input that found the fix of "runAgent delivers a call that finished in the same tick as an abort".
    const scenario: AgentScenario = {
      steps: [
        [
          { tool: 'work', delay: 0, outcome: 'return' },
          { tool: 'work', delay: 0, outcome: 'abort' },
        ],
        [],
      ],
      concurrency: 2,
      disturbance: { kind: 'none' },
    };
    expect(await agentViolations(scenario)).toEqual([]);
  });
});
