const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Murmur3's 32-bit finalizer: spreads every input bit over the whole word. */
function mix(hash: number): number {
  let value = hash;
  value = Math.imul(value ^ (value >>> 16), 0x85ebca6b);
  value = Math.imul(value ^ (value >>> 13), 0xc2b2ae35);
  return (value ^ (value >>> 16)) >>> 0;
}

/**
 * A deterministic hash of `text` (UTF-16 code units) and `salt`, as exactly `length` base62 characters
 * (`[0-9A-Za-z]`, zero-padded). Two FNV-1a passes with different offsets give 53 bits, which 9
 * characters hold whole (62^9 > 2^53); not cryptographic, only well spread, so callers still check for
 * collisions (and retry with another salt).
 */
export function hashBase62(text: string, length: number, salt = 0): string {
  let first = 0x811c9dc5 ^ salt;
  let second = 0x9e3779b9 ^ Math.imul(salt + 1, 0x27d4eb2d);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193);
    second = Math.imul(second ^ code, 0x01000193);
  }
  let value = mix(first) * 2 ** 21 + (mix(second) >>> 11);
  let encoded = '';
  for (let index = 0; index < length; index++) {
    encoded = alphabet[value % 62] + encoded;
    value = Math.floor(value / 62);
  }
  return encoded;
}
