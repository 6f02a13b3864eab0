const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A fresh call id (`call_` + 24 random letters and digits): unique across a conversation, where the
 * parser's per-turn ids (`call_0`, ...) would repeat from one turn to the next.
 */
export function newCallId(prefix = 'call_'): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let id = prefix;
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}
