const encoder = new TextEncoder();

/**
 * Whether `presented` equals `expected`, in time that does not depend on where they differ: both are
 * hashed (SHA-256, Web Crypto) and the digests compared byte by byte without an early exit, so neither
 * the key's length nor its prefix leaks through timing.
 */
export async function keysEqual(presented: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(presented)),
    crypto.subtle.digest('SHA-256', encoder.encode(expected)),
  ]);
  const left = new Uint8Array(a);
  const right = new Uint8Array(b);
  let difference = 0;
  for (let index = 0; index < left.length; index++) difference |= (left[index] ?? 0) ^ (right[index] ?? 0);
  return difference === 0;
}

/**
 * The key a request presents: `Authorization: Bearer KEY` (OpenAI clients) or `x-api-key: KEY`
 * (Anthropic clients); `undefined` when it presents none.
 */
export function presentedKey(headers: Headers): string | undefined {
  const authorization = headers.get('authorization');
  if (authorization !== null) {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
    if (match) return match[1];
  }
  return headers.get('x-api-key') ?? undefined;
}
