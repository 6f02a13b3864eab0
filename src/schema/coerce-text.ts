/**
 * How a number was read from text: `plain` (a JSON or `1_000` spelling), `separated` (thousands
 * separators or a currency sign: `"1,000"`, `"$1,234.56"`), `derived` (a fraction `"1/5"`, a percent
 * `"50%"`, or the single number inside prose `"about 12 items"`).
 */
export type NumberTextKind = 'plain' | 'separated' | 'derived';

const PLAIN = /^[+-]?(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const SEPARATED = /^[+-]?[$€£¥]?\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^[+-]?[$€£¥]\s?\d+(?:\.\d+)?$/;
const FRACTION = /^([+-]?\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/;
const PERCENT = /^([+-]?\d+(?:\.\d+)?)\s*%$/;
const IN_PROSE = /[+-]?\d[\d,]*(?:\.\d+)?/g;

/**
 * Reads a finite number from text (coercion.md Table B rows 1, 4, 6-9): trims whitespace and one
 * trailing period (`"12.11."`), accepts JSON spellings and `_` digit separators between digits
 * (vLLM: `1_000`, not `_1` or `1__0`), US thousands separators and a leading currency sign (BAML),
 * fractions and percents, and the single number in a short prose text. `NaN`, `Infinity`, hex and
 * European decimals give `undefined`: a non-number is never turned into 0 (coercion.md pitfalls).
 */
export function parseNumberText(input: string): { value: number; kind: NumberTextKind } | undefined {
  let text = input.trim();
  if (text.endsWith('.') && /\d\.$/.test(text) && text.indexOf('.') !== text.length - 1)
    text = text.slice(0, -1);
  if (text === '') return undefined;
  if (PLAIN.test(text) && !text.includes('__') && !/_(?:\D|$)|(?:^|\D)_/.test(text)) {
    return finite(Number(text.replace(/_/g, '')), 'plain');
  }
  if (SEPARATED.test(text)) return finite(Number(text.replace(/[,$€£¥\s]/g, '')), 'separated');
  const fraction = FRACTION.exec(text);
  if (fraction) {
    const denominator = Number(fraction[2]);
    if (denominator === 0) return undefined;
    return finite(Number(fraction[1]) / denominator, 'derived');
  }
  const percent = PERCENT.exec(text);
  if (percent) return finite(Number(percent[1]), 'derived');
  // prose only: text holding JSON structure is not prose with one number in it
  if (text.length > 200 || /[{}[\]]/.test(text)) return undefined;
  const found = text.match(IN_PROSE);
  if (found && found.length === 1) {
    const token = (found[0] as string).replace(/,$/, '');
    const value = Number(token.replace(/,/g, ''));
    if (/^[+-]?\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^[+-]?\d+(?:\.\d+)?$/.test(token))
      return finite(value, 'derived');
  }
  return undefined;
}

function finite(value: number, kind: NumberTextKind): { value: number; kind: NumberTextKind } | undefined {
  return Number.isFinite(value) ? { value, kind } : undefined;
}

/**
 * Rounds half away from zero (BAML uses Rust `round()`: 2.5 → 3, -7.5 → -8), coercion.md Table B row 2.
 */
export function roundHalfAwayFromZero(value: number): number {
  const rounded = Math.round(Math.abs(value));
  return value < 0 ? -rounded : rounded;
}

/**
 * Reads a boolean from text: `exact` for `true` / `false` in any case (trimmed, also inside quotes or
 * `**bold**`), `prose` when exactly one of the words occurs in a longer text (BAML; `"true or false"`
 * is `ambiguous`). `yes` / `no` are not booleans (coercion.md Table B rows 11-13).
 */
export function parseBooleanText(
  input: string,
): { value: boolean; kind: 'exact' | 'prose' } | 'ambiguous' | undefined {
  const text = input
    .trim()
    .replace(/^[*_"'`]+|[*_"'`.!]+$/g, '')
    .toLowerCase();
  if (text === 'true') return { value: true, kind: 'exact' };
  if (text === 'false') return { value: false, kind: 'exact' };
  if (input.length > 2000) return undefined;
  const words = input.toLowerCase().match(/\b(?:true|false)\b/g);
  if (!words) return undefined;
  const hasTrue = words.includes('true');
  const hasFalse = words.includes('false');
  if (hasTrue && hasFalse) return 'ambiguous';
  return { value: hasTrue, kind: 'prose' };
}

/** Removes combining accents: `étude` → `etude` (bex_sap `remove_accents`, Table B row 19). */
export function removeAccents(text: string): string {
  // ASCII has nothing to decompose: skips the normalisation, the cost of indexing a large enum.
  if (ASCII.test(text)) return text;
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

const ASCII = /^[\x00-\x7f]*$/;

/** Lowercase, accents removed, every non-letter/digit removed: the loosest enum / key comparison form. */
export function looseForm(text: string): string {
  return removeAccents(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Lowercase, accents removed, surrounding whitespace, quotes, asterisks and a trailing period removed
 * (`'"Red."'` → `red`).
 */
export function caseForm(text: string): string {
  return removeAccents(text)
    .trim()
    .replace(/^[\s"'`*_“”‘’]+|[\s"'`*_“”‘’.!?]+$/g, '')
    .toLowerCase();
}

/** One string candidate of an enum with the spellings that may name it (the value, aliases, description). */
export interface EnumChoice<T> {
  readonly result: T;
  readonly names: readonly string[];
}

/** Outcome of matching text against string enum choices (`EnumIndex.match`). */
export type EnumMatch<T> =
  | { readonly kind: 'exact' | 'case' | 'punctuation' | 'prose'; readonly result: T }
  | { readonly kind: 'ambiguous'; readonly candidates: readonly T[] }
  | undefined;
