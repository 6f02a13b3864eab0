// Two builds of toolwire side by side in one run, on the align and lenient-JSON work of
// `align.bench.js`, a Hermes parse with repaired JSON, and the 1 MB outputs of `stream.bench.js`
// (hermes, kimi_k2, mistral) parsed whole and streamed in 16-character chunks: for "no slowdown" checks on a busy machine,
// where only ratios measured in the same run mean anything. The sides take turns, each turn in a
// fresh Node process (as `run.js` does per benchmark: two builds in one heap skew each other's
// timings through GC and JIT state), and each side keeps its best turn. The "examples" workloads are
// `batch.bench.js`'s library loop (20,000 short responses, the fixed cost of a parse): its first pass
// in a fresh process (cold JIT, as a CLI run pays it) and its steady state, with µs per response.
//
//   node bench/compare-builds.js BASELINE_DIST [CANDIDATE_DIST]     (candidate default: ./dist)
//   COMPARE_ONLY=stream node bench/compare-builds.js ...   (only the workloads whose name has "stream")
//   COMPARE_CPU=1 node bench/compare-builds.js ...   (CPU time of single-threaded children, not wall
//     time: on a machine loaded far past its cores, wall time mostly measures the other processes)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { alignCases } from './align-cases.js';
import { exampleOutputs, exampleTools } from './example-outputs.js';
import { measure, printTable } from './measure.js';
import { output, tools as streamTools } from './stream-outputs.js';

const [baselineArgument, candidateArgument = 'dist', workloadArgument] = process.argv.slice(2);
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
    stream: await import(url('stream/index.js')),
  };
}

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

const [{ schema: weather, value: weatherValue }, { schema: order, value: orderValue }] = alignCases;
const hermesText = Array.from(
  { length: 50 },
  (_, index) =>
    `Step ${index}.<tool_call>\n{"name": "get_weather", "arguments": {city: 'Paris ${index}', "days": ${index % 9},}}\n</tool_call>`,
).join('\n');
const tools = [{ name: 'get_weather', parameters: weather }];

const bigBudgetMs = 1500;

// `batch.bench.js`'s file: each examples/*.txt output in turn with its format, the same tools array
// (examples/tools.json) given to every call.
const exampleResponses = 20_000;
const exampleBatch = Array.from(
  { length: exampleResponses },
  (_, index) => exampleOutputs[index % exampleOutputs.length],
);
const exampleLoop =
  ({ formats }) =>
  () => {
    for (const { format, input } of exampleBatch)
      formats.parseToolCalls(input, { format, tools: exampleTools });
  };

// [name, make(builds) -> run, budget ms (default 300), { cold: time only the first run, items: per-item µs }]
const workloads = [
  [
    `library loop, examples/*.txt x${exampleResponses} with tools, first pass (cold JIT)`,
    exampleLoop,
    0,
    { cold: true, items: exampleResponses },
  ],
  [
    `library loop, examples/*.txt x${exampleResponses} with tools, steady state`,
    exampleLoop,
    bigBudgetMs,
    { items: exampleResponses },
  ],
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
      return () => {
        for (let index = 0; index < 200; index++) schema.alignValue(weatherValue, root);
      };
    },
  ],
  [
    'alignValue, nested + $ref order value x200',
    ({ schema }) => {
      const root = new schema.SchemaRoot(order);
      return () => {
        for (let index = 0; index < 200; index++) schema.alignValue(orderValue, root);
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
  // A 1 MB parse takes 10-40 ms: 300 ms is too few rounds for its code to settle, so these get more.
  ...['hermes', 'kimi_k2', 'mistral'].flatMap((format) => {
    const text = output(format, 1 << 20);
    const chunks = [];
    for (let index = 0; index < text.length; index += 16) chunks.push(text.slice(index, index + 16));
    return [
      [
        `parseToolCalls ${format}, 1 MB output (stream-outputs.js)`,
        ({ formats }) =>
          () => {
            formats.parseToolCalls(text, { format, tools: streamTools });
          },
        bigBudgetMs,
      ],
      [
        `createToolCallStream ${format}, 1 MB output in 16-char chunks`,
        ({ stream }) =>
          () => {
            const parser = stream.createToolCallStream({ format, tools: streamTools });
            for (const chunk of chunks) parser.push(chunk);
            parser.finish();
          },
        bigBudgetMs,
      ],
    ];
  }),
];

/** CPU milliseconds of this process (`process.cpuUsage`, user + system) of one call of `run`. */
function cpuOnce(run) {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The first call of `run` in this process: with its JIT warm-up, as a fresh CLI process pays it. */
function measureCold(run) {
  if (process.env.COMPARE_CPU) return cpuOnce(run);
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** Like `measure`, in CPU milliseconds of this process (`process.cpuUsage`, user + system). */
function measureCpu(run, budgetMs) {
  for (let index = 0; index < 3; index++) run();
  let best = Number.POSITIVE_INFINITY;
  const deadline = performance.now() + budgetMs;
  for (let rounds = 0; (rounds < 5 || performance.now() < deadline) && rounds <= 10_000; rounds++) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

if (workloadArgument !== undefined) {
  // A child: time one workload of one build, print the best time in ms.
  const [, make, budgetMs = 300, { cold = false } = {}] = workloads[Number(workloadArgument)];
  const run = make(await load(candidateArgument));
  console.log(
    String(
      cold ? measureCold(run) : process.env.COMPARE_CPU ? measureCpu(run, budgetMs) : measure(run, budgetMs),
    ),
  );
} else {
  const turns = 4;
  const rows = [['workload', 'baseline ms', 'candidate ms', 'candidate/baseline']];
  const perItem = [];
  const script = fileURLToPath(import.meta.url);
  const time = (dist, index) => {
    // With COMPARE_CPU the garbage collector and the compiler run on the timed thread (V8's
    // `--single-threaded`), so their work is counted, and counted the same way on both sides.
    const flags = process.env.COMPARE_CPU ? ['--single-threaded'] : [];
    const child = spawnSync(process.execPath, [...flags, script, baselineArgument, dist, String(index)], {
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(child.stderr);
    return Number(child.stdout.trim());
  };
  const only = process.env.COMPARE_ONLY;
  for (const [index, [name, , , { items } = {}]] of workloads.entries()) {
    if (only !== undefined && !name.includes(only)) continue;
    const best = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    for (let turn = 0; turn < turns; turn++) {
      best[0] = Math.min(best[0], time(baselineArgument, index));
      best[1] = Math.min(best[1], time(candidateArgument, index));
    }
    rows.push([name, best[0].toFixed(3), best[1].toFixed(3), `${(best[1] / best[0]).toFixed(3)}`]);
    if (items !== undefined) {
      const us = (ms) => ((ms * 1000) / items).toFixed(2);
      perItem.push(`${name}: ${us(best[0])} µs per item baseline, ${us(best[1])} µs candidate`);
    }
  }
  console.log(
    `baseline ${resolve(baselineArgument)} vs candidate ${resolve(candidateArgument)}, node ${process.version}${process.env.COMPARE_CPU ? ', CPU ms' : ''}`,
  );
  printTable(rows);
  for (const line of perItem) console.log(line);
}
