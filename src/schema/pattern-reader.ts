/** A construct of a JSON Schema `pattern` that a reader of it cannot express; `message` says which. */
export class UnsupportedPattern extends Error {}

/**
 * Reads a JSON Schema `pattern` with `read`, after checking that it is a valid `u`-mode ECMAScript
 * regular expression (only compiled, never run): `{ ok: false, reason }` when it is not, or when
 * `read` throws `UnsupportedPattern`. Shared by the schema pattern compiler and the pattern grammar.
 */
export function readPattern<T>(
  source: string,
  read: () => T,
): { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string } {
  try {
    new RegExp(source, 'u');
  } catch {
    return { ok: false, reason: 'not a valid ECMAScript regular expression (u flag)' };
  }
  try {
    return { ok: true, value: read() };
  } catch (error) {
    if (error instanceof UnsupportedPattern) return { ok: false, reason: error.message };
    throw error;
  }
}

/** A cursor over a pattern's source, one code point at a time (offsets are UTF-16 code units). */
export class PatternCursor {
  protected index = 0;

  constructor(protected readonly source: string) {}

  protected next(): string {
    const code = this.source.codePointAt(this.index);
    if (code === undefined) throw new UnsupportedPattern('unexpected end of pattern');
    const character = String.fromCodePoint(code);
    this.index += character.length;
    return character;
  }

  protected eat(character: string): boolean {
    if (this.source[this.index] !== character) return false;
    this.index++;
    return true;
  }

  protected hex(width: number): number {
    const text = this.source.slice(this.index, this.index + width);
    this.index += width;
    return Number.parseInt(text, 16);
  }
}
