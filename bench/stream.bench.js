// Streaming benchmark (issue 5 item 4). For realistic outputs of six formats at 1 KB, 64 KB and 1 MB
// (prose, one big write_file call holding most of the bytes, one small call):
//   A. toolwire whole-text parse vs createToolCallStream fed 4-character chunks, the ratio stream/whole
//      per size and the ratio of ratios 1 MB / 64 KB (linear streaming keeps it near 1), beside the AI
//      SDK text-format middleware @ai-sdk-tool/parser on the formats it has (hermes, qwen3_coder),
//      whole text and streamed through its TransformStream (the row "web-stream floor" is an identity
//      TransformStream driven the same way: the cost of the stream plumbing alone).
//   B. The re-parse-every-chunk pattern (what clients do with tool-input-delta / OpenAI argument
//      fragments): after every 4-character chunk of the big call's argument JSON, re-parse all of it
//      with partial-json, best-effort-json-parser, the AI SDK's parsePartialJson, jsonrepair. Measured at
//      1 KB exactly and at 64 KB from every 127th prefix times 127 (an exact run takes minutes; 1 MB would
//      take hours), next to one JSON.parse of the argument JSON (the floor) and toolwire streaming the
//      whole hermes output of that size.
// Timings are best-of rounds (bench/measure.js); MB = 10^6 bytes of UTF-8 input. STREAM_BENCH_ONLY=A
// runs section A alone (the stream ÷ whole rows, a few minutes shorter).
import { hermesProtocol, qwen3CoderProtocol } from '@ai-sdk-tool/parser';
import { parsePartialJson } from 'ai';
import { parse as bestEffortParse, disableErrorLogging } from 'best-effort-json-parser';
import { jsonrepair } from 'jsonrepair';
import { parse as partialJsonParse } from 'partial-json';
import { parseToolCalls } from '../dist/index.js';
import { createToolCallStream } from '../dist/stream/index.js';
import { reportGoal } from './goals.js';
import { measure, printTable, throughput } from './measure.js';
import { apiFloor, readerFloor } from './stream-floors.js';
import { bigArguments, output, spaced, tools } from './stream-outputs.js';

disableErrorLogging();

// A full GC before each measurement, so garbage one contender left (the re-parse peers leave hundreds
// of MB) is not collected on the next one's time.
const v8 = await import('node:v8');
const vm = await import('node:vm');
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

const sizes = [
  ['1 KB', 1_000],
  ['64 KB', 64_000],
  ['1 MB', 1_000_000],
];
const formats = ['hermes', 'qwen3_coder', 'glm45', 'kimi_k2', 'mistral', 'glm47', 'minimax_m2'];
/** The formats whose stream ÷ whole ratio has a goal (≤ 3 at 64 KB and 1 MB). */
const goalFormats = ['hermes', 'qwen3_coder', 'glm45', 'kimi_k2', 'mistral'];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const floorMs = new Map();
const readerFloorMs = new Map();
/** Each goal format's family for `readerFloor`. */
const readerFamily = { hermes: 'json', mistral: 'json', kimi_k2: 'json', glm45: 'tags', qwen3_coder: 'tags' };

function chunksOf(text, size) {
  const chunks = [];
  for (let index = 0; index < text.length; index += size) chunks.push(text.slice(index, index + size));
  return chunks;
}

function streamToolwire(format, chunks) {
  const stream = createToolCallStream({ format, tools });
  let calls = 0;
  for (const chunk of chunks) for (const event of stream.push(chunk)) if (event.type === 'tool-call') calls++;
  for (const event of stream.finish()) if (event.type === 'tool-call') calls++;
  return calls;
}

/** Best-of timing of an async `run` (like `measure`). */
async function measureAsync(run, budgetMs = 400) {
  for (let index = 0; index < 2; index++) await run();
  let best = Number.POSITIVE_INFINITY;
  const deadline = performance.now() + budgetMs;
  let rounds = 0;
  while (rounds < 3 || performance.now() < deadline) {
    const start = performance.now();
    await run();
    best = Math.min(best, performance.now() - start);
    rounds++;
  }
  return best;
}

const aiTools = tools.map((tool) => ({
  type: 'function',
  name: tool.name,
  description: tool.description,
  inputSchema: tool.parameters,
}));
const protocols = { hermes: hermesProtocol(), qwen3_coder: qwen3CoderProtocol() };

