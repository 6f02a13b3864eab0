import type { ParseEvent } from '../../types/parse-event.js';

/**
 * What `FormatOptions.content` does to the text outside calls and reasoning (see there):
 * - `"verbatim"`: as the model wrote it (default);
 * - `"nonblank"`: as written, but content that is only whitespace becomes `""`;
 * - `"trim"`: leading and trailing whitespace of the whole content removed (`content.trim()`);
 * - `"narrative"`: each piece of text between calls trimmed, empty pieces dropped, the rest joined
 *   with `"\n"`.
 * Whitespace is what `String.prototype.trim` removes (ECMAScript WhiteSpace and LineTerminator).
 */
export type ContentMode = 'verbatim' | 'nonblank' | 'trim' | 'narrative';

export const contentModes: readonly ContentMode[] = ['verbatim', 'nonblank', 'trim', 'narrative'];

/** The code units `String.prototype.trim` removes; all outside the surrogate range. */
function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Reshapes the `text-delta` events of one turn's event stream to a `ContentMode`, incrementally: the
 * whitespace it may still drop is held back (released in front of the next non-whitespace text, or
 * dropped at the end), so the text the deltas add up to is the same for every chunking, and equal to
 * the mode applied to the verbatim content. Only whitespace is ever dropped (and, in `narrative`, a
 * `\n` added between pieces).
 * `narrative` pieces end at `tool-input-start`, `tool-call` and `tool-call-invalid`. Work is linear in
 * the text; what is held back is whitespace only.
 */
export class ContentShaper {
  private readonly mode: Exclude<ContentMode, 'verbatim'>;
  /** Whitespace not yet emitted nor dropped. */
  private held = '';
  /** Non-whitespace content was emitted (in `narrative`: in the current piece). */
  private started = false;
  /** `narrative`: an earlier piece had text and a call ended it, so the next text starts with `\n`. */
  private joinPending = false;

  constructor(mode: Exclude<ContentMode, 'verbatim'>) {
    this.mode = mode;
  }

  /** Reshapes one batch of events (the ones a `push` or `finish` committed), in order. */
  shape(events: readonly ParseEvent[], final: boolean): ParseEvent[] {
    const out: ParseEvent[] = [];
    for (const event of events) {
      if (event.type === 'text-delta') {
        const delta = this.text(event.delta);
        if (delta !== '') out.push(delta === event.delta ? event : { type: 'text-delta', delta });
        continue;
      }
      if (
        this.mode === 'narrative' &&
        (event.type === 'tool-input-start' ||
          event.type === 'tool-call' ||
          event.type === 'tool-call-invalid')
      ) {
        this.endPiece();
      }
      out.push(event);
    }
    if (final) this.held = '';
    return out;
  }

  /** Clears the state for a new turn. */
  reset(): void {
    this.held = '';
    this.started = false;
    this.joinPending = false;
  }

  private text(delta: string): string {
    if (this.mode === 'nonblank' && this.started) return delta;
    let first = 0;
    while (first < delta.length && isWhitespace(delta.charCodeAt(first))) first++;
    if (first === delta.length) {
      // Only whitespace: it may still be dropped.
      if (this.started || this.mode === 'nonblank') this.held += delta;
      return '';
    }
    if (this.mode === 'nonblank') {
      this.started = true;
      const text = this.held + delta;
      this.held = '';
      return text;
    }
    let end = delta.length;
    while (isWhitespace(delta.charCodeAt(end - 1))) end--;
    let text: string;
    if (this.started) {
      text = this.held + delta.slice(0, end);
    } else {
      text = (this.joinPending ? '\n' : '') + delta.slice(first, end);
      this.joinPending = false;
      this.started = true;
    }
    this.held = delta.slice(end);
    return text;
  }

  private endPiece(): void {
    this.held = '';
    if (this.started) this.joinPending = true;
    this.started = false;
  }
}
