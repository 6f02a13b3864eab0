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
  // A promise chain, not an async `pull`: it spares the async function's own promise per read (on the
  // overhead benchmark's prose rows a few percent, about the size of run-to-run noise).
  const step = (
    next: Awaited<ReturnType<ReadableStreamDefaultReader<I>['read']>>,
  ): Promise<void> | undefined => {
    try {
      if (next.done) {
        mapper.flush(out);
        controller.close();
        return undefined;
      }
      mapper.map(next.value, out);
    } catch (error) {
      reader.cancel(error).catch(() => {});
      throw error;
    }
    // A source part may map to nothing (`text-start`): read on until this read has a part.
    return emitted ? undefined : reader.read().then(step);
  };
  return new ReadableStream<O>(
    {
      start(given) {
        controller = given;
      },
      pull() {
        emitted = false;
        return reader.read().then(step);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
