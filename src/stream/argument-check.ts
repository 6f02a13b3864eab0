/**
 * Follows a call's streamed argument JSON text delta by delta (one pass over each delta, memory
 * proportional to the nesting depth, the text itself is not kept) so that, when the call ends, the
 * stream knows whether the text is a complete JSON value and, if not, which closers finish it.
 *
 * Formats stream the model's own argument text; when the model left out the closing quote or
 * brackets and the format repaired the call at its end (`{"city": "Paris"` + end marker), the stream
 * adds the missing `"`, `}`, `]` as one last `tool-input-delta`, so the concatenated deltas parse.
 */
export class ArgumentJsonState {
  /** Closers of the open containers, innermost last (`}` or `]` char codes). */
  private readonly closers: number[] = [];
  private inString = false;
  private escaped = false;
  /** The open string is an object key. */
  private keyString = false;
  /** The last significant code outside strings (0: none yet). */
  private last = 0;
  /** A key string just closed (a colon must follow). */
  private afterKey = false;
  private started = false;
  /** Text other than whitespace after the complete top-level value, or a value that is not a container. */
  private irregular = false;

  feed(text: string): void {
    const closers = this.closers;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === 0x5c /* \ */) this.escaped = true;
        else if (code === 0x22 /* " */) {
          this.inString = false;
          this.afterKey = this.keyString;
          this.last = code;
        }
        continue;
      }
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) continue;
      if (this.started && closers.length === 0) {
        this.irregular = true;
        continue;
      }
      if (!this.started) {
        this.started = true;
        if (code !== 0x7b /* { */ && code !== 0x5b /* [ */) this.irregular = true;
      }
      this.afterKey = false;
      if (code === 0x22) {
        this.inString = true;
        this.keyString = closers[closers.length - 1] === 0x7d && (this.last === 0x7b || this.last === 0x2c);
      } else if (code === 0x7b) closers.push(0x7d);
      else if (code === 0x5b) closers.push(0x5d);
      else if (code === 0x7d || code === 0x5d) closers.pop();
      this.last = code;
    }
  }

  /**
   * `''` when the text so far is a complete JSON object or array (or nothing was streamed); the
   * closers that complete it when it stops after a complete value or member; `undefined` when no
   * suffix of closers can complete it (it stops after `,` or `:`, inside a key, an escape, or a
   * literal, or it is not a container).
   */
  completion(): string | undefined {
    if (!this.started) return '';
    if (this.irregular) return undefined;
    if (this.closers.length === 0 && !this.inString) return '';
    let suffix = '';
    let last = this.last;
    if (this.inString) {
      if (this.keyString || this.escaped) return undefined;
      suffix = '"';
      last = 0x22;
    } else if (this.afterKey) return undefined;
    const complete =
      last === 0x22 ||
      last === 0x7d ||
      last === 0x5d ||
      last === 0x7b ||
      last === 0x5b ||
      (last >= 0x30 && last <= 0x39) ||
      last === 0x65 /* e: true, false */ ||
      last === 0x6c; /* l: null */
    if (!complete) return undefined;
    for (let index = this.closers.length - 1; index >= 0; index--)
      suffix += String.fromCharCode(this.closers[index] as number);
    return suffix;
  }
}
