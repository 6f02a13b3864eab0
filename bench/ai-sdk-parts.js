// Source streams for the AI SDK middleware benchmarks: a model's output as `LanguageModelV3StreamPart`s
// at a fixed chunk size, handed over one part per read (`pull`). A source that enqueues every part in
// `start()` is itself quadratic in Node's ReadableStream queue at these sizes, so it would time the
// source rather than the middleware.

export const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** The parts of one streamed turn: `stream-start`, a text block of `text` in `chunk`-character deltas, `finish`. */
export function textParts(text, chunk) {
  const parts = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: '0' },
  ];
  for (let index = 0; index < text.length; index += chunk)
    parts.push({ type: 'text-delta', id: '0', delta: text.slice(index, index + chunk) });
  parts.push(
    { type: 'text-end', id: '0' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  );
  return parts;
}

/** A stream of `parts` that hands over one part per `pull`, as a network response does. */
export function partStream(parts) {
  let index = 0;
  return new ReadableStream(
    {
      pull(controller) {
        if (index < parts.length) controller.enqueue(parts[index++]);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Reads `stream` to its end; the number of parts read. */
export async function drain(stream) {
  const reader = stream.getReader();
  let count = 0;
  while (!(await reader.read()).done) count++;
  return count;
}
