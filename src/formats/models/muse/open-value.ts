/**
 * Muse Glimmer call bodies: whether the text read so far ends inside an open `<atem:parameter>` value
 * (`OpenValueTracker`), and whether a control token met there is text of that value
 * (`tokenInValueIsText`). Both read each code unit once (a bounded overlap aside).
 */

import { closerComesFirst } from '../../core/closer-first.js';

/** How far past a control token in a value the value's closing tag is looked for (UTF-16 code units). */
const maxTokenLookahead = 4096;

const stops = ['</atem:parameter>', '<|message|>', '<atem:invoke', '<atem:function_calls>'];

/**
 * Whether the control token ending at `from` in `text`, inside an open value, is text of that value:
 * `true` when the value's `</atem:parameter>` comes before any `<|message|>` (a new message's header)
 * or invoke, within `maxTokenLookahead` (see `closerComesFirst`, whose number result this passes on).
 */
export function tokenInValueIsText(
  text: string,
  from: number,
  searchFrom: number,
  final: boolean,
): boolean | number {
  return closerComesFirst(text, from, searchFrom, stops, maxTokenLookahead, final);
}

/**
 * Follows the parameter tags of a call body pushed piece by piece: `open` after an opening tag until
 * the next closing tag. A closing tag quoted inside a value (one not followed by another tag) counts
 * as closing here; the body's full reading (`readInvokes`) is exact, this only guards control tokens.
 */
export class OpenValueTracker {
  open = false;
  /** The end of the text pushed so far that may begin a tag (kept for the next piece). */
  private carry = '';

  constructor(
    private readonly opener: string,
    private readonly closer: string,
  ) {}

  push(piece: string): void {
    const text = this.carry + piece;
    let position = 0;
    for (;;) {
      const tag = this.open ? this.closer : this.opener;
      const at = text.indexOf(tag, position);
      if (at < 0) break;
      this.open = !this.open;
      position = at + tag.length;
    }
    const keep = Math.min(Math.max(this.opener.length, this.closer.length) - 1, text.length - position);
    this.carry = text.slice(text.length - keep);
  }

  reset(): void {
    this.open = false;
    this.carry = '';
  }
}
