/** Pieces are joined this many at a time (see `TextBuilder`). */
const block = 256;

/**
 * Builds a long text from many small pieces (a streamed value, 4 characters a chunk) in time and
 * memory linear in its length. The pieces go into a reused array that is joined a block at a time, so
 * each piece dies young; appending them one by one with `+=` would keep every piece as one more link
 * of a long concatenation, which the garbage collector copies and promotes piece by piece and which
 * must be flattened at the end. A long piece is linked as is, not copied.
 */
export class TextBuilder {
  private text = '';
  private readonly parts: string[] = [];
  private count = 0;
  private total = 0;
  /** The last piece longer than `block` (linked as is) and its offset in the text; -1: none. */
  private long = '';
  private longAt = -1;

  /** The length of the text so far. */
  get length(): number {
    return this.total;
  }

  append(piece: string): void {
    if (piece === '') return;
    this.total += piece.length;
    if (piece.length > block) {
      this.text = this.toString() + piece;
      this.long = piece;
      this.longAt = this.total - piece.length;
      return;
    }
    this.parts[this.count++] = piece;
    if (this.count === block) {
      this.text += this.parts.join('');
      this.count = 0;
    }
  }

  /** The text so far. */
  toString(): string {
    const count = this.count;
    if (count > 0) {
      const parts = this.parts;
      if (count <= 8) {
        // A few pieces (a short call's markers): concatenated, without an array join.
        let text = this.text;
        for (let index = 0; index < count; index++) text += parts[index] as string;
        this.text = text;
      } else {
        parts.length = count;
        this.text += parts.join('');
      }
      this.count = 0;
    }
    return this.text;
  }

  /**
   * `toString().slice(start, end)`, without making the text one flat string when the range lies in
   * the last long piece (a whole call body taken in one piece, the usual whole-text parse): slicing a
   * concatenation copies all of it first (a 1 MB body: milliseconds), slicing the piece copies nothing.
   */
  slice(start: number, end: number): string {
    const at = this.longAt;
    if (at >= 0 && start >= at && end <= at + this.long.length) return this.long.slice(start - at, end - at);
    return this.toString().slice(start, end);
  }

  /** Returns the text so far and starts empty. */
  take(): string {
    const text = this.toString();
    this.clear();
    return text;
  }

  /** Starts empty (the parts array keeps its storage: builders are reused call after call). */
  clear(): void {
    this.text = '';
    this.count = 0;
    this.total = 0;
    this.long = '';
    this.longAt = -1;
  }
}
