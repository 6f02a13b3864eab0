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
  let controller!: ReadableStreamDefaultController<O>;
  /** A read of the source is under way for a pull that has no part yet. */
  let reading = false;
  /** The pull under way has written a part. */
  let emitted = false;
  /** Parts written so far. */
  let written = 0;
  /** The stream is closed or errored: no more reads of the source. */
  let ended = false;
  /** Resolves the promise the pull under way returned, if it returned one. */
  let settle: (() => void) | undefined;
  /** A pull that came while another was reading (see `pull`), and the parts written by then. */
  let waiting: { readonly settle: () => void; readonly written: number } | undefined;
  const out: PartOutput<O> = {
    push(part) {
      emitted = true;
      written++;
      controller.enqueue(part);
    },
  };
  const read = (): void => {
    reading = true;
    emitted = false;
    reader.read().then(step, fail);
  };
  const step = (next: Awaited<ReturnType<ReadableStreamDefaultReader<I>['read']>>): void => {
    try {
      if (next.done) {
        ended = true;
        mapper.flush(out);
        controller.close();
      } else {
        mapper.map(next.value, out);
        // A source part may map to nothing (`text-start`): read on until this pull has a part.
        if (!emitted) {
          reader.read().then(step, fail);
          return;
        }
      }
    } catch (error) {
      ended = true;
      reader.cancel(error).catch(() => {});
      controller.error(error);
    }
    done();
  };
  const fail = (error: unknown): void => {
    ended = true;
    controller.error(error);
    done();
  };
  const done = (): void => {
    reading = false;
    const settled = settle;
    settle = undefined;
    const next = waiting;
    waiting = undefined;
    if (next !== undefined) {
      // The read that made the waiting pull is still unanswered if no part was written since: that
      // pull reads now. Otherwise the stream decides again when the pull settles, as it does after
      // every pull (it pulls again only if a read is still waiting).
      if (ended || written !== next.written) next.settle();
      else {
        settle = next.settle;
        read();
      }
    }
    settled?.();
  };
  return new ReadableStream<O>(
    {
      start(given) {
        controller = given;
      },
      // Returns nothing while no other pull is under way: a returned promise costs the stream several
      // promise hops per part (its `pull` is called through an async function, which waits on the
      // promise), about a tenth of the middleware's time at 4-character deltas. The stream then
      // counts this pull as done at once and may pull again, for a second read made before the
      // first has its part; that pull waits for this one (it returns a promise, so the stream makes
      // no third) and reads only if no part came since, so the source is read one part at a time and
      // only as far as the result is.
      pull() {
        if (!reading) {
          read();
          return undefined;
        }
        return new Promise<void>((resolve) => {
          waiting = { settle: resolve, written };
        });
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
