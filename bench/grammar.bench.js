// Grammar generation time: toolwire's schemaGrammar (GBNF and EBNF text) against node-llama-cpp's
// JSON-Schema converter (getGbnfGrammarForGbnfJsonSchema, what llama.createGrammarForJsonSchema
// prints) and xgrammar's own converter (Grammar.fromJSONSchema in @mlc-ai/web-xgrammar, which also
// parses the grammar it builds), on the grammar corpus's schemas and one 200-property tool. Run with
// `npm run bench grammar` (builds dist first) or `node bench/run.js grammar` after `npm run build`.
// xgrammar prints a [FATAL] line for each corpus schema it refuses; those are left out of the timing.
// A second table times toolwire alone on growing schemas (required properties, enum values,
// prefixItems), doubling the size each row: linear generation shows a growth near 2.0x.
// The text row is also measured at the same language: each corpus schema rewritten into the form both
// converters read alike (bench/same-language-schemas.js), the others left out with their reasons;
// `--verbose` prints every kept schema's two lengths, otherwise the five with the largest ratio.
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { schemaGrammar } from '../dist/grammar/index.js';
import { reportGoal } from './goals.js';
import { measure, printTable } from './measure.js';
import { sameLanguageSchema } from './same-language-schemas.js';

const require = createRequire(import.meta.url);

// node-llama-cpp does not export its converter from the package root; load the file beside it.
const llamaDist = dirname(require.resolve('node-llama-cpp'));
const { getGbnfGrammarForGbnfJsonSchema } = await import(
  pathToFileURL(join(llamaDist, 'utils/gbnfJson/getGbnfGrammarForGbnfJsonSchema.js')).href
);

// web-xgrammar ships a UMD bundle under "type": "module": load a copy as CommonJS (grammars.md §5B).
const xgrammarCopy = join(mkdtempSync(join(tmpdir(), 'toolwire-bench-xgrammar-')), 'xgrammar.cjs');
copyFileSync(require.resolve('@mlc-ai/web-xgrammar'), xgrammarCopy);
const xgrammar = require(xgrammarCopy);

const corpus = new URL('../../shared/corpus/grammar/', import.meta.url);
const readLines = (name) => {
  const path = fileURLToPath(new URL(name, corpus));
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
};
const unique = new Map();
for (const line of readLines('json-schema-test-suite.jsonl')) {
  if (!line.optional && typeof line.schema === 'object') unique.set(JSON.stringify(line.schema), line.schema);
}
for (const line of readLines('llama.cpp-integration.jsonl')) {
  if (line.kind === 'schema') unique.set(JSON.stringify(line.schema), line.schema);
}
const corpusSchemas = [...unique.values()];

const wide = { type: 'object', properties: {}, required: [], additionalProperties: false };
for (let index = 0; index < 200; index++) {
  const kind = ['string', 'integer', 'number', 'boolean'][index % 4];
  wide.properties[`field_${index}`] =
    kind === 'integer' ? { type: kind, minimum: 0, maximum: 10_000 } : { type: kind };
  if (index % 3 === 0) wide.required.push(`field_${index}`);
}

const converters = {
  'toolwire gbnf': (schema) => schemaGrammar(schema, { dialect: 'gbnf' }).grammar,
  'toolwire ebnf': (schema) => schemaGrammar(schema, { dialect: 'ebnf' }).grammar,
  'node-llama-cpp': (schema) => getGbnfGrammarForGbnfJsonSchema(schema),
};

/** The schemas every converter accepts (node-llama-cpp's reads a subset and throws on the rest). */
async function accepted(schemas) {
  const out = [];
  for (const schema of schemas) {
    try {
      for (const convert of Object.values(converters)) convert(schema);
      (await xgrammar.Grammar.fromJSONSchema(JSON.stringify(schema))).dispose?.();
      out.push(schema);
    } catch {
      // left out of the timing: not every converter reads it
    }
  }
  return out;
}

