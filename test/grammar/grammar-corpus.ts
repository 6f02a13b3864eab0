/**
 * The grammar corpora (`shared/corpus/grammar/`, see `README-coerce-repair-grammar.md` §4 and §5) and
 * the baseline of known disagreements (`test/expectations/grammar.json`).
 *
 * Decisions:
 * - JSON-Schema-Test-Suite: every non-optional case; the instance is written compactly
 *   (`JSON.stringify`); "agree" means the engine accepts it exactly when `valid` is true. A schema the
 *   engine cannot compile counts as "rejects everything".
 * - llama.cpp integration: only `kind: "schema"` cases (the grammar cases test llama.cpp's own
 *   grammar reader, not a converter); "agree" means our grammar accepts what llama.cpp's converter's
 *   grammar accepts and rejects what it rejects, string by string.
 * - Grammars are toolwire's defaults (`whitespace: 'flexible'`, schema property order).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { schemaGrammar } from '../../src/grammar/index.js';
import type { JSONSchema } from '../../src/types/json-schema.js';
import { corpusUrl } from '../corpus-path.js';
import type { GrammarEngine } from './engines.js';

export interface SuiteCase {
  readonly id: string;
  readonly group: string;
  readonly test: string;
  readonly schema: JSONSchema;
  readonly data: unknown;
  readonly valid: boolean;
  readonly optional?: boolean;
}

export interface IntegrationCase {
  readonly id: string;
  readonly kind: 'schema' | 'grammar';
  readonly schema?: JSONSchema;
  readonly accept: readonly string[];
  readonly reject: readonly string[];
}

const corpus = corpusUrl('grammar/');

/** `test/expectations/grammar.json`: `{ "<dialect> <case id>": "why we disagree" }`. */
export const baselineFile = new URL('../expectations/grammar.json', import.meta.url);

function readJsonLines<T>(name: string): T[] | undefined {
  const path = fileURLToPath(new URL(name, corpus));
  if (!existsSync(path)) return undefined;
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

/** The non-optional JSON-Schema-Test-Suite cases; `undefined` without `shared/`. */
export function loadSuiteCases(): SuiteCase[] | undefined {
  return readJsonLines<SuiteCase>('json-schema-test-suite.jsonl')?.filter((c) => c.optional !== true);
}

/** The schema cases of llama.cpp's integration corpus; `undefined` without `shared/`. */
export function loadIntegrationCases(): IntegrationCase[] | undefined {
  return readJsonLines<IntegrationCase>('llama.cpp-integration.jsonl')?.filter((c) => c.kind === 'schema');
}

/** The baseline: key `"<dialect> <case id>"` (integration: `"<dialect> <case id> <accept|reject> <n>"`). */
export function loadBaseline(): Map<string, string> {
  const value = JSON.parse(readFileSync(fileURLToPath(baselineFile), 'utf8')) as Record<string, string>;
  return new Map(Object.entries(value).filter(([key]) => !key.startsWith('$')));
}

/** One text to judge under one schema, with the answer it should get. */
export interface Probe {
  readonly key: string;
  readonly text: string;
  readonly expected: boolean;
}

/**
 * Judges probes grouped by schema: each schema's grammar is printed and compiled once. Returns the
 * keys of the probes the engine answers differently from `expected`, in order.
 */
export async function disagreements(
  engine: GrammarEngine,
  groups: ReadonlyArray<{ schema: JSONSchema; probes: readonly Probe[] }>,
): Promise<string[]> {
  const dialect = engine.name === 'llama.cpp' ? 'gbnf' : 'ebnf';
  const out: string[] = [];
  for (const { schema, probes } of groups) {
    const { grammar } = schemaGrammar(schema, { dialect });
    let compiled: Awaited<ReturnType<GrammarEngine['compile']>> | undefined;
    try {
      compiled = await engine.compile(grammar);
    } catch {
      compiled = undefined;
    }
    for (const probe of probes) {
      const accepted = compiled ? await compiled.accepts(probe.text) : false;
      if (accepted !== probe.expected) out.push(probe.key);
    }
  }
  return out;
}

/** The suite's cases grouped by schema (cases of one group share one schema object text). */
export function suiteGroups(cases: readonly SuiteCase[], dialect: string) {
  const groups = new Map<string, { schema: JSONSchema; probes: Probe[] }>();
  for (const c of cases) {
    const key = JSON.stringify(c.schema);
    let group = groups.get(key);
    if (!group) {
      group = { schema: c.schema, probes: [] };
      groups.set(key, group);
    }
    group.probes.push({ key: `${dialect} ${c.id}`, text: JSON.stringify(c.data), expected: c.valid });
  }
  return [...groups.values()];
}

/** The integration cases as probes: accept strings expected accepted, reject strings rejected. */
export function integrationGroups(cases: readonly IntegrationCase[], dialect: string) {
  return cases.map((c) => ({
    schema: c.schema as JSONSchema,
    probes: [
      ...c.accept.map((text, index) => ({ key: `${dialect} ${c.id} accept ${index}`, text, expected: true })),
      ...c.reject.map((text, index) => ({
        key: `${dialect} ${c.id} reject ${index}`,
        text,
        expected: false,
      })),
    ],
  }));
}
