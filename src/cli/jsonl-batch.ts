import { type JsonlDefaults, jsonlOutput } from './jsonl-line.js';
import { JsonlRecordReader } from './jsonl-record-reader.js';

/** The answer to one batch of `--jsonl` lines: the output lines (each ending in `\n`) and counts. */
export interface JsonlBatchOutput {
  readonly text: string;
  /** Lines given. */
  readonly lines: number;
  /** Tool calls found. */
  readonly calls: number;
  /** Lines answered with an error line. */
  readonly errors: number;
}

/**
 * A part of a round of lines sent to one worker (its `lane`): whole lines of input bytes, each with its
 * `\n`, and their line numbers in the input.
 */
export interface JsonlBatchRequest {
  readonly sequence: number;
  readonly lane: number;
  readonly bytes: Uint8Array;
  readonly lineNumbers: readonly number[];
}

/** A worker's answer to a `JsonlBatchRequest`: one output line per line (without `\n`), and counts. */
export interface JsonlBatchAnswer {
  readonly sequence: number;
  readonly lane: number;
  readonly texts: readonly string[];
  readonly calls: number;
  readonly errors: number;
}

/**
 * The lines of a batch's bytes (UTF-8): split at `\n`, a `\r` before it dropped; the `\n` ending the
 * last line makes no empty line after it.
 */
export function batchLinesOf(bytes: Uint8Array): string[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/**
 * Answers batches of `--jsonl` lines with one `JsonlRecordReader`, so a `tools` list repeated across
 * lines (and batches) is read once. The same code runs in the main thread and in each worker thread.
 */
export class JsonlBatch {
  private readonly reader = new JsonlRecordReader();

  constructor(private readonly defaults: JsonlDefaults) {}

  /** Answers `lines`, the first being line `firstLine` (1-based) of the input. Never throws on line data. */
  run(lines: readonly string[], firstLine: number): JsonlBatchOutput {
    const { texts, calls, errors } = this.answer(lines, (index) => firstLine + index);
    return { text: texts.length === 0 ? '' : `${texts.join('\n')}\n`, lines: lines.length, calls, errors };
  }

  /** The output line (without `\n`) of each of `lines`, line `index` being input line `numberOf(index)`. */
  answer(
    lines: readonly string[],
    numberOf: (index: number) => number,
  ): { texts: string[]; calls: number; errors: number } {
    let calls = 0;
    let errors = 0;
    const texts = lines.map((line, index) => {
      const output = jsonlOutput(line, numberOf(index), this.defaults, this.reader);
      calls += output.calls;
      if (output.failed) errors++;
      return output.text;
    });
    return { texts, calls, errors };
  }
}
