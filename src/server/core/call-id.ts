const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters in a call id. */
const idLength = 24;
/**
 * Random bytes drawn at once, for 64 ids: one `getRandomValues` call costs about 5 µs on Node 20
 * whatever its size up to a few kB, more than a streamed token's whole work.
 */
const pool = new Uint8Array(idLength * 64);
let used = pool.length;

/**
 * A fresh call id (`call_` + 24 random letters and digits, from `crypto.getRandomValues`): unique
 * across a conversation, where the parser's per-turn ids (`call_0`, ...) would repeat from one turn
 * to the next.
 */
export function newCallId(prefix = 'call_'): string {
  if (used === pool.length) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  let id = prefix;
  for (let i = used; i < used + idLength; i++) id += alphabet[(pool[i] as number) % alphabet.length];
  used += idLength;
  return id;
}
