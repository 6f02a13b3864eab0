// Finds where a bracketed unit ends after its content could not be read, without reading it.
/**
 * Finds where a bracketed unit ends once its content could not be read (a syntax error, nesting too
 * deep): counts `(`, `[`, `{` against their closers, skipping `'…'` and `"…"` strings with backslash
 * escapes. A closer that matches a bracket further out closes everything inside it; a closer that
 * matches no open bracket is ignored. Incremental; each character is examined once and each bracket
 * pushed and popped at most once, so the time is linear at any depth. Triple-quoted strings are seen
 * as runs of ordinary strings (a lone quote inside one can shift the end found).
 */
export class BracketSkipper {
  /** The last `scan` that found something stopped at a `,` of the outermost bracket (not consumed). */
  atComma = false;
  private stack: number[] = [];
  private stopAtComma = false;
  /** How many of each closer (`)`, `]`, `}`) the stack holds, so a stray closer costs O(1). */
  private counts = new Map<number, number>();
  private quote = 0;
  private escaped = false;

  /**
   * Starts with these brackets open (their closers, outermost first), outside any string. With
   * `stopAtComma`, a `,` directly inside the outermost bracket also ends the scan.
   */
  start(closers: readonly number[], stopAtComma = false): void {
    this.stopAtComma = stopAtComma;
    this.atComma = false;
    this.stack = [];
    this.counts = new Map([
      [0x29, 0],
      [0x5d, 0],
      [0x7d, 0],
    ]);
    this.quote = 0;
    this.escaped = false;
    for (const closer of closers) this.push(closer);
  }

  /**
   * Scans `text[from, to)`; returns the index just after the closer of the outermost bracket, or (see
   * `start`) the index of a `,` directly inside it, with `atComma` set; -1 when neither is found yet.
   */
  scan(text: string, from: number, to: number): number {
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
      if (this.quote !== 0) {
        if (this.escaped) this.escaped = false;
        else if (code === 0x5c /* \ */) this.escaped = true;
        else if (code === this.quote) this.quote = 0;
        continue;
      }
      if (code === 0x27 || code === 0x22) this.quote = code;
      else if (code === 0x2c /* , */ && this.stopAtComma && this.stack.length === 1) {
        this.atComma = true;
        return i;
      } else if (code === 0x28) this.push(0x29);
      else if (code === 0x5b) this.push(0x5d);
      else if (code === 0x7b) this.push(0x7d);
      else if ((code === 0x29 || code === 0x5d || code === 0x7d) && this.counts.get(code)! > 0) {
        for (;;) {
          const closer = this.stack.pop()!;
          this.counts.set(closer, this.counts.get(closer)! - 1);
          if (closer === code) break;
        }
        if (this.stack.length === 0) return i + 1;
      }
    }
    return -1;
  }

  private push(closer: number): void {
    this.stack.push(closer);
    this.counts.set(closer, this.counts.get(closer)! + 1);
  }
}
