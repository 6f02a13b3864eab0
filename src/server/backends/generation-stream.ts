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

/**
 * Sends one generation request and yields its chunks, `done` last. Stops reading (and closes the
 * connection) once the decoder saw the end marker. An aborted `signal` ends the iterator quietly,
 * without `done`.
 *
 * @throws BackendError as `postStream` does, as the decoder does, and `backend_protocol` when the
 * body ends before the end marker.
 */
export async function* generationStream(call: GenerationCall): AsyncGenerator<BackendChunk, void, undefined> {
  const text = postStream(call.target, call.path, call.body, call.signal);
  const payloads = call.framing === 'sse' ? sseData(text) : ndjsonLines(text);
  for await (const data of payloads) {
    for (const chunk of call.decoder.read(data)) yield chunk;
    if (call.decoder.ended || call.signal.aborted) return;
  }
  if (call.signal.aborted) return;
  throw new BackendError(
    'backend_protocol',
    `backend ${call.target.baseUrl}${call.path} ended its stream before ${call.decoder.endMarker}`,
  );
}
