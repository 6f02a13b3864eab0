import { caseForm, type EnumChoice, type EnumMatch, looseForm } from '../../src/schema/coerce-text.js';

// The plain scan that `EnumIndex` replaced, kept here as the oracle of its property test: every choice
// looked at for every text, nothing indexed.

/**
 * Matches text against string enum choices in BAML's order (`match_string.rs`, coercion.md Table B
 * rows 15-19): exact, then ignoring case / accents / surrounding quotes and punctuation, then ignoring
 * all punctuation and spaces, then names occurring inside prose (whole words, case-sensitive first,
 * most occurrences wins). More than one choice at the first level that matches is `ambiguous`.
 */
export function matchEnumText<T>(text: string, choices: readonly EnumChoice<T>[]): EnumMatch<T> {
  for (const choice of choices) if (choice.names[0] === text) return { kind: 'exact', result: choice.result };
  for (const choice of choices) {
    for (const name of choice.names) if (name === text) return { kind: 'case', result: choice.result };
  }
  const levels: Array<['case' | 'punctuation', (value: string) => string]> = [
    ['case', caseForm],
    ['punctuation', looseForm],
  ];
  for (const [kind, form] of levels) {
    const wanted = form(text);
    if (wanted === '') continue;
    const hits = choices.filter((choice) => choice.names.some((name) => form(name) === wanted));
    if (hits.length === 1) return { kind, result: (hits[0] as EnumChoice<T>).result };
    if (hits.length > 1) {
      // a unique exact-case hit breaks the tie at this level
      return { kind: 'ambiguous', candidates: hits.map((hit) => hit.result) };
    }
  }
  if (text.length > 4000) return undefined;
  for (const caseSensitive of [true, false]) {
    const counts = choices.map((choice) => countOccurrences(text, choice.names, caseSensitive));
    const best = Math.max(0, ...counts);
    if (best === 0) continue;
    const winners = choices.filter((_, index) => counts[index] === best);
    if (winners.length === 1) return { kind: 'prose', result: (winners[0] as EnumChoice<T>).result };
    return { kind: 'ambiguous', candidates: winners.map((winner) => winner.result) };
  }
  return undefined;
}

function countOccurrences(text: string, names: readonly string[], caseSensitive: boolean): number {
  let count = 0;
  const haystack = caseSensitive ? text : text.toLowerCase();
  for (const name of names) {
    if (name === '') continue;
    const needle = caseSensitive ? name : name.toLowerCase();
    let index = haystack.indexOf(needle);
    while (index >= 0) {
      const before = haystack[index - 1];
      const after = haystack[index + needle.length];
      if (!isWordChar(before) && !isWordChar(after)) count++;
      index = haystack.indexOf(needle, index + needle.length);
    }
  }
  return count;
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}_]/u.test(char);
}
