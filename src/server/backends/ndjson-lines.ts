import { BackendError } from './backend.js';

/** Longest line buffered before the stream is refused. */
const maxLineLength = 16 * 1024 * 1024;

/**
 * The non-blank lines of newline-delimited JSON text (Ollama's streaming format), split on `\n`
 * with a trailing `\r` removed; a last line without its newline is yielded too. Yields the lines one
 * piece of `text` completed together (never an empty batch).
 *
 * @throws BackendError `backend_protocol` when one line grows past 16 Mi characters.
 */
export async function* ndjsonLines(text: AsyncIterable<string>): AsyncGenerator<string[], void, undefined> {
  let pending = '';
  for await (const piece of text) {
    const lines: string[] = [];
    let start = 0;
    let newline = piece.indexOf('\n');
    while (newline !== -1) {
      const line = pending + piece.slice(start, newline);
      pending = '';
      const trimmed = line.endsWith('\r') ? line.slice(0, -1) : line;
      if (trimmed.trim() !== '') lines.push(trimmed);
      start = newline + 1;
      newline = piece.indexOf('\n', start);
    }
    pending += piece.slice(start);
    if (lines.length > 0) yield lines;
    if (pending.length > maxLineLength) {
      throw new BackendError('backend_protocol', 'the backend sent a JSON line longer than 16 Mi characters');
    }
  }
  if (pending.trim() !== '') yield [pending];
}
