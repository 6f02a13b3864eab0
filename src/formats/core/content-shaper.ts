import type { ParseEvent } from '../../types/parse-event.js';
import type { ContentMode } from '../content-mode.js';

export { type ContentMode, contentModes } from '../content-mode.js';

const backtick = 0x60;
/** The longest language tag a fence opener may carry (`json`, `JSON`, `jsonc`, ...). */
const maxFenceTag = 32;

/** A fence opener's language-tag character: letters, digits, `_`, `+`, `.`, `-`. */
function isTagCharacter(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f ||
    code === 0x2b ||
    code === 0x2e ||
    code === 0x2d
  );
}

/**
 * Whether `text` starts with a fence opener line (three backticks, a language tag of at most
 * `maxFenceTag` characters, spaces or tabs, a line break): its length when it does, `0` when `text`
 * may still become one, `-1` when it cannot.
 */
function fenceOpener(text: string): number {
  for (let index = 0; index < 3; index++) {
    if (index >= text.length) return 0;
    if (text.charCodeAt(index) !== backtick) return -1;
  }
  let index = 3;
  while (index < text.length && isTagCharacter(text.charCodeAt(index))) index++;
  if (index - 3 > maxFenceTag) return -1;
  while (index < text.length && (text.charCodeAt(index) === 0x20 || text.charCodeAt(index) === 0x09)) index++;
  if (index < text.length && text.charCodeAt(index) === 0x0d) index++;
  if (index === text.length) return index - 3 > maxFenceTag ? -1 : 0;
  return text.charCodeAt(index) === 0x0a ? index + 1 : -1;
}

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
 * `\n` added between pieces; in `json`, a fence's lines).
 * `narrative` pieces end at `tool-input-start`, `tool-call` and `tool-call-invalid`. Work is linear in
 * the text; what is held back is whitespace, backticks and a fence opener of bounded length.
 */
export class ContentShaper {
  private readonly mode: Exclude<ContentMode, 'verbatim'>;
  /** Whitespace (`json`: and backticks) at the end of the text so far, not yet emitted nor dropped. */
  private held = '';
  /** Non-whitespace content was emitted (in `narrative`: in the current piece). */
  private started = false;
  /** `narrative`: an earlier piece had text and a call ended it, so the next text starts with `\n`. */
  private joinPending = false;
  /** `json`: whether the content's start is still to be read as a fence opener. */
  private openerPending: boolean;
  /** `json`: the content's first characters while they may still be a fence opener. */
  private head = '';
  /** `json`: a fence opener was dropped, so a closing fence at the end is dropped too. */
  private fenced = false;

  constructor(mode: Exclude<ContentMode, 'verbatim'>) {
    this.mode = mode;
    this.openerPending = mode === 'json';
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
    if (final) {
      const rest = this.end();
      if (rest !== '') out.push({ type: 'text-delta', delta: rest });
    }
    return out;
  }

  /** Clears the state for a new turn. */
  reset(): void {
    this.held = '';
    this.started = false;
    this.joinPending = false;
    this.openerPending = this.mode === 'json';
    this.head = '';
    this.fenced = false;
  }

  /** The text still owed at the end of the turn (`json`: a start that never became a fence opener). */
  private end(): string {
    let text = '';
    if (this.openerPending) {
      this.openerPending = false;
      const head = this.head;
      this.head = '';
      if (head !== '') text = this.trimmed(head);
    }
    const held = this.held;
    this.held = '';
    // `json`: what is held is whitespace and backticks; a closing fence goes, anything else stays.
    if (this.fenced && held.trim() !== '```') text += held.trimEnd();
    return text;
  }

  private text(delta: string): string {
    if (this.mode === 'nonblank' && this.started) return delta;
    if (this.openerPending) {
      delta = this.afterOpener(delta);
      if (delta === '') return '';
    }
    return this.trimmed(delta);
  }

  /**
   * `json`: reads the content's start as a possible fence opener (leading whitespace is dropped as in
   * `trim`). Returns the text to go on with: `""` while undecided, the text after an opener, or the
   * whole start when it is not one.
   */
  private afterOpener(delta: string): string {
    let text: string;
    if (this.head === '') {
      let first = 0;
      while (first < delta.length && isWhitespace(delta.charCodeAt(first))) first++;
      text = delta.slice(first);
      if (text === '') return '';
    } else {
      text = this.head + delta;
    }
    const opener = fenceOpener(text);
    if (opener === 0) {
      this.head = text;
      return '';
    }
    this.openerPending = false;
    this.head = '';
    if (opener < 0) return text;
    this.fenced = true;
    return text.slice(opener);
  }

  /** Whether a character at the end of the text may still be dropped. */
  private isTail(code: number): boolean {
    return isWhitespace(code) || (this.fenced && code === backtick);
  }

  private trimmed(delta: string): string {
    if (this.mode === 'nonblank') {
      for (let index = 0; index < delta.length; index++) {
        if (isWhitespace(delta.charCodeAt(index))) continue;
        this.started = true;
        const text = this.held + delta;
        this.held = '';
        return text;
      }
      // Only whitespace: it may still be dropped.
      this.held += delta;
      return '';
    }
    let first = 0;
    // Leading whitespace goes, unless held text (a `json` backtick) already began the content.
    if (!this.started && this.held === '')
      while (first < delta.length && isWhitespace(delta.charCodeAt(first))) first++;
    let end = delta.length;
    while (end > first && this.isTail(delta.charCodeAt(end - 1))) end--;
    if (end === first) {
      // Nothing but characters that may still be dropped.
      this.held += delta.slice(first);
      return '';
    }
    let text = this.held + delta.slice(first, end);
    this.held = delta.slice(end);
    if (!this.started) {
      if (this.joinPending) text = `\n${text}`;
      this.joinPending = false;
      this.started = true;
    }
    return text;
  }

  private endPiece(): void {
    this.held = '';
    if (this.started) this.joinPending = true;
    this.started = false;
  }
}
