// The worker thread of `toolwire parse --jsonl` (see run-jsonl.ts): answers each round of lines it is
// sent, in the order sent, with the same JsonlBatch code the main thread runs for small inputs.
import { parentPort, workerData } from 'node:worker_threads';
import { JsonlBatch } from './jsonl-batch.js';
import type { JsonlDefaults } from './jsonl-line.js';
import type { JsonlRound, JsonlRoundAnswer, WorkerTimings } from './jsonl-rounds.js';
import { readThreadClock } from './thread-clock.js';

const port = parentPort;
if (port !== null) {
  const data = workerData as { defaults: JsonlDefaults; timings: boolean };
  const batch = new JsonlBatch(data.defaults);
  const timings: WorkerTimings | undefined = data.timings
    ? { loaded: readThreadClock(), rounds: 0, lines: 0, busyMs: 0, roundCpuMs: [], roundLines: [] }
    : undefined;
  port.on('message', (round: JsonlRound) => {
    if (round.timings) {
      port.postMessage({ ...timings, ended: readThreadClock() } as WorkerTimings);
      return;
    }
    const started = timings ? performance.now() : 0;
    if (timings) timings.firstRound ??= readThreadClock();
    const bytes = Buffer.from(round.bytes.buffer, round.bytes.byteOffset, round.bytes.byteLength);
    const answer: JsonlRoundAnswer = { sequence: round.sequence, ...batch.run(bytes, round.firstLine) };
    port.postMessage(answer, [answer.bytes.buffer as ArrayBuffer]);
    if (timings) {
      const clock = readThreadClock();
      timings.busyMs += performance.now() - started;
      timings.rounds++;
      timings.lines += answer.lines;
      timings.roundCpuMs.push((clock.cpuMs ?? 0) - (timings.loaded.cpuMs ?? 0));
      timings.roundLines.push(answer.lines);
      timings.firstAnswer ??= clock;
    }
  });
}
