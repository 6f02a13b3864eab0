/**
 * Every part of a schema a grammar reads as "any value" (or not as written) is warned
 * (`degraded-schema-cases.json`): chains deeper than 32, `$ref`s that are remote, missing or cyclic,
 * keyword values the meta-schema does not allow. Each case's exact warnings; `strict: true` throws
 * `unsupported` for each warned case; the grammar loads in llama.cpp (GBNF) and xgrammar (EBNF),
 * which accept each `accept` text and reject each `reject` text (compact JSON).
 * A case's `wrap` nests its schema `times` deep in one-branch `keyword` lists (chains too long to
 * write out).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../../src/errors/toolwire-error.js';
import { schemaGrammar } from '../../src/grammar/index.js';
import type { JSONSchema } from '../../src/types/json-schema.js';
import { llamaCppEngine, xgrammarEngine } from './engines.js';

interface DegradedCase {
  readonly name: string;
  readonly schema: JSONSchema;
  readonly wrap?: { readonly keyword: string; readonly times: number };
  readonly accept?: readonly string[];
  readonly reject?: readonly string[];
  readonly warnings: readonly unknown[];
}

const cases = JSON.parse(
  readFileSync(new URL('./degraded-schema-cases.json', import.meta.url), 'utf8'),
) as DegradedCase[];

function schemaOf(testCase: DegradedCase): JSONSchema {
  let schema = testCase.schema;
  for (let index = 0; index < (testCase.wrap?.times ?? 0); index++)
    schema = { [testCase.wrap?.keyword as string]: [schema] };
  return schema;
}

function strictOutcome(schema: JSONSchema): unknown {
  try {
    schemaGrammar(schema, { strict: true });
    return 'returned';
  } catch (error) {
    return ToolwireError.isInstance(error) ? error.code : String(error);
  }
}

describe('schemaGrammar warns every part it does not read as written', () => {
  it.each(cases.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, testCase) => {
      const schema = schemaOf(testCase);
      for (const [dialect, engine] of [
        ['gbnf', await llamaCppEngine()],
        ['ebnf', xgrammarEngine()],
      ] as const) {
        const result = schemaGrammar(schema, { whitespace: 'compact', dialect });
        expect(result.warnings).toEqual(testCase.warnings);
        const compiled = await engine.compile(result.grammar);
        const texts = [...(testCase.accept ?? []), ...(testCase.reject ?? [])];
        const verdicts = [];
        for (const text of texts) verdicts.push(await compiled.accepts(text));
        expect([dialect, verdicts]).toEqual([
          dialect,
          texts.map((_, i) => i < (testCase.accept ?? []).length),
        ]);
      }
      expect(strictOutcome(schema)).toBe(testCase.warnings.length > 0 ? 'unsupported' : 'returned');
    },
    60_000,
  );
});
