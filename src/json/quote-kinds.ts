import {
  codeAcuteAccent,
  codeBacktick,
  codeDoubleQuote,
  codeLeftDoubleQuote,
  codeLeftSingleQuote,
  codeRightDoubleQuote,
  codeRightSingleQuote,
  codeSingleQuote,
} from './character-codes.js';
import type { JsonRepairKind } from './json-repair.js';

// The lenient JSON engine's quote rules: which characters close a string, by the character that
// opened it, shared by call-body strings (lenient-string-reader.ts) and contextual strings
// (lenient-contextual-reader.ts). A `"` string ends only at `"`, a `'` string only at `'`; the
// typographic and backtick quotes end at any quote of their family, because models mix `‘…’`,
// `` `…´ `` and `` `…' ``.
export const closeDoubleQuote = 0;
export const closeSingleQuote = 1;
export const closeSingleLike = 2;
export const closeDoubleLike = 3;

/** The closing rule (`closeDoubleQuote` …) of a string opened by `code`. */
export function closeKindOf(code: number): number {
  switch (code) {
    case codeDoubleQuote:
      return closeDoubleQuote;
    case codeSingleQuote:
      return closeSingleQuote;
    case codeLeftDoubleQuote:
    case codeRightDoubleQuote:
      return closeDoubleLike;
    default:
      return closeSingleLike;
  }
}

/** Whether `code` closes a string of the given closing rule. */
export function isClosingQuote(closeKind: number, code: number): boolean {
  switch (closeKind) {
    case closeDoubleQuote:
      return code === codeDoubleQuote;
    case closeSingleQuote:
      return code === codeSingleQuote;
    case closeDoubleLike:
      return code === codeLeftDoubleQuote || code === codeRightDoubleQuote || code === codeDoubleQuote;
    default:
      return (
        code === codeSingleQuote ||
        code === codeLeftSingleQuote ||
        code === codeRightSingleQuote ||
        code === codeBacktick ||
        code === codeAcuteAccent
      );
  }
}

/** The repair a string opened by a quote other than `"` gets. */
export function quoteRepairKind(code: number): JsonRepairKind {
  if (code === codeSingleQuote) return 'single_quotes';
  if (code === codeBacktick) return 'backtick_quotes';
  return 'smart_quotes';
}
