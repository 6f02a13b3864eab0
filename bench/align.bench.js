// alignValue vs ajv validate vs zod safeParse (z.fromJSONSchema) on the same schemas and valid values,
// alignResponse vs @boundaryml/baml's parser on the same text, and the lenient JSON parser vs
// jsonrepair + JSON.parse on the jsonrepair corpus's broken inputs. Run with `npm run bench align`
// (builds dist first) or `node bench/run.js align` after `npm run build`.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { alignResponse, alignValue, decodeLenient, SchemaRoot } from '../dist/schema/index.js';
import { alignCases } from './align-cases.js';
import { measure, printTable } from './measure.js';

const require = createRequire(import.meta.url);

/** Calls per timed round, so one round is long enough to time. */
const BATCH = 200;

const cases = alignCases;

function opsPerSecond(run) {
  const ms = measure(() => {
    for (let index = 0; index < BATCH; index++) run();
  });
  return (BATCH * 1000) / ms;
}

const format = (ops) => `${Math.round(ops).toLocaleString('en-US')}/s`;

let Ajv;
let z;
try {
  Ajv = require('ajv/dist/2020').default;
} catch {
  console.log('ajv is not installed: its column is skipped');
}
try {
  ({ z } = await import('zod'));
} catch {
  console.log('zod is not installed: its column is skipped');
}

console.log(
  'alignValue (aligns: returns value, flags, issues) vs validators (pass/fail only), valid values:',
);
const rows = [['schema', 'alignValue', 'ajv validate', 'zod safeParse', 'alignValue/ajv', 'alignValue/zod']];
for (const { name, schema, value } of cases) {
  const root = new SchemaRoot(schema);
  if (alignValue(value, root).issues.length > 0) throw new Error(`${name}: value does not align`);
  const align = opsPerSecond(() => alignValue(value, root));
  let ajvOps;
  if (Ajv) {
    const validate = new Ajv({ strict: false }).compile(schema);
    if (!validate(value)) throw new Error(`${name}: ajv rejects the value`);
    ajvOps = opsPerSecond(() => validate(value));
  }
  let zodOps;
  if (z) {
    const zodSchema = z.fromJSONSchema(schema);
    if (!zodSchema.safeParse(value).success) throw new Error(`${name}: zod rejects the value`);
    zodOps = opsPerSecond(() => zodSchema.safeParse(value));
  }
  rows.push([
    name,
    format(align),
    ajvOps ? format(ajvOps) : 'n/a',
    zodOps ? format(zodOps) : 'n/a',
    ajvOps ? `${(align / ajvOps).toFixed(2)}x` : 'n/a',
    zodOps ? `${(align / zodOps).toFixed(2)}x` : 'n/a',
  ]);
}
printTable(rows);

// BAML: parseLlmResponse with a dummy function per target type (coercion.md "Can @boundaryml/baml run
// its parser from plain Node"); compared with alignResponse on the same raw text.
try {
  process.env.SCARF_ANALYTICS = 'false';
  const { BamlRuntime } = require('@boundaryml/baml');
  const source = `
class Weather {
  city string
  days int
  unit string?
  hourly bool?
}
function ParseWeather(x: string) -> Weather {
  client "openai/gpt-4o-mini"
  prompt #"{{ x }}"#
}
`;
  const runtime = BamlRuntime.fromFiles('baml_src', { 'baml_src/main.baml': source }, {});
  const ctx = runtime.createContextManager();
  const schema = cases[0].schema;
  const root = new SchemaRoot(schema);
  const texts = [
    ['clean JSON', '{"city": "San Francisco", "days": 3, "unit": "celsius", "hourly": false}'],
    [
      'fenced, unquoted, trailing comma',
      'Sure!\n```json\n{city: \'San Francisco\', days: "3", hourly: False,}\n```',
    ],
  ];
  const bamlRows = [['text', 'alignResponse', 'baml parseLlmResponse', 'ratio']];
  for (const [label, text] of texts) {
    const mine = alignResponse(text, root);
    if (mine.issues.length > 0) throw new Error(`alignResponse failed on ${label}`);
    runtime.parseLlmResponse('ParseWeather', text, false, ctx, null, null, {});
    const ours = opsPerSecond(() => alignResponse(text, root));
    const baml =
      (1000 * 20) /
      measure(() => {
        for (let index = 0; index < 20; index++)
          runtime.parseLlmResponse('ParseWeather', text, false, ctx, null, null, {});
      });
    bamlRows.push([label, format(ours), format(baml), `${(ours / baml).toFixed(1)}x`]);
  }
  console.log('\nalignResponse vs @boundaryml/baml parseLlmResponse (same typed target, same text):');
  printTable(bamlRows);
} catch (error) {
  console.log(`\n@boundaryml/baml comparison skipped: ${String(error?.message ?? error).split('\n')[0]}`);
}