/** Streams `chunks` through a TransformStream of AI SDK stream parts; resolves to the tool-call count. */
async function streamParts(transform, chunks) {
  const writer = transform.writable.getWriter();
  const reader = transform.readable.getReader();
  const reading = (async () => {
    let calls = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return calls;
      if (value.type === 'tool-call') calls++;
    }
  })();
  await writer.write({ type: 'text-start', id: 't' });
  for (const chunk of chunks) await writer.write({ type: 'text-delta', id: 't', delta: chunk });
  await writer.write({ type: 'text-end', id: 't' });
  await writer.write({ type: 'finish', finishReason: 'stop', usage: {} });
  await writer.close();
  return reading;
}

const fmt = (value) =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toPrecision(2);
const times = (value) => `${fmt(value)}×`;

// ---------------------------------------------------------------------------------------------
// A. toolwire whole vs streaming, per format and size, with @ai-sdk-tool/parser beside it

console.log('A. toolwire whole-text vs 4-character streaming (MB/s; ratio = stream time / whole time)');
const rowsA = [
  [
    'format',
    'size',
    'bytes',
    'whole MB/s',
    'stream MB/s',
    'stream/whole',
    '@ai-sdk-tool whole MB/s',
    '@ai-sdk-tool stream MB/s',
    'its stream ÷ toolwire stream',
  ],
];
const ratios = new Map();
const hermesStreamMs = new Map();
const peerStreamMs = new Map();
for (const format of formats) {
  for (const [label, target] of sizes) {
    const text = output(format, target);
    const bytes = Buffer.byteLength(text);
    const chunks = chunksOf(text, 4);
    const argumentText = spaced(bigArguments(target));
    const whole = parseToolCalls(text, { format, tools });
    if (whole.toolCalls.length !== 2)
      throw new Error(
        `${format} ${label}: expected 2 calls, got ${whole.toolCalls.length} (${JSON.stringify(whole.invalidToolCalls[0]?.error)})`,
      );
    if (streamToolwire(format, chunks) !== 2) throw new Error(`${format} ${label}: streaming lost a call`);
    // A longer budget at 64 KB and up: a shared machine needs more rounds for a stable best-of.
    const budget = target >= 64_000 ? 1500 : 400;
    // Medians of 3 best-of measurements, whole and stream taking turns (a shared machine drifts).
    const wholeRuns = [];
    const streamRuns = [];
    const floorRuns = [];
    const readerRuns = [];
    for (let round = 0; round < 3; round++) {
      gc();
      wholeRuns.push(measure(() => parseToolCalls(text, { format, tools }), budget / 3));
      gc();
      streamRuns.push(measure(() => streamToolwire(format, chunks), budget / 3));
      if (goalFormats.includes(format)) {
        gc();
        floorRuns.push(measure(() => apiFloor(chunks, argumentText), budget / 3));
        gc();
        const family = readerFamily[format];
        readerRuns.push(measure(() => readerFloor(family, chunks, argumentText), budget / 3));
      }
    }
    const wholeMs = median(wholeRuns);
    const streamMs = median(streamRuns);
    if (goalFormats.includes(format)) {
      floorMs.set(`${format} ${label}`, median(floorRuns) / wholeMs);
      readerFloorMs.set(`${format} ${label}`, median(readerRuns) / wholeMs);
    }
    if (format === 'hermes') hermesStreamMs.set(label, streamMs);
    ratios.set(`${format} ${label}`, streamMs / wholeMs);
    let peerWhole = '—';
    let peerStream = '—';
    let peerRatio = '—';
    const protocol = protocols[format];
    if (protocol) {
      gc();
      const parts = protocol.parseGeneratedText({ text, tools: aiTools });
      const calls = parts.filter((part) => part.type === 'tool-call').length;
      peerWhole = `${fmt(
        throughput(
          bytes,
          measure(() => protocol.parseGeneratedText({ text, tools: aiTools })),
        ),
      )}${calls === 2 ? '' : ` (${calls} calls)`}`;
      if (target <= 1_000) {
        const streamed = await streamParts(protocol.createStreamParser({ tools: aiTools }), chunks);
        const peerMs = await measureAsync(() =>
          streamParts(protocol.createStreamParser({ tools: aiTools }), chunks),
        );
        peerStream = `${fmt(throughput(bytes, peerMs))}${streamed === 2 ? '' : ` (${streamed} calls)`}`;
        peerRatio = times(peerMs / streamMs);
        peerStreamMs.set(`${format} ${label}`, peerMs);
      } else if (target <= 64_000) {
        // One run: its stream parser re-scans the buffered text per chunk (seconds at 64 KB).
        const start = performance.now();
        const streamed = await streamParts(protocol.createStreamParser({ tools: aiTools }), chunks);
        const peerMs = performance.now() - start;
        peerStream = `${fmt(throughput(bytes, peerMs))} (1 run)${streamed === 2 ? '' : ` (${streamed} calls)`}`;
        peerRatio = times(peerMs / streamMs);
        peerStreamMs.set(`${format} ${label}`, peerMs);
      } else {
        const previous = peerStreamMs.get(`${format} 64 KB`);
        const growth = previous / peerStreamMs.get(`${format} 1 KB`) / (64_000 / 1_000);
        peerStream = `not run (64 KB cost ×${fmt(growth)} per byte of 1 KB: quadratic, ~${fmt((previous * (bytes / 64_000) ** 2) / 1000)} s est.)`;
      }
    }
    process.stderr.write(`  measured ${format} ${label}\n`);
    rowsA.push([
      format,
      label,
      bytes,
      fmt(throughput(bytes, wholeMs)),
      fmt(throughput(bytes, streamMs)),
      times(streamMs / wholeMs),
      peerWhole,
      peerStream,
      peerRatio,
    ]);
  }
}
{
  // The web-stream plumbing alone: an identity TransformStream driven like the @ai-sdk-tool rows.
  const text = output('hermes', 64_000);
  const chunks = chunksOf(text, 4);
  const identityMs = await measureAsync(() => streamParts(new TransformStream(), chunks));
  rowsA.push([
    'web-stream floor',
    '64 KB',
    Buffer.byteLength(text),
    '',
    '',
    '',
    '',
    fmt(throughput(Buffer.byteLength(text), identityMs)),
    times(identityMs / hermesStreamMs.get('64 KB')),
  ]);
}
printTable(rowsA);

