/**
 * Finds the first of some words (stop strings, lazy-grammar triggers) in text that arrives in
 * pieces, holding back the tail that could still become one, so text given out never holds the
 * start of a word found later. One Knuth-Morris-Pratt matcher per word keeps its state across
 * pieces, so a whole generation is read once: linear in the text times the number of words.
 */
export class WordWatch {
  private readonly matchers: Matcher[];
  private held = '';

  /** The one character every word starts with, when they share it (`<` of `<|im_end|>`…), else ''. */
  private readonly lead: string;

  constructor(words: readonly string[]) {
    this.matchers = words.filter((word) => word !== '').map((word) => new Matcher(word));
    const leads = new Set(this.matchers.map((matcher) => matcher.word[0]));
    this.lead = leads.size === 1 ? (this.matchers[0]?.word[0] ?? '') : '';
  }

  /**
   * Reads `piece`. Returns the text that is safe to give out, and the first word that ends in it with
   * the text before that word (the watch is then spent: text after the word is dropped).
   */
  push(piece: string): { readonly text: string; readonly word?: string } {
    const text = this.held + piece;
    const start = this.held.length;
    for (let index = 0; index < piece.length; index++) {
      // While no word is part-matched, only the words' shared first character can start one: skip
      // to it with a native search (end-of-turn words watch every token of an answer).
      if (this.lead !== '' && this.idle()) {
        index = piece.indexOf(this.lead, index);
        if (index === -1) break;
      }
      const unit = piece.charCodeAt(index);
      for (const matcher of this.matchers) {
        if (!matcher.step(unit)) continue;
        this.held = '';
        const end = start + index + 1;
        return { text: text.slice(0, end - matcher.word.length), word: matcher.word };
      }
    }
    let keep = 0;
    for (const matcher of this.matchers) keep = Math.max(keep, matcher.matched);
    this.held = text.slice(text.length - keep);
    return { text: text.slice(0, text.length - keep) };
  }

  private idle(): boolean {
    for (const matcher of this.matchers) if (matcher.matched !== 0) return false;
    return true;
  }

  /** The held text, at the end of the generation. */
  flush(): string {
    const text = this.held;
    this.held = '';
    return text;
  }
}

/** A streaming KMP matcher of one word over UTF-16 code units. */
class Matcher {
  /** Code units of the word matched by the text's tail (a full match resets to 0). */
  matched = 0;
  private readonly fail: Int32Array;

  constructor(readonly word: string) {
    this.fail = new Int32Array(word.length);
    for (let i = 1, k = 0; i < word.length; i++) {
      while (k > 0 && word.charCodeAt(i) !== word.charCodeAt(k)) k = this.fail[k - 1] ?? 0;
      if (word.charCodeAt(i) === word.charCodeAt(k)) k++;
      this.fail[i] = k;
    }
  }

  /** Reads one code unit; `true` when the word ends at it. */
  step(unit: number): boolean {
    let k = this.matched;
    while (k > 0 && this.word.charCodeAt(k) !== unit) k = this.fail[k - 1] ?? 0;
    if (this.word.charCodeAt(k) === unit) k++;
    if (k === this.word.length) {
      this.matched = 0;
      return true;
    }
    this.matched = k;
    return false;
  }
}
