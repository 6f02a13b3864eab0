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
    // The state lives in locals while the loop runs (written back at the end): this pass runs over
    // every streamed argument delta, including a format's whole argument text sent as one delta.
    const closers = this.closers;
    let inString = this.inString;
    let escaped = this.escaped;
    let keyString = this.keyString;
    let last = this.last;
    let afterKey = this.afterKey;
    let started = this.started;
    let irregular = this.irregular;
    const length = text.length;
    for (let index = 0; index < length; index++) {
      let code = text.charCodeAt(index);
      if (inString) {
        if (escaped) {
          escaped = false;
          continue;
        }
        // Skip ordinary string characters in a tight loop.
        while (code !== 0x22 /* " */ && code !== 0x5c /* \ */) {
          if (++index === length) break;
          code = text.charCodeAt(index);
        }
        if (index === length) break;
        if (code === 0x5c) escaped = true;
        else {
          inString = false;
          afterKey = keyString;
          last = code;
        }
        continue;
      }
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) continue;
      if (started && closers.length === 0) {
        irregular = true;
        continue;
      }
      if (!started) {
        started = true;
        if (code !== 0x7b /* { */ && code !== 0x5b /* [ */) irregular = true;
      }
      afterKey = false;
      if (code === 0x22) {
        inString = true;
        keyString = closers[closers.length - 1] === 0x7d && (last === 0x7b || last === 0x2c);
      } else if (code === 0x7b) closers.push(0x7d);
      else if (code === 0x5b) closers.push(0x5d);
      else if (code === 0x7d || code === 0x5d) closers.pop();
      last = code;
    }
    this.inString = inString;
    this.escaped = escaped;
    this.keyString = keyString;
    this.last = last;
    this.afterKey = afterKey;
    this.started = started;
    this.irregular = irregular;
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
