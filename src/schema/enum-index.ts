import { caseForm, type EnumChoice, type EnumMatch, looseForm } from './coerce-text.js';

/**
 * Matches text against one fixed list of string enum choices, indexed once so that matching one text costs
 * time independent of the number of choices (issue 15: the scan per text was quadratic in the enum
 * size through `alignText`, 44 s for one value against 8,000 values). Answers are exactly those of the
 * plain scan it replaces (BAML `match_string.rs` order; the scan is the oracle of test/schema/enum-index.test.ts):
 *
 * 1. exact: the first choice whose first name is the text;
 * 2. case: the first choice with any name equal to the text;
 * 3. `caseForm` then `looseForm` of the text: the choices (in order) with a name of that form, one is
 *    a match, several are `ambiguous`;
 * 4. prose (text of at most 4,000 code units): per choice, how often its names occur in the text as
 *    whole words (case-sensitive first), each name's occurrences counted left to right without
 *    overlap; the most occurrences wins, a tie is `ambiguous`.
 *
 * Levels 2-4 build their maps on first use. The prose level looks up every substring of the text
 * whose length is the length of some name: O(text length × sum of distinct name lengths), however
 * many choices there are.
 */
export class EnumIndex<T> {
  private firstNames: Map<string, number> | undefined;
  private anyNames: Map<string, number> | undefined;
  private readonly forms = new Map<(text: string) => string, Map<string, number[]>>();
  private readonly prose: Array<ProseIndex | undefined> = [undefined, undefined];

  constructor(readonly choices: readonly EnumChoice<T>[]) {}

  match(text: string): EnumMatch<T> {
    const choices = this.choices;
    const exact = this.exactNames().get(text);
    if (exact !== undefined) return { kind: 'exact', result: (choices[exact] as EnumChoice<T>).result };
    const named = this.allNames().get(text);
    if (named !== undefined) return { kind: 'case', result: (choices[named] as EnumChoice<T>).result };
    const levels: Array<['case' | 'punctuation', (value: string) => string]> = [
      ['case', caseForm],
      ['punctuation', looseForm],
    ];
    for (const [kind, form] of levels) {
      const wanted = form(text);
      if (wanted === '') continue;
      const hits = this.formIndex(form).get(wanted);
      if (hits === undefined) continue;
      if (hits.length === 1) return { kind, result: (choices[hits[0] as number] as EnumChoice<T>).result };
      return { kind: 'ambiguous', candidates: hits.map((hit) => (choices[hit] as EnumChoice<T>).result) };
    }
    if (text.length > 4000) return undefined;
    for (const caseSensitive of [true, false]) {
      const counts = this.proseIndex(caseSensitive).count(caseSensitive ? text : text.toLowerCase());
      let best = 0;
      for (const count of counts.values()) if (count > best) best = count;
      if (best === 0) continue;
      const winners = [...counts]
        .filter(([, count]) => count === best)
        .map(([index]) => index)
        .sort((a, b) => a - b);
      if (winners.length === 1)
        return { kind: 'prose', result: (choices[winners[0] as number] as EnumChoice<T>).result };
      return {
        kind: 'ambiguous',
        candidates: winners.map((index) => (choices[index] as EnumChoice<T>).result),
      };
    }
    return undefined;
  }

  private exactNames(): Map<string, number> {
    if (this.firstNames === undefined) {
      const map = new Map<string, number>();
      this.choices.forEach((choice, index) => {
        const name = choice.names[0];
        if (name !== undefined && !map.has(name)) map.set(name, index);
      });
      this.firstNames = map;
    }
    return this.firstNames;
  }

  private allNames(): Map<string, number> {
    if (this.anyNames === undefined) {
      const map = new Map<string, number>();
      this.choices.forEach((choice, index) => {
        for (const name of choice.names) if (!map.has(name)) map.set(name, index);
      });
      this.anyNames = map;
    }
    return this.anyNames;
  }

