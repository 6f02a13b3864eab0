/**
 * The properties `npm run fuzz` runs long (`--suite NAME`), each an input generator and a check that
 * lists what broke: `parsers` (every format's parser, `fuzz-core.ts`), `providers` (`repairHistory` +
 * `toRequest`: pairing on the wire), `grammar` (`schemaGrammar` on random and hostile schemas),
 * `agent` (`runAgent` with aborts, throws and failures at every event position), `middleware`
 * (`toolCallMiddleware` under hostile upstream parts). `npm test` runs each short: `fuzz.test.ts`,
 * `provider-wire.test.ts`, `grammar-schemas.test.ts`, `agent-scenarios.test.ts`, `middleware-parts.test.ts`.
 */
import type fc from 'fast-check';
import { type FuzzInput, inputArbitrary, loadSeeds, violations } from './fuzz-core.js';
import { agentScenario, agentViolations } from './properties/agent-scenarios.js';
import { grammarSchema, grammarViolations } from './properties/grammar-schemas.js';
import { middlewareParts, middlewareViolations } from './properties/middleware-parts.js';
import { providerWireInput, providerWireViolations } from './properties/provider-wire.js';

/** One property: its inputs, its check, and what a repro file holds of a failing input. */
export interface FuzzSuite<T> {
  readonly arbitrary: () => fc.Arbitrary<T>;
  readonly violations: (input: T) => string[] | Promise<string[]>;
  /** The repro's name part and the fields it holds (default: the input itself). */
  readonly label: (input: T) => string;
  readonly repro?: (input: T) => Record<string, unknown>;
}

const parsers: FuzzSuite<FuzzInput> = {
  arbitrary: () => inputArbitrary(loadSeeds()),
  violations,
  label: (input) => input.format,
  repro: (input) => ({
    format: input.format,
    options: input.options,
    text: input.text,
    chunkSeed: input.chunkSeed,
    point: input.point,
    seedText: input.seedText,
  }),
};

export const SUITES = {
  parsers,
  providers: {
    arbitrary: () => providerWireInput,
    violations: providerWireViolations,
    label: () => 'providers',
  },
  grammar: { arbitrary: () => grammarSchema, violations: grammarViolations, label: () => 'grammar' },
  agent: { arbitrary: () => agentScenario, violations: agentViolations, label: () => 'agent' },
  middleware: {
    arbitrary: () => middlewareParts,
    violations: middlewareViolations,
    label: () => 'middleware',
  },
} as const;

export type SuiteName = keyof typeof SUITES;
