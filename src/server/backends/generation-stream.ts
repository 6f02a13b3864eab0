import { type BackendChunk, BackendError } from './backend.js';
import { postStream, type StreamTarget } from './http-stream.js';
import { ndjsonLines } from './ndjson-lines.js';
import { addPayload, type Payloads, payloads, sseData } from './sse-data.js';

/**
 * What one backend kind knows of its stream: turns each event payload (an SSE `data` field or an
 * NDJSON line) into chunks, and says when its end marker came (after which it has emitted `done`).
 */
export interface WireDecoder {
  read(data: string): readonly BackendChunk[];
  /**
   * The text of the payload `source.slice(start, end)` when it is a token event the decoder knows
   * without reading it as `read` does (its chunk type is then `tokenType`), and counts as read;
   * else `undefined`, and the payload goes to `read`. For a decoder that knows none, absent.
   */
  token?(source: string, start: number, end: number): string | undefined;
  /** The chunk type of the text `token` returned last. */
  readonly tokenType?: TokenType;
  readonly ended: boolean;
  /** The end marker, for the error when the stream stops before it (`data: [DONE]`, ...). */
  readonly endMarker: string;
}

type TokenType = 'text' | 'reasoning';

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
    for await (const batch of generationBatches(call, false)) yield* batch;
  })();
  return Object.assign(chunks, { [batched]: () => generationBatches(call, true) });
}

/**
 * The chunks of `chunks` in batches: those of one network read together (up to 64) when `chunks`
 * came from `generationStream` (so the gateway pays its per-step costs once per read, not once per
 * token), else one chunk a batch. The text is the same either way, in the same order; in the batches
 * of a `generationStream`, the texts of adjacent token events are one chunk (one string and one
 * object a read, not one a token: a reader of the batch joins adjacent texts anyway).
 */
export function chunkBatches(chunks: AsyncIterable<BackendChunk>): AsyncIterable<readonly BackendChunk[]> {
  const batches = (chunks as Partial<GenerationStream>)[batched];
  if (typeof batches === 'function') return batches();
  return (async function* () {
    for await (const chunk of chunks) yield [chunk];
  })();
}

/**
 * Most chunks in one batch (each token event counting as one, joined or not): enough to spread the
 * per-step costs thin, few enough that the first chunk of a big read is not held back long by the
 * work on the rest (a fraction of a millisecond).
 */
const maxBatch = 64;

/** One read's lines as `Payloads` (each its own string). */
async function* linePayloads(
  text: AsyncIterable<readonly string[]>,
): AsyncGenerator<Payloads, void, undefined> {
  const out = payloads();
  for await (const lines of ndjsonLines(readTexts(text))) {
    out.count = 0;
    for (const line of lines) addPayload(out, line, 0, line.length);
    yield out;
  }
}

/** Each read's text as one string. */
async function* readTexts(text: AsyncIterable<readonly string[]>): AsyncGenerator<string, void, undefined> {
  for await (const slices of text) yield slices.join('');
}

/**
 * The batches of one generation; with `join`, the texts of adjacent token events (those the
 * decoder's `token` recognizes) in one chunk.
 */
async function* generationBatches(
  call: GenerationCall,
  join: boolean,
): AsyncGenerator<BackendChunk[], void, undefined> {
  const text = postStream(call.target, call.path, call.body, call.signal);
  const reads = call.framing === 'sse' ? sseData(text) : linePayloads(text);
  const { decoder, signal } = call;
  for await (const read of reads) {
    let chunks: BackendChunk[] = [];
    /** The batch's chunks, each token event counted as one, joined into `joined` or not. */
    let size = 0;
    /** The texts of the token events after the last chunk in `chunks` (with `join`). */
    let joined = '';
    let joinedType: TokenType = 'text';
    for (let i = 0; i < read.count; i++) {
      if (size >= maxBatch) {
        if (joined !== '') chunks.push({ type: joinedType, text: joined });
        joined = '';
        yield chunks;
        chunks = [];
        size = 0;
        if (signal.aborted) return;
      }
      const source = read.sources[i] as string;
      const start = read.starts[i] as number;
      const end = read.ends[i] as number;
      const token = decoder.token?.(source, start, end);
      if (token !== undefined) {
        size++;
        const type = decoder.tokenType ?? 'text';
        if (!join) chunks.push({ type, text: token });
        else {
          if (joined === '') joinedType = type;
          joined += token;
        }
        if (signal.aborted) break;
        continue;
      }
      if (joined !== '') chunks.push({ type: joinedType, text: joined });
      joined = '';
      let decoded: readonly BackendChunk[];
      try {
        decoded = decoder.read(start === 0 && end === source.length ? source : source.slice(start, end));
      } catch (error) {
        // What came before a failing event is delivered before the failure, as it arrived.
        if (chunks.length > 0) yield chunks;
        throw error;
      }
      for (const chunk of decoded) chunks.push(chunk);
      size += decoded.length;
      if (decoder.ended || signal.aborted) break;
    }
    if (joined !== '') chunks.push({ type: joinedType, text: joined });
    if (chunks.length > 0) yield chunks;
    if (decoder.ended || signal.aborted) return;
  }
  if (signal.aborted) return;
  throw new BackendError(
    'backend_protocol',
    `backend ${call.target.baseUrl}${call.path} ended its stream before ${decoder.endMarker}`,
  );
}