console.log(
  '\nLinearity: stream/whole ratio at each size, and the ratio at 1 MB ÷ the ratio at 64 KB (target ≤ 1.5; stream/whole target ≤ 8)',
);
const rowsL = [['format', 'ratio 1 KB', 'ratio 64 KB', 'ratio 1 MB', '1 MB ÷ 64 KB']];
for (const format of formats) {
  const r = (label) => ratios.get(`${format} ${label}`);
  rowsL.push([format, fmt(r('1 KB')), fmt(r('64 KB')), fmt(r('1 MB')), (r('1 MB') / r('64 KB')).toFixed(2)]);
}
printTable(rowsL);

console.log(
  '\nStream (4-character pushes) ÷ whole, the goal rows (≤ 3), beside the floor of any consumer of this API ÷ the same whole parse (an event object in a new array per push, the raw text kept, one JSON.parse of the arguments; see apiFloor) and the reader floor (the API floor plus the least a reader of the format must look at in each character; see readerFloor)',
);
const rowsG = [
  [
    'format',
    '64 KB',
    '1 MB',
    'API floor ÷ whole 64 KB',
    'API floor ÷ whole 1 MB',
    'reader floor ÷ whole 64 KB',
    'reader floor ÷ whole 1 MB',
  ],
];
for (const format of goalFormats) {
  const cell = (label) => ratios.get(`${format} ${label}`);
  const floorCell = (label) => floorMs.get(`${format} ${label}`);
  const readerCell = (label) => readerFloorMs.get(`${format} ${label}`);
  rowsG.push([
    format,
    fmt(cell('64 KB')),
    fmt(cell('1 MB')),
    fmt(floorCell('64 KB')),
    fmt(floorCell('1 MB')),
    fmt(readerCell('64 KB')),
    fmt(readerCell('1 MB')),
  ]);
  for (const label of ['64 KB', '1 MB']) {
    reportGoal('stream', `${format} ${label}`, cell(label));
    reportGoal('stream-floor', `${format} ${label}`, floorCell(label));
    reportGoal('stream-reader-floor', `${format} ${label}`, readerCell(label));
  }
}
printTable(rowsG);

if (process.env.STREAM_BENCH_ONLY === 'A') process.exit(0);