  /** form → indices (ascending, each once) of the choices with a name of that form. */
  private formIndex(form: (text: string) => string): Map<string, number[]> {
    let map = this.forms.get(form);
    if (map === undefined) {
      map = new Map();
      this.choices.forEach((choice, index) => {
        for (const name of choice.names) {
          const key = form(name);
          const list = (map as Map<string, number[]>).get(key);
          if (list === undefined) (map as Map<string, number[]>).set(key, [index]);
          else if (list[list.length - 1] !== index) list.push(index);
        }
      });
      this.forms.set(form, map);
    }
    return map;
  }

  private proseIndex(caseSensitive: boolean): ProseIndex {
    const slot = caseSensitive ? 0 : 1;
    let index = this.prose[slot];
    if (index === undefined) {
      index = new ProseIndex(
        this.choices.map((choice) => choice.names.map((name) => (caseSensitive ? name : name.toLowerCase()))),
      );
      this.prose[slot] = index;
    }
    return index;
  }
}

/** The names of every choice by length, to count whole-word occurrences in a text. */
class ProseIndex {
  /** length → needle → needle number. */
  private readonly byLength = new Map<number, Map<string, number>>();
  private readonly lengths: number[];
  /** needle number → the choices it names, once per name (a choice naming it twice counts twice). */
  private readonly owners: number[][] = [];
  private readonly needleLengths: number[] = [];

  constructor(names: ReadonlyArray<readonly string[]>) {
    names.forEach((list, choice) => {
      for (const needle of list) {
        if (needle === '') continue;
        let bucket = this.byLength.get(needle.length);
        if (bucket === undefined) {
          bucket = new Map();
          this.byLength.set(needle.length, bucket);
        }
        let id = bucket.get(needle);
        if (id === undefined) {
          id = this.owners.length;
          bucket.set(needle, id);
          this.owners.push([]);
          this.needleLengths.push(needle.length);
        }
        (this.owners[id] as number[]).push(choice);
      }
    });
    this.lengths = [...this.byLength.keys()];
  }

  /** choice → whole-word occurrences of its names in `haystack` (choices with none are absent). */
  count(haystack: string): Map<number, number> {
    const positions = new Map<number, number[]>();
    for (const length of this.lengths) {
      if (length > haystack.length) continue;
      const bucket = this.byLength.get(length) as Map<string, number>;
      for (let start = 0; start + length <= haystack.length; start++) {
        const id = bucket.get(haystack.slice(start, start + length));
        if (id === undefined) continue;
        const list = positions.get(id);
        if (list === undefined) positions.set(id, [start]);
        else list.push(start);
      }
    }
    const counts = new Map<number, number>();
    for (const [id, starts] of positions) {
      const length = this.needleLengths[id] as number;
      // Left to right without overlap (as repeated indexOf from past each occurrence finds them); only
      // occurrences between non-word characters count.
      let next = 0;
      let occurrences = 0;
      for (const start of starts) {
        if (start < next) continue;
        next = start + length;
        if (!isWordChar(haystack[start - 1]) && !isWordChar(haystack[start + length])) occurrences++;
      }
      if (occurrences === 0) continue;
      for (const owner of this.owners[id] as number[])
        counts.set(owner, (counts.get(owner) ?? 0) + occurrences);
    }
    return counts;
  }
}

const wordChar = /[\p{L}\p{N}_]/u;

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && wordChar.test(char);
}

const indexes = new WeakMap<readonly EnumChoice<unknown>[], EnumIndex<unknown>>();

/** The `EnumIndex` of `choices`, built once per choices array (keep the array to reuse it). */
export function enumIndexFor<T>(choices: readonly EnumChoice<T>[]): EnumIndex<T> {
  let index = indexes.get(choices) as EnumIndex<T> | undefined;
  if (index === undefined) {
    index = new EnumIndex(choices);
    indexes.set(choices, index as EnumIndex<unknown>);
  }
  return index;
}
