/**
 * A character of a bare JSON token as a lenient reader takes it: a number or a literal (`-1.5e3`,
 * `true`, `null`), letters of either case included so that a misspelt literal reads as one token.
 */
export function isJsonTokenCharacter(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    code === 0x2b ||
    code === 0x2d ||
    code === 0x2e
  );
}
