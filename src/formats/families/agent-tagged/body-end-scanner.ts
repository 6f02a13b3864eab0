/**
 * Finds where an open agent-tagged block's body ends as it streams in: at the next tool_call-family
 * tag (a closer ends it, an opener starts the next call), at `</invoke>`, or at a closing fence;
 * brackets and strings are tracked so a tag inside a JSON string is data.
 */

import { isWhitespace } from '../../../internal/whitespace.js';
import { classifyTag } from './classify-tag.js';

/** What opened the block: a family tag, a ```` ```tool_call ```` fence, or a bare `<invoke>`. */
export type BlockKind = 'tag' | 'fence' | 'invoke-json';

/**
 * Where the scan stopped, in the scanned text: `more` (the text ends where a closer may be starting:
 * the body runs to `at`, the rest is undecided), `close` (the body ends at `at`, its closer runs to
 * `end`), `opener` (a family opener from `at` to `end`: a doubled opener while the body is blank, else
 * the next call), `none` (no end in the text).
 */
export type BodyStop =
  | { readonly kind: 'more'; readonly at: number }
  | { readonly kind: 'close' | 'opener'; readonly at: number; readonly end: number }
  | { readonly kind: 'none' };

const none: BodyStop = { kind: 'none' };

/** The open body's scan state, carried from one piece of text to the next. */
export class BodyEndScanner {
  /** Only whitespace read in the body so far. */
  blank = true;
  /** Object nesting depth in the body (outside strings). */
  private depth = 0;
  private inString = false;
  private escaped = false;

  reset(): void {
    this.blank = true;
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
  }

  /** Scans `text` from `from` for the end of a `kind` block's body; `final`: no more text follows. */
  scan(text: string, from: number, final: boolean, kind: BlockKind): BodyStop {
    let position = from;
    while (position < text.length) {
      const code = text.charCodeAt(position);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === 0x5c) this.escaped = true;
        else if (code === 0x22) this.inString = false;
        position++;
        continue;
      }
      if (code === 0x3c /* < */) {
        const tag = classifyTag(text, position, final);
        if (tag === 'more') return { kind: 'more', at: position };
        if (tag !== undefined) {
          if (kind === 'invoke-json') {
            if (tag.kind === 'invoke-close') return { kind: 'close', at: position, end: tag.end };
          } else if (tag.kind === 'family') {
            return { kind: tag.role === 'open' ? 'opener' : 'close', at: position, end: tag.end };
          }
        }
      } else if (code === 0x60 /* ` */ && kind === 'fence') {
        if (!final && text.length - position < 5) return { kind: 'more', at: position };
        if (text.startsWith('```', position)) {
          let end = position + 3;
          if (text[end] === '\r' && text[end + 1] === '\n') end += 2;
          else if (text[end] === '\n') end += 1;
          return { kind: 'close', at: position, end };
        }
      } else if (code === 0x22 /* " */) {
        // Strings are tracked inside objects only: a quote in prose or in a P-Format value
        // (`shell[grep "x]`) must not hide the closing tag.
        if (this.depth > 0) this.inString = true;
      } else if (code === 0x7b /* { */) {
        this.depth++;
      } else if (code === 0x7d /* } */) {
        if (this.depth > 0) this.depth--;
      }
      if (!isWhitespace(code)) this.blank = false;
      position++;
    }
    return none;
  }
}
