import { type JsonlDefaults, jsonlOutputOfBytes } from './jsonl-line.js';
import { JsonlRecordReader } from './jsonl-record-reader.js';
import { OutputBytes } from './output-bytes.js';

/** The answer to one round of `--jsonl` lines: the output lines (each ending in `\n`) and counts. */
export interface JsonlBatchOutput {
  /** The output lines in UTF-8, in memory of their own (transferable to another thread). */
  readonly bytes: Uint8Array;
  /** Lines given. */
  readonly lines: number;
  /** Tool calls found. */
  readonly calls: number;
  /** Lines answered with an error line. */
  readonly errors: number;
}

/**
 * Answers rounds of `--jsonl` lines with one `JsonlRecordReader`, so a `tools` list repeated across
 * lines (and rounds) is read once. The same code runs in the main thread and in each worker thread.
 */
export class JsonlBatch {
  private readonly reader = new JsonlRecordReader();

  constructor(private readonly defaults: JsonlDefaults) {}

  /**
   * Answers the lines of `bytes` (UTF-8; split at `\n`, a `\r` before it dropped; the `\n` ending the
   * last line makes no empty line after it), the first being line `firstLine` (1-based) of the input.
   * Each line is decoded on its own (see `jsonlOutputOfBytes`): a round decoded whole would make every
   * line a slice of one two-byte string as soon as any line holds a non-Latin-1 character, and
   * everything after reads two-byte text. Never throws on line data.
   */
  run(bytes: Buffer, firstLine: number): JsonlBatchOutput {
    const output = new OutputBytes(bytes.length + 1024);
    let lines = 0;
    let calls = 0;
    let errors = 0;
    for (let start = 0; start < bytes.length; lines++) {
      let next = bytes.indexOf(0x0a, start);
      if (next < 0) next = bytes.length;
      const end = next > start && bytes[next - 1] === 0x0d ? next - 1 : next;
      const line = jsonlOutputOfBytes(bytes, start, end, firstLine + lines, this.defaults, this.reader);
      output.addLine(line.text);
      calls += line.calls;
      if (line.failed) errors++;
      start = next + 1;
    }
    return { bytes: output.take(), lines, calls, errors };
  }
}
