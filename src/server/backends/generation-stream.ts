import { type BackendChunk, BackendError } from './backend.js';
import { postStream, type StreamTarget } from './http-stream.js';
import { ndjsonLines } from './ndjson-lines.js';
import { sseData } from './sse-data.js';

/**
 * What one backend kind knows of its stream: turns each event payload (an SSE `data` field or an
 * NDJSON line) into chunks, and says when its end marker came (after which it has emitted `done`).
 */
export interface WireDecoder {
  read(data: string): readonly BackendChunk[];
  readonly ended: boolean;
  /** The end marker, for the error when the stream stops before it (`data: [DONE]`, ...). */
  readonly endMarker: string;
}

/** One generation call: the request to send and how to read its answer. */
export interface GenerationCall {
  readonly target: StreamTarget;
  readonly path: string;
  readonly body: unknown;
  readonly signal: AbortSignal;
  readonly framing: 'sse' | 'ndjson';
  readonly decoder: WireDecoder;
}

/** Where a generation stream keeps its batched reading (see `chunkBatches`). */
const batched = Symbol('chunk batches');

/** A backend's stream as `generate` returns it, with its batched reading for `chunkBatches`. */
type GenerationStream = AsyncIterable<BackendChunk> & {
  readonly [batched]: () => AsyncIterable<readonly BackendChunk[]>;
};

/**
 * Sends one generation request and yields its chunks, `done` last. Stops reading (and closes the
 * connection) once the decoder saw the end marker. An aborted `signal` ends the iterator quietly,
 * without `done`. The request is sent when reading starts, by the iterator or by `chunkBatches`.
 *
 * @throws BackendError as `postStream` does, as the decoder does, and `backend_protocol` when the
 * body ends before the end marker.
 */
export function generationStream(call: GenerationCall): AsyncGenerator<BackendChunk, void, undefined> {
  const chunks = (async function* () {
    for await (const batch of generationBatches(call)) yield* batch;
  })();
  return Object.assign(chunks, { [batched]: () => generationBatches(call) });
}

/**
 * The chunks of `chunks` in batches: those of one network read together (up to 64) when `chunks`
 * came from `generationStream` (so the gateway pays its per-step costs once per read, not once per
 * token), else one chunk a batch. The chunks and their order are the same either way.
 */
export function chunkBatches(chunks: AsyncIterable<BackendChunk>): AsyncIterable<readonly BackendChunk[]> {
  const batches = (chunks as Partial<GenerationStream>)[batched];
  if (typeof batches === 'function') return batches();
  return (async function* () {
    for await (const chunk of chunks) yield [chunk];
  })();
}

/**
 * Most chunks in one batch: enough to spread the per-step costs thin, few enough that the first
 * chunk of a big read is not held back long by the work on the rest (a fraction of a millisecond).
 */
const maxBatch = 64;

async function* generationBatches(call: GenerationCall): AsyncGenerator<BackendChunk[], void, undefined> {
  const text = postStream(call.target, call.path, call.body, call.signal);
  const payloads = call.framing === 'sse' ? sseData(text) : ndjsonLines(text);
  for await (const batch of payloads) {
    let chunks: BackendChunk[] = [];
    for (const data of batch) {
      if (chunks.length >= maxBatch) {
        yield chunks;
        chunks = [];
        if (call.signal.aborted) return;
      }
      let read: readonly BackendChunk[];
      try {
        read = call.decoder.read(data);
      } catch (error) {
        // What came before a failing event is delivered before the failure, as it arrived.
        if (chunks.length > 0) yield chunks;
        throw error;
      }
      for (const chunk of read) chunks.push(chunk);
      if (call.decoder.ended || call.signal.aborted) break;
    }
    if (chunks.length > 0) yield chunks;
    if (call.decoder.ended || call.signal.aborted) return;
  }
  if (call.signal.aborted) return;
  throw new BackendError(
    'backend_protocol',
    `backend ${call.target.baseUrl}${call.path} ended its stream before ${call.decoder.endMarker}`,
  );
}
