// Memory while streaming (issue 15 item 5): a 10 MB output (bench/stream-outputs.js: prose, one big
// write_file call, one small call) fed to createToolCallStream in 4-character chunks, the events
// dropped as a consumer that forwards them would. After every 1 MB pushed the heap is measured after a
// full GC (the live heap: what the parser keeps), and the table gives the peak and the end value beside
// the input's length in characters (the input itself, 2 bytes a character here, is outside the live heap
// figures). Reported, not asserted: a ratio of a few means the parser keeps about one copy of the
// open call (the buffered value and its decoded form), not of the whole output.
import v8 from 'node:v8';
import vm from 'node:vm';
import { createToolCallStream } from '../dist/stream/index.js';
import { printTable } from './measure.js';
import { output, tools } from './stream-outputs.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

const SIZE = 10_000_000;
const CHUNK = 4;
const formats = ['hermes', 'qwen3_coder', 'kimi_k2', 'glm47', 'mistral', 'minimax_m2'];
const mb = (bytes) => (bytes / 1e6).toFixed(1);

const rows = [
  ['format', 'input chars', 'heap before', 'peak live heap', 'live heap at end', 'peak / input', 'time'],
];
for (const format of formats) {
  const text = output(format, SIZE);
  // The template-built output is a rope: flattened here (slice flattens it), not by the first chunk's
  // slice during the measurement, whose freed rope would show as a negative live heap.
  text.slice(0, 1);
  text.indexOf('\u0000');
  gc();
  const before = process.memoryUsage().heapUsed;
  const stream = createToolCallStream({ format, tools });
  let peak = 0;
  let nextSample = 1_000_000;
  const start = performance.now();
  for (let index = 0; index < text.length; index += CHUNK) {
    stream.push(text.slice(index, index + CHUNK));
    if (index >= nextSample) {
      nextSample += 1_000_000;
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    }
  }
  stream.finish();
  const elapsed = performance.now() - start;
  gc();
  const end = process.memoryUsage().heapUsed - before;
  if (stream.format !== format) throw new Error(`stream reports ${stream.format}`); // keeps the stream alive to here
  peak = Math.max(peak, end);
  rows.push([
    format,
    mb(text.length),
    `${mb(before)} MB`,
    `${mb(peak)} MB`,
    `${mb(end)} MB`,
    `${(peak / text.length).toFixed(2)}x`,
    `${(elapsed / 1000).toFixed(1)} s`,
  ]);
}
console.log(
  `Streaming ${mb(SIZE)} MB outputs in ${CHUNK}-character chunks; live heap = heapUsed after a full GC, less the heap before the stream (the input text itself is outside it).`,
);
printTable(rows);
