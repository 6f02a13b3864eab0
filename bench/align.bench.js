// alignValue vs ajv validate vs zod safeParse (z.fromJSONSchema) on the same schemas and valid values,
// alignResponse vs @boundaryml/baml's parser on the same text, and the lenient JSON parser vs
// jsonrepair + JSON.parse on the jsonrepair corpus's broken inputs. Run with `npm run bench align`
// (builds dist first) or `node bench/run.js align` after `npm run build`.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { alignResponse, alignValue, decodeLenient, SchemaRoot } from '../dist/schema/index.js';
import { alignCases, defaultCase } from './align-cases.js';
import { reportGoal } from './goals.js';
import { measure, printTable } from './measure.js';

const require = createRequire(import.meta.url);

/** Calls per timed round, so one round is long enough to time. */
const BATCH = 200;

const cases = alignCases;

/**
 * Operations per second of each side, the sides taking turns (four slices of 120 ms each, best round
 * kept), so neither gets the quieter stretch of a shared machine or the other's JIT warm-up.
 */
function sideBySide(runs) {
  const best = runs.map(() => Number.POSITIVE_INFINITY);
  for (let turn = 0; turn < 4; turn++) {
    for (const [index, run] of runs.entries()) {
      if (!run) continue;
      const ms = measure(() => {
        for (let call = 0; call < BATCH; call++) run();
      }, 120);
      best[index] = Math.min(best[index], ms);
    }
  }
  return best.map((ms, index) => (runs[index] ? (BATCH * 1000) / ms : undefined));
}

const format = (ops) => `${Math.round(ops).toLocaleString('en-US')}/s`;
/** How many times longer alignValue takes than the other side (time ratio; lower is better). */
const timeRatio = (align, other) => (other ? `${(other / align).toFixed(2)}` : 'n/a');

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
  'alignValue (aligns: returns value, flags, issues) vs validators (pass/fail only), valid values;',
);
console.log('"÷ ajv" is alignValue\'s time per call over ajv\'s compiled validate (lower is better):');
const rows = [['schema', 'alignValue', 'ajv validate', 'zod safeParse', '÷ ajv', '÷ zod', 'goal ÷ ajv']];
for (const { name, schema, value } of cases) {
  const root = new SchemaRoot(schema);
  if (alignValue(value, root).issues.length > 0) throw new Error(`${name}: value does not align`);
  let validate;
  if (Ajv) {
    validate = new Ajv({ strict: false }).compile(schema);
    if (!validate(value)) throw new Error(`${name}: ajv rejects the value`);
  }
  compareRow(name, schema, value, root, validate && (() => validate(value)), '<= 1.5', 'align');
}
{
  // One `default` filled in: ajv fills it (`useDefaults`) into the object it validates, so it gets a
  // fresh copy per call, as a caller who keeps the model's value must make (alignValue returns a new
  // object and leaves its input alone). The copy is an object literal (12 ns): a `{ ...value }` copy
  // that ajv then adds a key to runs ajv 15 times slower on Node 20, which would flatter alignValue.
  const { name, schema, value } = defaultCase;
  const root = new SchemaRoot(schema);
  const aligned = alignValue(value, root);
  if (aligned.issues.length > 0 || aligned.flags[0]?.kind !== 'default_filled')
    throw new Error(`${name}: the default is not filled`);
  let validate;
  if (Ajv) {
    validate = new Ajv({ strict: false, useDefaults: true }).compile(schema);
    const copy = copyOf(value);
    if (!validate(copy) || copy.unit !== 'celsius') throw new Error(`${name}: ajv does not fill the default`);
  }
  compareRow(name, schema, value, root, validate && (() => validate(copyOf(value))), '<= 2', 'align-default');
}
printTable(rows);

/**
 * Times `alignValue(value, root)`, the ajv call `ajvCall` (absent without ajv) and zod's `safeParse` of
 * the schema side by side, and adds their row to `rows` with the goal for the ratio to ajv (reported
 * as the cell `name` of the goal row `goalKey`).
 */
function compareRow(name, schema, value, root, ajvCall, goal, goalKey) {
  let zodSchema;
  if (z) {
    zodSchema = z.fromJSONSchema(schema);
    if (!zodSchema.safeParse(value).success) throw new Error(`${name}: zod rejects the value`);
  }
  const [align, ajvOps, zodOps] = sideBySide([
    () => alignValue(value, root),
    ajvCall,
    zodSchema && (() => zodSchema.safeParse(value)),
  ]);
  if (ajvOps) reportGoal(goalKey, name, ajvOps / align);
  rows.push([
    name,
    format(align),
    ajvOps ? format(ajvOps) : 'n/a',
    zodOps ? format(zodOps) : 'n/a',
    timeRatio(align, ajvOps),
    timeRatio(align, zodOps),
    goal,
  ]);
}

/** A fresh copy of `defaultCase.value`, as an object literal. */
function copyOf(v) {
  return {
    city: v.city,
    country: v.country,
    days: v.days,
    hourly: v.hourly,
    language: v.language,
    details: v.details,
  };
}

function opsPerSecond(run) {
  const ms = measure(() => {
    for (let index = 0; index < BATCH; index++) run();
  });
  return (BATCH * 1000) / ms;
}

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
