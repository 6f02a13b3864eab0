/**
 * The closing brackets `finish()` feeds a call still open when the model stopped on its own
 * (`finishReason: 'stop'`; see `BaseFormatParser.finish`). The model never wrote them, so no content,
 * reasoning or raw call text may hold them: this tracks where they sit in the text a run works on
 * (`from`), how many of them the open call's raw recording took (cut off again by `cut`), and which
 * ones the call just closed held (`takeClosed`: its `missing_closing_bracket` repair).
 */
export class FedBrackets {
  /** The brackets fed, `''` when none. */
  private text = '';
  /** How many of them are at the end of the text not yet consumed. */
  private pending = 0;
  /** Where they start in the text of the current run (`Infinity` when none are in it). */
  from = Number.POSITIVE_INFINITY;
  /** How many of them the open call's raw text holds. */
  private inRaw = 0;
  /** The ones the call `cut` last closed held. */
  private closed = '';

  /** `finish()` feeds `closers` after the text not yet consumed. */
  feed(closers: string): void {
    this.text = closers;
    this.pending = closers.length;
  }

  /** A run starts over a text of `length` code units: the fed brackets still pending end it. */
  startRun(length: number): void {
    this.from = this.pending > 0 ? length - this.pending : Number.POSITIVE_INFINITY;
  }

  /** The run over a text of `length` stopped at `position`: what of the fed brackets is left. */
  endRun(length: number, position: number): void {
    if (this.pending > 0) this.pending = Math.max(0, length - Math.max(position, this.from));
  }

  /** The open call's raw recording took the run's text `[start, end)`. */
  tookIntoRaw(start: number, end: number): void {
    if (end > this.from) this.inRaw += end - Math.max(start, this.from);
  }

  /** `raw`, the raw text of the call just closed, without the fed brackets it holds (see `takeClosed`). */
  cut(raw: string): string {
    const fed = this.inRaw;
    if (fed === 0) return raw;
    this.inRaw = 0;
    this.closed = this.text.slice(this.text.length - fed);
    return raw.slice(0, raw.length - fed);
  }

  /** The fed brackets the call `cut` last closed held (`''` when none), once. */
  takeClosed(): string {
    const closed = this.closed;
    this.closed = '';
    return closed;
  }

  /** Forgets them, for a new turn. */
  reset(): void {
    this.text = '';
    this.pending = 0;
    this.inRaw = 0;
    this.closed = '';
  }
}
