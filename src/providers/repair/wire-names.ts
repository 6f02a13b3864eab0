import { hashBase62 } from './hash-base62.js';

/** What one target allows for an id or a tool name, and how to make a string fit. */
export interface WireRule {
  /** Whether the target accepts `text` as it is. */
  readonly accepts: (text: string) => boolean;
  /** `text` with every disallowed character replaced (may still be too long). */
  readonly sanitize: (text: string) => string;
  /** Longest allowed length, in characters. */
  readonly maxLength: number;
  /** Exactly this many hash characters instead of a sanitized form (Mistral's 9-character ids). */
  readonly hashOnly?: number;
}

const hashLength = 8;

/**
 * One collision-free, deterministic mapping of strings (ids or tool names) to what a target accepts.
 * Strings the target accepts are `reserve`d first and map to themselves; every other string `claim`s a
 * sanitized form, shortened with a `_` + 8-character hash suffix when too long, and hashed again (salted)
 * while that form is taken. The same strings in the same order always give the same answers, and no two
 * strings get one answer.
 */
export class WireNames {
  private readonly taken = new Set<string>();
  private readonly assigned = new Map<string, string>();

  constructor(private readonly rule: WireRule) {}

  /** Keeps `text` as it is when the target accepts it; returns whether it did. */
  reserve(text: string): boolean {
    if (this.assigned.has(text)) return true;
    if (!this.rule.accepts(text) || this.taken.has(text)) return false;
    this.taken.add(text);
    this.assigned.set(text, text);
    return true;
  }

  /** The wire form of `text` (reserved or newly assigned). */
  claim(text: string): string {
    const known = this.assigned.get(text);
    if (known !== undefined) return known;
    const { hashOnly, maxLength } = this.rule;
    const base = hashOnly === undefined ? this.rule.sanitize(text) : '';
    let wire = hashOnly === undefined ? base : hashBase62(text, hashOnly);
    const head = cutBefore(base, maxLength - hashLength - 1);
    if (wire.length > maxLength) wire = `${head}_${hashBase62(text, hashLength)}`;
    for (let salt = 1; this.taken.has(wire) || !this.rule.accepts(wire); salt++) {
      wire =
        hashOnly === undefined
          ? `${head}_${hashBase62(text, hashLength, salt)}`
          : hashBase62(text, hashOnly, salt);
    }
    this.taken.add(wire);
    this.assigned.set(text, wire);
    return wire;
  }
}

/** The first `length` code units of `text`, one fewer when that would cut a surrogate pair in two. */
function cutBefore(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  const cutsPair = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(length) & 0xfc00) === 0xdc00;
  return text.slice(0, cutsPair ? length - 1 : length);
}