async function timeXGrammar(schemas) {
  // fromJSONSchema is async (wasm); time whole passes over the list.
  const texts = schemas.map((schema) => JSON.stringify(schema));
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 8; round++) {
    const start = performance.now();
    for (const text of texts) (await xgrammar.Grammar.fromJSONSchema(text)).dispose?.();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const rows = [['schemas', 'count', ...Object.keys(converters), 'xgrammar', 'nlc / tw gbnf', 'xg / tw ebnf']];
for (const [name, list] of [
  ['corpus', await accepted(corpusSchemas)],
  ['200-property tool', [wide]],
]) {
  const times = Object.values(converters).map((convert) =>
    measure(() => {
      for (const schema of list) convert(schema);
    }),
  );
  const xg = await timeXGrammar(list);
  // Grammar text, toolwire's GBNF against node-llama-cpp's, over the same schemas.
  const textLength = (convert) => list.reduce((sum, schema) => sum + convert(schema).length, 0);
  const gbnfText = textLength(converters['toolwire gbnf']);
  const nlcText = textLength(converters['node-llama-cpp']);
  reportGoal('gbnf-time', name, times[0] / times[2]);
  reportGoal(
    'gbnf-text',
    name,
    gbnfText / nlcText,
    `${gbnfText.toLocaleString('en-US')} against ${nlcText.toLocaleString('en-US')} characters`,
  );
  reportGoal('ebnf-time', name, times[1] / xg);
  rows.push([
    name,
    list.length,
    ...times.map((ms) => `${ms.toFixed(3)} ms`),
    `${xg.toFixed(3)} ms`,
    `${(times[2] / times[0]).toFixed(2)}x`,
    `${(xg / times[1]).toFixed(2)}x`,
  ]);
}
console.log(`corpus: ${corpusSchemas.length} distinct schemas, timed on the ones all converters read`);
printTable(rows);

// Grammar text at the same language: the corpus schemas rewritten so that both converters accept the
// same JSON values (layout aside), deduplicated after the rewrite.
const sameLanguage = new Map();
const droppedFor = new Map();
const leaveOut = (reason) => droppedFor.set(reason, (droppedFor.get(reason) ?? 0) + 1);
for (const schema of corpusSchemas) {
  const rewritten = sameLanguageSchema(schema);
  if (rewritten.schema === undefined) leaveOut(rewritten.reason);
  else if (schemaGrammar(rewritten.schema).warnings.length > 0)
    leaveOut('toolwire warns (cannot express it)');
  else sameLanguage.set(JSON.stringify(rewritten.schema), rewritten.schema);
}
const lengths = [...sameLanguage.entries()].map(([text, schema]) => ({
  text,
  toolwire: converters['toolwire gbnf'](schema).length,
  nlc: converters['node-llama-cpp'](schema).length,
}));
const sum = (key) => lengths.reduce((total, row) => total + row[key], 0);
const ratios = lengths.map((row) => row.toolwire / row.nlc).sort((a, b) => a - b);
const median =
  ratios.length === 0
    ? Number.NaN
    : (ratios[Math.floor((ratios.length - 1) / 2)] + ratios[Math.ceil((ratios.length - 1) / 2)]) / 2;
console.log(
  `\nsame language: ${sameLanguage.size} distinct rewritten schemas kept of ${corpusSchemas.length}; left out:`,
);
for (const [reason, count] of [...droppedFor].sort((a, b) => b[1] - a[1]))
  console.log(`  ${count} ${reason}`);
const sameRows = [['schema (rewritten)', 'toolwire gbnf bytes', 'node-llama-cpp bytes', 'ratio']];
const verbose = process.argv.includes('--verbose');
const shown = [...lengths]
  .sort((a, b) => b.toolwire / b.nlc - a.toolwire / a.nlc)
  .slice(0, verbose ? undefined : 5);
for (const row of shown) {
  sameRows.push([row.text.slice(0, 60), row.toolwire, row.nlc, `${(row.toolwire / row.nlc).toFixed(2)}x`]);
}
sameRows.push(['total', sum('toolwire'), sum('nlc'), `${(sum('toolwire') / sum('nlc')).toFixed(2)}x`]);
printTable(sameRows);
console.log(`median per-schema ratio ${median.toFixed(2)}x`);
// The time at the same language: a pass over the rewritten schemas, each converter's best, in turns.
const sameSchemas = [...sameLanguage.values()];
let sameToolwire = Number.POSITIVE_INFINITY;
let sameNlc = Number.POSITIVE_INFINITY;
for (let turn = 0; turn < 4; turn++) {
  sameToolwire = Math.min(
    sameToolwire,
    measure(() => {
      for (const schema of sameSchemas) converters['toolwire gbnf'](schema);
    }, 200),
  );
  sameNlc = Math.min(
    sameNlc,
    measure(() => {
      for (const schema of sameSchemas) converters['node-llama-cpp'](schema);
    }, 200),
  );
}
console.log(
  `time of a pass over them: toolwire gbnf ${sameToolwire.toFixed(3)} ms, node-llama-cpp ${sameNlc.toFixed(3)} ms (${(sameToolwire / sameNlc).toFixed(2)}x)`,
);
reportGoal(
  'gbnf-time-same',
  'corpus',
  sameToolwire / sameNlc,
  `${sameToolwire.toFixed(3)} against ${sameNlc.toFixed(3)} ms on ${sameSchemas.length} schemas`,
);
reportGoal(
  'gbnf-text-same',
  'corpus',
  sum('toolwire') / sum('nlc'),
  `${sum('toolwire').toLocaleString('en-US')} against ${sum('nlc').toLocaleString('en-US')} characters on ${sameLanguage.size} schemas; median per schema ${median.toFixed(2)}x`,
);

/** Best of three calls after one warm-up, in ms (each call of the largest sizes takes a good part of a second). */
function bestOfThree(run) {
  run();
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const growing = {
  'required string properties': [
    [1250, 2500, 5000, 10_000],
    (n) => {
      const properties = {};
      for (let index = 0; index < n; index++) properties[`field_${index}`] = { type: 'string' };
      return { type: 'object', properties, required: Object.keys(properties) };
    },
  ],
  'string enum values': [
    [12_500, 25_000, 50_000, 100_000],
    (n) => ({ enum: Array.from({ length: n }, (_, index) => `value_${index}`) }),
  ],
  prefixItems: [
    [2500, 5000, 10_000, 20_000],
    (n) => ({
      type: 'array',
      prefixItems: Array.from({ length: n }, (_, index) => ({
        type: ['string', 'integer', 'boolean'][index % 3],
      })),
    }),
  ],
};
const growth = [['schema', 'size', 'toolwire gbnf', 'grammar bytes', 'growth per doubling']];
for (const [name, [sizes, make]] of Object.entries(growing)) {
  let previous;
  for (const size of sizes) {
    const schema = make(size);
    const ms = bestOfThree(() => schemaGrammar(schema));
    const bytes = schemaGrammar(schema).grammar.length;
    growth.push([name, size, `${ms.toFixed(1)} ms`, bytes, previous ? `${(ms / previous).toFixed(2)}x` : '']);
    previous = ms;
  }
}
console.log('\ngrowth: schemaGrammar on schemas doubling in size (linear: about 2.00x per doubling)');
printTable(growth);
