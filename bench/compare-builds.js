// Two builds of toolwire side by side in one process, on the align and lenient-JSON work of
// `align.bench.js` and a Hermes parse with repaired JSON: for "no slowdown" checks on a busy machine,
// where only ratios measured in the same run mean anything. The sides take turns (several short
// slices each, best kept), so neither gets the quieter stretch.
//
//   node bench/compare-builds.js BASELINE_DIST [CANDIDATE_DIST]     (candidate default: ./dist)
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { measure, printTable } from './measure.js';

const [baselineArgument, candidateArgument = 'dist'] = process.argv.slice(2);
if (!baselineArgument) {
  console.error('usage: node bench/compare-builds.js BASELINE_DIST [CANDIDATE_DIST]');
  process.exit(2);
}

async function load(dist) {
  const url = (path) => pathToFileURL(resolve(dist, path)).href;
  return {
    schema: await import(url('schema/index.js')),
    json: await import(url('json/index.js')),
    formats: await import(url('formats/index.js')),
  };
}

const sides = [
  ['baseline', await load(baselineArgument)],
  ['candidate', await load(candidateArgument)],
];

const corpusUrl = new URL('../../shared/corpus/repair/jsonrepair.jsonl', import.meta.url);
const coerceUrl = new URL('../../shared/corpus/coerce/', import.meta.url);
const broken = existsSync(corpusUrl)
  ? readFileSync(corpusUrl, 'utf8')
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
      })
  : [];
const coerce = ['baml.jsonl', 'jsonish.jsonl'].flatMap((file) => {
  const url = new URL(file, coerceUrl);
  if (!existsSync(url)) return [];
  return readFileSync(url, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.check === 'equals');
});

const weather = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    days: { type: 'integer', minimum: 1, maximum: 14 },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    hourly: { type: 'boolean' },
  },
  required: ['city', 'days'],
};
const hermesText = Array.from(
  { length: 50 },
  (_, index) =>
    `Step ${index}.<tool_call>\n{"name": "get_weather", "arguments": {city: 'Paris ${index}', "days": ${index % 9},}}\n</tool_call>`,
).join('\n');
const tools = [{ name: 'get_weather', parameters: weather }];

const workloads = [
  [
    'parseLenientJson, jsonrepair corpus (broken inputs)',
    ({ json }) =>
      () => {
        for (const input of broken) json.parseLenientJson(input);
      },
  ],
  [
    'decodeLenient, jsonrepair corpus (broken inputs)',
    ({ schema }) =>
      () => {
        for (const input of broken) schema.decodeLenient(input);
      },
  ],
  [
    'alignResponse, coerce corpus (equals cases)',
    ({ schema }) => {
      const roots = coerce.map((entry) => new schema.SchemaRoot(entry.schema));
      return () => {
        for (let index = 0; index < coerce.length; index++)
          schema.alignResponse(coerce[index].input, roots[index], {
            partial: coerce[index].partial === true,
          });
      };
    },
  ],
  [
    'alignValue, weather value x200',
    ({ schema }) => {
      const root = new schema.SchemaRoot(weather);
      const value = { city: 'San Francisco', days: 3, unit: 'celsius', hourly: false };
      return () => {
        for (let index = 0; index < 200; index++) schema.alignValue(value, root);
      };
    },
  ],
  [
    'parseToolCalls hermes, 50 calls with repaired JSON',
    ({ formats }) =>
      () => {
        formats.parseToolCalls(hermesText, { format: 'hermes', tools });
      },
  ],
];

const rows = [['workload', 'baseline ms', 'candidate ms', 'candidate/baseline']];
for (const [name, make] of workloads) {
  const runs = sides.map(([, build]) => make(build));
  const best = runs.map(() => Number.POSITIVE_INFINITY);
  for (let turn = 0; turn < 6; turn++) {
    for (let side = 0; side < runs.length; side++)
      best[side] = Math.min(best[side], measure(runs[side], 120));
  }
  rows.push([name, best[0].toFixed(3), best[1].toFixed(3), `${(best[1] / best[0]).toFixed(3)}`]);
}
console.log(
  `baseline ${resolve(baselineArgument)} vs candidate ${resolve(candidateArgument)}, node ${process.version}`,
);
printTable(rows);
