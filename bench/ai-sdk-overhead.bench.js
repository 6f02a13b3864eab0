// AI SDK middleware overhead (issue 30): `toolCallMiddleware`'s `wrapStream` read to the end, against
// reading the same source stream with no middleware, 4-character text deltas handed over one part per
// read (`bench/ai-sdk-parts.js`). Hermes outputs of 16 KB, 64 KB and 1 MB: prose only, and prose with
// `write_file` calls of about 1 KB. Each cell is the best of rounds (at least three, for 1.5 s each)
// after a warm-up, the raw and middleware rounds taking turns so that both see the same load; the
// ratio is middleware time ÷ raw time (goal: <= 2.5), beside the same for an identity middleware that
// only reads each part and enqueues it on a stream of its own (the floor of any middleware). `BENCH_CPU=1`: the process's CPU
// time instead of wall time, for a machine loaded past its cores (where wall time mostly measures the
// other processes).
import { toolCallMiddleware } from '../dist/ai-sdk/index.js';
import { drain, partStream, textParts } from './ai-sdk-parts.js';
import { reportGoal } from './goals.js';
import { printTable } from './measure.js';

const prose = 'The quick brown fox jumps over the lazy dog, then checks the weather. ';
function output(size, withCalls) {
  let text = '';
  let n = 0;
  while (text.length < size) {
    text += prose.repeat(withCalls ? 4 : 16);
    if (withCalls) {
      const args = { path: `src/file-${n++}.txt`, content: 'line of file content\n'.repeat(45) };
      text += `<tool_call>\n${JSON.stringify({ name: 'write_file', arguments: args })}\n</tool_call>\n`;
    }
  }
  return text;
}

const middleware = toolCallMiddleware({ format: 'hermes' });
const model = { specificationVersion: 'v3', provider: 'bench', modelId: 'bench', supportedUrls: {} };
const params = await middleware.transformParams({
  type: 'stream',
  params: {
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }],
    tools: [{ type: 'function', name: 'write_file', inputSchema: { type: 'object' } }],
  },
  model,
});

/** Milliseconds: wall time, or with `BENCH_CPU=1` this process's CPU time (user + system). */
const now =
  process.env.BENCH_CPU === '1'
    ? () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      }
    : () => performance.now();

/** The best time of each of `runs` (after a warm-up), their rounds taking turns: at least three, for 1.5 s each. */
async function best(...runs) {
  for (const run of runs) await run();
  const least = runs.map(() => Number.POSITIVE_INFINITY);
  const deadline = performance.now() + 1500 * runs.length;
  for (let round = 0; round < 3 || performance.now() < deadline; round++)
    for (const [index, run] of runs.entries()) {
      const start = now();
      await run();
      least[index] = Math.min(least[index], now() - start);
    }
  return least;
}

/**
 * The floor of any middleware: `wrapStream` must return a stream of its own, and this one does nothing
 * else (a pull reads one part of the source and enqueues it), so it pays the second stream's machinery
 * per part and no parsing.
 */
function identity(source) {
  const reader = source.getReader();
  return new ReadableStream(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    },
    { highWaterMark: 0 },
  );
}

const rows = [
  ['output', 'size', 'parts', 'raw ms', 'identity ms', 'middleware ms', 'identity ÷ raw', 'middleware ÷ raw'],
];
for (const withCalls of [false, true]) {
  for (const [label, size] of [
    ['16 KB', 16_384],
    ['64 KB', 65_536],
    ['1 MB', 1_048_576],
  ]) {
    const parts = textParts(output(size, withCalls), 4);
    const [raw, floor, wrapped] = await best(
      () => drain(partStream(parts)),
      () => drain(identity(partStream(parts))),
      async () => {
        const { stream } = await middleware.wrapStream({
          doStream: async () => ({ stream: partStream(parts) }),
          doGenerate: async () => ({}),
          params,
          model,
        });
        await drain(stream);
      },
    );
    reportGoal('ai-sdk', `${withCalls ? 'with calls' : 'prose only'} ${label}`, wrapped / raw);
    reportGoal('ai-sdk-floor', `${withCalls ? 'with calls' : 'prose only'} ${label}`, floor / raw);
    rows.push([
      withCalls ? 'with calls' : 'prose only',
      label,
      parts.length,
      raw.toFixed(1),
      floor.toFixed(1),
      wrapped.toFixed(1),
      `${(floor / raw).toFixed(2)}x`,
      `${(wrapped / raw).toFixed(2)}x`,
    ]);
  }
}
printTable(rows);
