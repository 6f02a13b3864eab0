/**
 * Debug record of where every piece of a parser's output came from in its input (issue 15's exact
 * nothing-lost check). `BaseFormatParser.recordSpans()` attaches one; the parser then reports each
 * piece it consumes: text it routes straight to content, reasoning or markup, and text it holds (a
 * call's raw recording, a look-ahead buffer) until it emits it as a call's raw, an invalid call's raw,
 * or content / reasoning / markup after all. Held text is matched against what is emitted from it, in
 * order, so a piece changed on the way (an unescaped string, a dropped word) is reported, and text
 * held but never emitted is reported at `finish()`. Off by default: a parser without a recorder only
 * tests one field per consumed piece.
 */

/** Where a piece of output went. */
export type SpanKind = 'content' | 'reasoning' | 'markup' | 'call' | 'invalid';

/** A piece of output: `[start, end)` in the UTF-16 offsets of the whole input. */
export interface Span {
  readonly kind: SpanKind;
  readonly start: number;
  readonly end: number;
}

interface HeldRegion {
  readonly start: number;
  readonly text: string;
}

export class SpanRecorder {
  /** The spans in the order the output was produced (sort by `start` to tile the input). */
  readonly spans: Span[] = [];
  /** What could not be matched: emitted text that is not the held input, held text never emitted. */
  readonly problems: string[] = [];
  private readonly held: HeldRegion[] = [];
  /** How much of `held[0]` was already emitted. */
  private heldOffset = 0;

  /** Text consumed straight into `kind`. */
  direct(kind: SpanKind, start: number, end: number): void {
    if (end > start) this.spans.push({ kind, start, end });
  }

  /** Text the parser keeps to emit later (a call's raw text, a look-ahead buffer). */
  hold(start: number, text: string): void {
    if (text === '') return;
    const last = this.held[this.held.length - 1];
    if (last !== undefined && last.start + last.text.length === start) {
      this.held[this.held.length - 1] = { start: last.start, text: last.text + text };
    } else this.held.push({ start, text });
  }

  /** The last held `text` is given back, to be taken again (a format's replay). */
  unhold(text: string): void {
    let rest = text.length;
    while (rest > 0) {
      const region = this.held[this.held.length - 1];
      const available =
        region === undefined ? 0 : region.text.length - (this.held.length === 1 ? this.heldOffset : 0);
      if (region === undefined || available === 0) {
        this.problems.push(`replayed text ${JSON.stringify(text.slice(0, 60))} was not held`);
        return;
      }
      const size = Math.min(rest, available);
      const given = region.text.slice(region.text.length - size);
      if (given !== text.slice(rest - size, rest)) {
        this.problems.push(`replayed text ${JSON.stringify(text.slice(0, 60))} is not the text last held`);
        return;
      }
      if (size === region.text.length) this.held.pop();
      else
        this.held[this.held.length - 1] = {
          start: region.start,
          text: region.text.slice(0, region.text.length - size),
        };
      const first = this.held[0];
      if (this.held.length === 1 && first !== undefined && first.text.length === this.heldOffset) {
        // What is left of the first region was all emitted already.
        this.held.shift();
        this.heldOffset = 0;
      }
      rest -= size;
    }
  }

  /** `text` is emitted as `kind`: it must be the next held text. */
  emit(kind: SpanKind, text: string): void {
    let index = 0;
    while (index < text.length) {
      const region = this.held[0];
      if (region === undefined) {
        this.problems.push(
          `${kind} ${JSON.stringify(text.slice(index, index + 60))} was never held (not from the input)`,
        );
        return;
      }
      const available = region.text.length - this.heldOffset;
      const size = Math.min(available, text.length - index);
      const expected = region.text.slice(this.heldOffset, this.heldOffset + size);
      const actual = text.slice(index, index + size);
      if (expected !== actual) {
        this.problems.push(
          `${kind} ${JSON.stringify(actual.slice(0, 60))} at input offset ${region.start + this.heldOffset} is not the input there: ${JSON.stringify(expected.slice(0, 60))}`,
        );
        return;
      }
      this.spans.push({
        kind,
        start: region.start + this.heldOffset,
        end: region.start + this.heldOffset + size,
      });
      index += size;
      this.heldOffset += size;
      if (this.heldOffset === region.text.length) {
        this.held.shift();
        this.heldOffset = 0;
      }
    }
  }

  /** The parser finished: every held piece must have been emitted. */
  finish(): void {
    for (const region of this.held) {
      const text = region.text.slice(this.heldOffset);
      this.problems.push(
        `input ${JSON.stringify(text.slice(0, 60))} at offset ${region.start + this.heldOffset} was held and never emitted`,
      );
      this.heldOffset = 0;
    }
    this.held.length = 0;
  }
}
