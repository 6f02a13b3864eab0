// UTF-16 code units the JSON layer compares against. Comparing char codes instead of one-character
// strings keeps the hot loops free of string allocation. Internal to src/json.

export const codeTab = 0x09;
export const codeNewline = 0x0a;
export const codeCarriageReturn = 0x0d;
export const codeSpace = 0x20;
export const codeExclamation = 0x21;
export const codeDoubleQuote = 0x22;
export const codeHash = 0x23;
export const codeDollar = 0x24;
export const codeSingleQuote = 0x27;
export const codeOpenParenthesis = 0x28;
export const codeCloseParenthesis = 0x29;
export const codeAsterisk = 0x2a;
export const codePlus = 0x2b;
export const codeComma = 0x2c;
export const codeMinus = 0x2d;
export const codeDot = 0x2e;
export const codeSlash = 0x2f;
export const codeZero = 0x30;
export const codeNine = 0x39;
export const codeColon = 0x3a;
export const codeSemicolon = 0x3b;
export const codeUppercaseA = 0x41;
export const codeUppercaseE = 0x45;
export const codeUppercaseF = 0x46;
export const codeUppercaseX = 0x58;
export const codeUppercaseZ = 0x5a;
export const codeOpenBracket = 0x5b;
export const codeBackslash = 0x5c;
export const codeCloseBracket = 0x5d;
export const codeUnderscore = 0x5f;
export const codeBacktick = 0x60;
export const codeLowercaseA = 0x61;
export const codeLowercaseB = 0x62;
export const codeLowercaseE = 0x65;
export const codeLowercaseF = 0x66;
export const codeLowercaseN = 0x6e;
export const codeLowercaseR = 0x72;
export const codeLowercaseT = 0x74;
export const codeLowercaseU = 0x75;
export const codeLowercaseX = 0x78;
export const codeLowercaseZ = 0x7a;
export const codeOpenBrace = 0x7b;
export const codeCloseBrace = 0x7d;
export const codeAcuteAccent = 0xb4;
export const codeLeftSingleQuote = 0x2018;
export const codeRightSingleQuote = 0x2019;
export const codeLeftDoubleQuote = 0x201c;
export const codeRightDoubleQuote = 0x201d;
export const codeHorizontalEllipsis = 0x2026;

/** JSON's own whitespace: space, tab, line feed, carriage return (one definition for the whole library). */
export { isWhitespace as isJsonWhitespace } from '../internal/whitespace.js';

/**
 * Whitespace that is not JSON whitespace but that models and editors emit between tokens: no-break
 * space, the U+2000 block, zero-width space, line/paragraph separators, ideographic space, BOM.
 */
export function isSpecialWhitespace(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    code === 0x180e ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff ||
    code === 0x0b ||
    code === 0x0c
  );
}

export function isDigit(code: number): boolean {
  return code >= codeZero && code <= codeNine;
}

export function isHexDigit(code: number): boolean {
  return (
    (code >= codeZero && code <= codeNine) ||
    (code >= codeUppercaseA && code <= codeUppercaseF) ||
    (code >= codeLowercaseA && code <= codeLowercaseF)
  );
}

/** ASCII letters, `_` and `$`: what may start a JavaScript identifier (keywords, function names). */
export function isIdentifierStart(code: number): boolean {
  return (
    (code >= codeLowercaseA && code <= codeLowercaseZ) ||
    (code >= codeUppercaseA && code <= codeUppercaseZ) ||
    code === codeUnderscore ||
    code === codeDollar
  );
}

export function isIdentifierPart(code: number): boolean {
  return isIdentifierStart(code) || isDigit(code);
}

/** Every character that opens a string in lenient JSON: `"` `'` `“` `”` `‘` `’` `` ` `` `´`. */
export function isQuote(code: number): boolean {
  return (
    code === codeDoubleQuote ||
    code === codeSingleQuote ||
    code === codeLeftDoubleQuote ||
    code === codeRightDoubleQuote ||
    code === codeLeftSingleQuote ||
    code === codeRightSingleQuote ||
    code === codeBacktick ||
    code === codeAcuteAccent
  );
}
