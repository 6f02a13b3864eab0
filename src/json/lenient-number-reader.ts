import {
  codeAsterisk,
  codeColon,
  codeDollar,
  codeDot,
  codeLowercaseE,
  codeLowercaseX,
  codeMinus,
  codePlus,
  codeSlash,
  codeUnderscore,
  codeUppercaseE,
  codeUppercaseX,
  codeZero,
  isDigit,
  isHexDigit,
  isIdentifierPart,
} from './character-codes.js';

import { LenientWordReader } from './lenient-word-reader.js';

const powersOfTen = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * The lenient JSON engine's numbers (a layer of the engine, see lenient-json-cursor.ts): JSON numbers
 * read without a slice when short, hexadecimal numbers, leading zeros, and numbers cut off or
 * malformed (`.5`, `2.`, `1e`), completed the way they were obviously meant; a number that runs into
 * text (`2024-10-18`) is unquoted text.
 */
export abstract class LenientNumberReader extends LenientWordReader {
  protected parseNumber(): unknown {
    const text = this.text;
    const length = this.length;
    const start = this.position;
    let position = start;
    let negative = false;
    if (text.charCodeAt(position) === codeMinus) {
      negative = true;
      position++;
      if (
        text.startsWith('Infinity', position) &&
        (position + 8 >= length || !isIdentifierPart(text.charCodeAt(position + 8)))
      ) {
        this.repair('infinity', start);
        this.position = position + 8;
        return null;
      }
    }
    const integerStart = position;
    if (
      position + 2 < length &&
      text.charCodeAt(position) === codeZero &&
      (text.charCodeAt(position + 1) === codeLowercaseX ||
        text.charCodeAt(position + 1) === codeUppercaseX) &&
      isHexDigit(text.charCodeAt(position + 2))
    ) {
      return this.parseHexNumber(start, position + 2, negative);
    }
    // The digits are also accumulated, so that short numbers need no slice and no string conversion.
    let mantissa = 0;
    while (position < length) {
      const code = text.charCodeAt(position);
      if (code < codeZero || code > 0x39) break;
      mantissa = mantissa * 10 + (code - codeZero);
      position++;
    }
    const integerEnd = position;
    let fractionStart = -1;
    let fractionEnd = -1;
    if (position < length && text.charCodeAt(position) === codeDot) {
      position++;
      fractionStart = position;
      while (position < length) {
        const code = text.charCodeAt(position);
        if (code < codeZero || code > 0x39) break;
        mantissa = mantissa * 10 + (code - codeZero);
        position++;
      }
      fractionEnd = position;
    }
    let exponentStart = -1;
    let exponentDigitsStart = -1;
    let exponentEnd = -1;
    const exponentCode = position < length ? text.charCodeAt(position) : -1;
    const hasDigits = integerEnd > integerStart || fractionEnd > fractionStart;
    // `-e5` has no mantissa: it is a word, not a number.
    if (hasDigits && (exponentCode === codeLowercaseE || exponentCode === codeUppercaseE)) {
      exponentStart = position;
      position++;
      const signCode = position < length ? text.charCodeAt(position) : -1;
      if (signCode === codePlus || signCode === codeMinus) position++;
      exponentDigitsStart = position;
      while (position < length && isDigit(text.charCodeAt(position))) position++;
      exponentEnd = position;
    }
    if (position < length && isNumberContinuation(text, position)) {
      // `0.0.1`, `2024-10-18`, `746de9ad-…`, `12:30`: not a number but text.
      return this.parseUnquotedString(start);
    }
    this.position = position;
    const integerDigits = integerEnd - integerStart;
    if (integerDigits > 1 && text.charCodeAt(integerStart) === codeZero) {
      // `007`: JSON forbids it; keeping the text loses nothing (a zip code, an id).
      this.repair('leading_zero', start);
      return text.slice(start, position);
    }
    const fractionMissing = fractionStart >= 0 && fractionEnd === fractionStart;
    const exponentMissing = exponentStart >= 0 && exponentEnd === exponentDigitsStart;
    if (integerDigits > 0 && !fractionMissing && !exponentMissing) {
      const fractionDigits = fractionStart >= 0 ? fractionEnd - fractionStart : 0;
      if (exponentStart < 0 && integerDigits + fractionDigits <= 15) {
        // Exact: a mantissa below 2^53 divided by an exact power of ten rounds correctly once, so
        // this equals what JSON.parse gives.
        const magnitude =
          fractionDigits === 0 ? mantissa : mantissa / (powersOfTen[fractionDigits] as number);
        return negative ? -magnitude : magnitude;
      }
      return Number(text.slice(start, position));
    }
    // `.5`, `2.`, `1e`, `1e+`, `-`: complete the number the way it was obviously meant.
    if (position >= length) this.repair('truncated', position);
    else this.repair('invalid_number', start);
    let repaired = negative ? '-' : '';
    repaired += integerDigits > 0 ? text.slice(integerStart, integerEnd) : '0';
    if (fractionStart >= 0 && !fractionMissing) repaired += `.${text.slice(fractionStart, fractionEnd)}`;
    if (exponentStart >= 0 && !exponentMissing) repaired += `e${text.slice(exponentStart + 1, exponentEnd)}`;
    return Number(repaired);
  }

  private parseHexNumber(start: number, digitsStart: number, negative: boolean): unknown {
    const text = this.text;
    let position = digitsStart;
    while (position < this.length && isHexDigit(text.charCodeAt(position))) position++;
    if (position < this.length && isNumberContinuation(text, position))
      return this.parseUnquotedString(start);
    this.repair('hex_number', start);
    this.position = position;
    const magnitude = Number.parseInt(text.slice(digitsStart, position), 16);
    return negative ? -magnitude : magnitude;
  }
}

/** After a number: characters that mean the token is text, not a number. */
function isNumberContinuation(text: string, position: number): boolean {
  const code = text.charCodeAt(position);
  if (isIdentifierPart(code)) return true;
  switch (code) {
    case codeDot:
    case codeMinus:
    case codePlus:
    case codeColon:
    case codeUnderscore:
    case codeDollar:
      return true;
    case codeSlash: {
      const next = position + 1 < text.length ? text.charCodeAt(position + 1) : -1;
      return next !== codeSlash && next !== codeAsterisk;
    }
    default:
      return false;
  }
}
