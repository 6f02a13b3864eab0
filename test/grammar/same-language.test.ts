/**
 * The grammar benchmark's "same language" text row compares toolwire's GBNF with node-llama-cpp's
 * converter on corpus schemas rewritten into a form both read alike (bench/same-language-schemas.js).
 * This checks the claim with llama.cpp's own grammar engine: on every kept schema, both grammars give
 * the same verdict on each probe (the corpus's instances of the schema, written compactly, and a fixed
 * set of values of every type), and that verdict is the rewritten schema's (ajv, draft 2020-12).
 * node-llama-cpp's grammar ends a document with four newlines, so its probes carry them (layout only),
 * and it spells DEL (U+007F) in a string only escaped, so its probes spell it `\u007f` (the same value).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, it } from 'vitest';
import { sameLanguageSchema } from '../../bench/same-language-schemas.js';
import { schemaGrammar } from '../../src/grammar/index.js';
import type { JSONSchema } from '../../src/types/json-schema.js';
import { describeCorpus } from '../corpus.js';
import { llamaCppEngine } from './engines.js';
import { loadIntegrationCases, loadSuiteCases } from './grammar-corpus.js';

/** Values of every type, for every schema beside the corpus's own instances. */
const commonProbes: unknown[] = [
  null,
  true,
  false,
  0,
  2,
  -2,
  1.5,
  -12.5e-3,
  1e300,
  'foo',
  '',
  'ab\u007fc',
  'line\nbreak',
  [],
  [1],
  [1.5, 'a'],
  [[[[1]]]],
  {},
  { foo: 'bar' },
  { foo: 'foo', bar: 'bar' },
];

type Convert = (schema: object) => string;

async function nodeLlamaCppConverter(): Promise<Convert> {
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('node-llama-cpp'));
  const module = (await import(
    pathToFileURL(join(dist, 'utils/gbnfJson/getGbnfGrammarForGbnfJsonSchema.js')).href
  )) as { getGbnfGrammarForGbnfJsonSchema: Convert };
  return module.getGbnfGrammarForGbnfJsonSchema;
}

/** Each kept rewritten schema (by its text) with the compact texts of the values to probe it with. */
function keptSchemas(): Map<string, { schema: object; probes: Set<string> }> {
  const instances: Array<[unknown, unknown]> = [];
  for (const c of loadSuiteCases() ?? []) instances.push([c.schema, c.data]);
  for (const c of loadIntegrationCases() ?? []) {
    for (const text of [...c.accept, ...c.reject]) {
      try {
        instances.push([c.schema, JSON.parse(text)]);
      } catch {
        // not JSON: both grammars reject it, nothing to compare
      }
    }
  }
  const kept = new Map<string, { schema: object; probes: Set<string> }>();
  for (const [original, value] of instances) {
    if (typeof original !== 'object' || original === null) continue;
    const rewritten = sameLanguageSchema(original);
    if (rewritten.schema === undefined) continue;
    if (schemaGrammar(rewritten.schema as JSONSchema).warnings.length > 0) continue;
    const key = JSON.stringify(rewritten.schema);
    let entry = kept.get(key);
    if (entry === undefined) {
      entry = {
        schema: rewritten.schema,
        probes: new Set(commonProbes.map((probe) => JSON.stringify(probe))),
      };
      kept.set(key, entry);
    }
    entry.probes.add(JSON.stringify(value));
  }
  return kept;
}

describeCorpus('grammar/', 'same-language schemas: toolwire and node-llama-cpp grammars', () => {
  it('accept the same probes, exactly the values valid under the rewritten schema', async () => {
    const engine = await llamaCppEngine();
    const nodeLlamaCpp = await nodeLlamaCppConverter();
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const kept = keptSchemas();
    const rows: string[] = [];
    let probes = 0;
    for (const [key, { schema, probes: texts }] of kept) {
      const toolwire = await engine.compile(schemaGrammar(schema as JSONSchema, { dialect: 'gbnf' }).grammar);
      const theirs = await engine.compile(nodeLlamaCpp(schema));
      const validate = ajv.compile(schema);
      for (const text of texts) {
        probes++;
        const verdicts = [
          await toolwire.accepts(text),
          await theirs.accepts(`${text.replaceAll('\u007f', '\\u007f')}\n\n\n\n`),
          validate(JSON.parse(text)),
        ];
        if (verdicts.some((verdict) => verdict !== verdicts[0]))
          rows.push(`${key} ${text}: ${verdicts.join(' / ')}`);
      }
    }
    expect(rows).toEqual([]);
    expect(kept.size).toBeGreaterThanOrEqual(30);
    expect(probes).toBeGreaterThan(kept.size * commonProbes.length);
  }, 60_000);
});
