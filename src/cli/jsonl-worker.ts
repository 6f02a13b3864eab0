// The worker thread of `toolwire parse --jsonl --workers N` (see run-jsonl.ts): answers each batch it is
// sent, in the order sent, with the same JsonlBatch code the main thread runs.
import { parentPort, workerData } from 'node:worker_threads';
import { batchLinesOf, JsonlBatch, type JsonlBatchAnswer, type JsonlBatchRequest } from './jsonl-batch.js';
import type { JsonlDefaults } from './jsonl-line.js';

const port = parentPort;
if (port !== null) {
  const batch = new JsonlBatch((workerData as { defaults: JsonlDefaults }).defaults);
  port.on('message', (request: JsonlBatchRequest) => {
    const numbers = request.lineNumbers;
    const answer: JsonlBatchAnswer = {
      sequence: request.sequence,
      lane: request.lane,
      ...batch.answer(batchLinesOf(request.bytes), (index) => numbers[index] as number),
    };
    port.postMessage(answer);
  });
}
