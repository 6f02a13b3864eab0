import { TextBuilder } from '../../../internal/text-builder.js';

/**
 * Pieces a value must have before it is read back from the call's raw text: a value taken in a few
 * long pieces (a whole-text parse) is linked as is by `TextBuilder`, without a copy, and must stay so.
 */
const minimumPieces = 256;

/**
 * The open parameter value's text. Every piece of a value is also in the call's raw text (the base
 * parser's recording), so a streamed value kept in its own `TextBuilder` would be held twice until
 * the call ends, and its small pieces copied twice: on a 4 MB value that copy, promoted by the
 * garbage collector and flattened at the end, made 4-character streaming cost 2 to 3 times more per MB
 * than at 64 KB. So once the value is most of the raw text so far and made of many pieces, only its
 * range `[start, end)` in the raw text is kept, and its text is read back once at its end (`take`).
 *
 * Reading back flattens the raw text so far; the value being at least half of it keeps that within
 * twice the value's length, hence linear over a call (the share only grows while the value does). A
 * piece that does not continue the range (a CDATA marker left out of the value) brings the text back
 * into the builder for good, once.
 */
export class ValueText {
  private readonly pieces = new TextBuilder();
  private pieceCount = 0;
  /** Where the value starts in the raw text, and where it ends so far. */
  private start = 0;
  private end = 0;
  /** The value so far is exactly `raw[start, end)`. */
  private contiguous = true;
  /** The value is kept only as `raw[start, end)` (the builder is empty). */
  private inRaw = false;

  /** The length of the value so far. */
  get length(): number {
    return this.inRaw ? this.end - this.start : this.pieces.length;
  }

  /** Starts empty. */
  clear(): void {
    this.pieces.clear();
    this.pieceCount = 0;
    this.start = 0;
    this.end = 0;
    this.contiguous = true;
    this.inRaw = false;
  }

  /**
   * Adds `piece`, which is `raw[rawStart, rawStart + piece.length)` of the call's raw text, whose
   * length is now `rawLength`. `readRaw(start, end)`: that raw text's `[start, end)`.
   */
  append(
    piece: string,
    rawStart: number,
    rawLength: number,
    readRaw: (start: number, end: number) => string,
  ): void {
    if (piece === '') return;
    const continues = rawStart === this.end && rawStart + piece.length <= rawLength;
    if (this.length === 0 && !this.inRaw) {
      this.start = rawStart;
      this.end = rawStart;
      this.contiguous = rawStart + piece.length <= rawLength;
    } else if (!continues) {
      if (this.inRaw) this.leaveRaw(readRaw);
      this.contiguous = false;
    }
    if (this.inRaw) {
      this.end += piece.length;
      return;
    }
    this.pieces.append(piece);
    this.pieceCount++;
    if (!this.contiguous) return;
    this.end += piece.length;
    const length = this.end - this.start;
    if (this.pieceCount >= minimumPieces && 2 * length >= rawLength) {
      this.inRaw = true;
      this.pieces.clear();
    }
  }

  /** Returns the value's text and starts empty. */
  take(readRaw: (start: number, end: number) => string): string {
    const text = this.inRaw ? readRaw(this.start, this.end) : this.pieces.take();
    this.clear();
    return text;
  }

  /** The value goes on with text that is not the raw text's next: its text so far into the builder. */
  private leaveRaw(readRaw: (start: number, end: number) => string): void {
    this.inRaw = false;
    this.pieces.append(readRaw(this.start, this.end));
  }
}
