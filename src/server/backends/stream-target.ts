import { ToolwireError } from '../../errors/index.js';
import type { BackendConfig } from './backend.js';
import type { StreamTarget } from './http-stream.js';

/** Default of `BackendConfig.timeoutMs`. */
export const defaultTimeoutMs = 120_000;

/**
 * The shared call settings of a backend config: the base URL (an `http:`/`https:` URL without
 * query or fragment; trailing `/` removed; `user:password@` moved into a Basic `Authorization`
 * header, since `fetch` refuses credentials in URLs), `Authorization: Bearer <apiKey>` when
 * `apiKey` is set (it wins over URL credentials), then `config.headers`, and the timeout.
 *
 * @throws ToolwireError `invalid_argument` for a URL that does not parse or has another scheme,
 * a query or a fragment, or a `timeoutMs` that is not a positive finite number.
 */
export function streamTarget(config: BackendConfig): StreamTarget {
  let url: URL;
  try {
    url = new URL(config.url ?? '');
  } catch {
    throw new ToolwireError('invalid_argument', 'backend url must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolwireError('invalid_argument', `backend url must use http or https, not ${url.protocol}`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ToolwireError('invalid_argument', 'backend url must not have a query or a fragment');
  }
  const timeoutMs = config.timeoutMs ?? defaultTimeoutMs;
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new ToolwireError(
      'invalid_argument',
      'backend timeoutMs must be a positive number of milliseconds',
    );
  }
  const secrets: string[] = [];
  // A Map, then own properties: a header named `__proto__` stays a header.
  const headers = new Map<string, string>();
  if (url.username !== '' || url.password !== '') {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    headers.set('authorization', `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`);
    // The password as written in the URL and as sent (a `%40` is an `@` on the wire and in a body).
    secrets.push(url.password, password, Buffer.from(`${user}:${password}`).toString('base64'));
    url.username = '';
    url.password = '';
  }
  if (config.apiKey !== undefined && config.apiKey !== '') {
    headers.set('authorization', `Bearer ${config.apiKey}`);
    secrets.push(config.apiKey);
  }
  for (const [name, value] of Object.entries(config.headers ?? {})) {
    // Checked here, once: `fetch` would refuse them on every request (a 502 each time).
    if (!headerName.test(name))
      throw new ToolwireError(
        'invalid_argument',
        `backend header name ${JSON.stringify(name)} is not a valid HTTP header name`,
      );
    if (typeof value !== 'string' || /[\r\n\0]/.test(value))
      throw new ToolwireError(
        'invalid_argument',
        `backend header ${JSON.stringify(name)} must be a string without line breaks or NUL`,
      );
    headers.set(name.toLowerCase(), value);
    // Short values (`1`, `json`) are not secrets, and redacting them would garble every excerpt.
    if (value.length >= minSecretLength) secrets.push(value);
  }
  return {
    baseUrl: withoutTrailingSlashes(url.href),
    headers: Object.fromEntries(headers),
    timeoutMs,
    secrets,
  };
}

/** An HTTP field name (RFC 9110 §5.1: a token). */
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Header values shorter than this are not redacted from error excerpts. */
const minSecretLength = 8;

function withoutTrailingSlashes(href: string): string {
  let end = href.length;
  while (end > 0 && href[end - 1] === '/') end--;
  return href.slice(0, end);
}
