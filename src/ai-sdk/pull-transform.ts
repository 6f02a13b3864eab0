/** Where a `PullMapper` writes its parts: an array, or the stream being read. */
export interface PartOutput<T> {
  push(part: T): unknown;
}

/** What `pullTransform` does with each part of the source, and at its end. */
export interface PullMapper<I, O> {
  /**
   * Writes the parts for one source part to `out` (none, one or several). `out` is the same object on
   * every call, so a mapper may keep a sink built on it.
   */
  map(part: I, out: PartOutput<O>): void;
  /** Writes the parts that close the stream, once, when the source has ended. */
  flush(out: PartOutput<O>): void;
}

/**
 * `source` mapped part by part, as `source.pipeThrough(new TransformStream(...))` would map it, but
 * pulled: each read of the result reads the source until `mapper` writes at least one part. A pipe
 * through a `TransformStream` puts every part through a writable side, a pipe loop and a second queue
 * (four promise hops per part in Node's web streams, most of the middleware's time at 4-character
 * deltas); here a part costs one read of the source.
 *
 * The result has no queue of its own (high water mark 0): the source is read only when the result is
 * (backpressure as through a pipe). Cancelling the result cancels the source with the same reason; an
 * error of the source, or one `mapper` throws, errors the result (and cancels the source in the
 * latter case).
 */
export function pullTransform<I, O>(source: ReadableStream<I>, mapper: PullMapper<I, O>): ReadableStream<O> {
  const reader = source.getReader();
  let emitted = false;
  let controller!: ReadableStreamDefaultController<O>;
  const out: PartOutput<O> = {
    push(part) {
      emitted = true;
      controller.enqueue(part);
    },
  };
  return new ReadableStream<O>(
    {
      start(given) {
        controller = given;
      },
      async pull() {
        emitted = false;
        // A source part may map to nothing (`text-start`): read on until this read has a part.
        while (!emitted) {
          const next = await reader.read();
          try {
            if (next.done) {
              mapper.flush(out);
              controller.close();
              return;
            }
            mapper.map(next.value, out);
          } catch (error) {
            reader.cancel(error).catch(() => {});
            throw error;
          }
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