// The lenient JSON parser (json/) vs jsonrepair followed by JSON.parse, on the broken inputs of the
// jsonrepair corpus that have a valid-JSON answer.
const corpus = fileURLToPath(new URL('../../shared/corpus/repair/jsonrepair.jsonl', import.meta.url));
let json;
try {
  json = await import('../dist/json/index.js');
} catch {
  json = undefined;
}
if (!json?.parseLenientJson) {
  console.log('\nlenient JSON vs jsonrepair: skipped (dist/json has no parseLenientJson)');
} else if (!existsSync(corpus)) {
  console.log('\nlenient JSON vs jsonrepair: skipped (../shared/corpus/repair/jsonrepair.jsonl not found)');
} else {
  const { jsonrepair } = await import('jsonrepair');
  const inputs = readFileSync(corpus, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
    .filter((entry) => typeof entry.expected === 'string' && !entry.duplicate_of)
    .map((entry) => entry.input)
    .filter((input) => {
      try {
        JSON.parse(input);
        return false;
      } catch {
        return true;
      }
    });
  const runOurs = () => {
    for (const input of inputs) json.parseLenientJson(input);
  };
  const runTheirs = () => {
    for (const input of inputs) {
      try {
        JSON.parse(jsonrepair(input));
      } catch {
        // a case jsonrepair cannot repair: counted like ours
      }
    }
  };
  const runDecode = () => {
    for (const input of inputs) decodeLenient(input);
  };
  // The sides take turns, four slices of 150 ms each (600 ms per side as before), and each keeps its
  // best round: on a shared machine neither side gets the quieter stretch or the extra JIT warm-up
  // that measuring it second would give, and neither is timed while still being compiled.
  let ours = Number.POSITIVE_INFINITY;
  let theirs = Number.POSITIVE_INFINITY;
  let decode = Number.POSITIVE_INFINITY;
  for (let turn = 0; turn < 4; turn++) {
    ours = Math.min(ours, measure(runOurs, 150));
    theirs = Math.min(theirs, measure(runTheirs, 150));
    decode = Math.min(decode, measure(runDecode, 150));
  }
  console.log(
    `\nlenient JSON parser vs jsonrepair + JSON.parse, ${inputs.length} broken inputs of the jsonrepair corpus:`,
  );
  printTable([
    ['parser', 'ms per corpus pass', 'inputs/s', 'speed-up'],
    [
      'parseLenientJson',
      ours.toFixed(3),
      format((inputs.length * 1000) / ours),
      `${(theirs / ours).toFixed(2)}x`,
    ],
    ['jsonrepair + JSON.parse', theirs.toFixed(3), format((inputs.length * 1000) / theirs), '1.00x'],
    [
      'decodeLenient (freeText mode)',
      decode.toFixed(3),
      format((inputs.length * 1000) / decode),
      `${(theirs / decode).toFixed(2)}x`,
    ],
  ]);
}