// ---------------------------------------------------------------------------------------------
// B. Re-parse-every-chunk peers on the big call's argument JSON

console.log(
  "\nB. Consuming the big call's arguments in 4-character chunks: re-parse peers (re-parse all text so far after every chunk) vs toolwire streaming the whole hermes output",
);
const peers = [
  ['partial-json parse', (text) => partialJsonParse(text)],
  ['best-effort-json-parser', (text) => bestEffortParse(text)],
  ['ai parsePartialJson', (text) => parsePartialJson(text)],
  [
    'jsonrepair + JSON.parse',
    (text) => {
      try {
        return JSON.parse(jsonrepair(text));
      } catch {
        return undefined;
      }
    },
  ],
];

/** Total time of re-parsing every `every`-th prefix (times `every`: an estimate when `every` > 1). */
async function reparse(parse, chunks, every) {
  let text = '';
  let elapsed = 0;
  for (let index = 0; index < chunks.length; index++) {
    text += chunks[index];
    if (index % every !== every - 1 && index !== chunks.length - 1) continue;
    const start = performance.now();
    try {
      const value = parse(text);
      if (value instanceof Promise) await value;
    } catch {
      // a prefix the peer cannot read: skipped, as a client would
    }
    elapsed += performance.now() - start;
  }
  return every === 1 ? elapsed : (elapsed * chunks.length) / Math.ceil(chunks.length / every);
}

const rowsB = [
  ['size', 'argument bytes', 'consumer', 'total time', 'MB/s', '× toolwire stream', '× JSON.parse'],
];
for (const [label, target] of sizes.slice(0, 2)) {
  const argumentText = spaced(bigArguments(target));
  const bytes = Buffer.byteLength(argumentText);
  const chunks = chunksOf(argumentText, 4);
  const floorMs = measure(() => JSON.parse(argumentText));
  const oursMs = hermesStreamMs.get(label);
  const every = target > 4_000 ? 127 : 1;
  const row = (name, ms, note = '') => [
    label,
    bytes,
    name,
    `${ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${fmt(ms)} ms`}${note}`,
    fmt(throughput(bytes, ms)),
    times(ms / oursMs),
    times(ms / floorMs),
  ];
  rowsB.push(row('JSON.parse once (floor)', floorMs));
  rowsB.push(row('toolwire createToolCallStream (whole hermes output)', oursMs));
  for (const [name, parse] of peers) {
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < (every === 1 ? 3 : 1); round++)
      best = Math.min(best, await reparse(parse, chunks, every));
    process.stderr.write(`  measured ${name} ${label}\n`);
    rowsB.push(row(name, best, every === 1 ? '' : ` (est. from every ${every}th prefix)`));
  }
}
printTable(rowsB);
console.log(
  '1 MB re-parse is not run: at 64 KB the peers already take seconds, and the cost grows with the square of the size.',
);

// ---------------------------------------------------------------------------------------------
// C. Peak memory while streaming

console.log(
  '\nC. Peak memory while streaming in 4-character chunks (events consumed, not kept), minus the heap before: "live" is the heap after a full GC, sampled every 8192 pushes and after finish (what the stream keeps alive); "in use" is the heap sampled every 256 pushes without forcing GC (live data plus garbage not yet collected)',
);
{
  const run = (format, chunks, every, collect) => {
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sample = () => {
      if (collect) gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    };
    const stream = createToolCallStream({ format, tools });
    for (let index = 0; index < chunks.length; index++) {
      stream.push(chunks[index]);
      if (index % every === every - 1) sample();
    }
    stream.finish();
    sample();
    return peak - before;
  };
  const rowsC = [['format', 'size', 'input bytes', 'live peak', '× input', 'in-use peak', '× input']];
  for (const format of formats) {
    for (const [label, target] of sizes.slice(1)) {
      const text = output(format, target);
      const bytes = Buffer.byteLength(text);
      const chunks = chunksOf(text, 4);
      const live = Math.min(run(format, chunks, 8192, true), run(format, chunks, 8192, true));
      const inUse = Math.min(run(format, chunks, 256, false), run(format, chunks, 256, false));
      rowsC.push([
        format,
        label,
        bytes,
        `${fmt(live / 1e6)} MB`,
        times(live / bytes),
        `${fmt(inUse / 1e6)} MB`,
        times(inUse / bytes),
      ]);
    }
  }
  printTable(rowsC);
}
