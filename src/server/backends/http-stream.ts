import { clipText } from '../http/clip-text.js';
import { BackendError } from './backend.js';

/** Where and how one backend is called: the parts every backend kind shares. */
export interface StreamTarget {
  /** Base URL without credentials (they were moved to `headers`). */
  readonly baseUrl: string;
  /** Headers sent with every request (auth, `config.headers`). */
  readonly headers: Readonly<Record<string, string>>;
  /** Milliseconds to wait for the response headers and for each next body chunk. */
  readonly timeoutMs: number;
  /** Strings never repeated in an error message (the API key, URL credentials). */
  readonly secrets: readonly string[];
}

/** Longest excerpt of a backend's error body quoted in a `backend_status` message. */
const excerptLength = 300;
/** Bytes of an error body read for the excerpt; the rest is not waited for. */
const errorBodyBytes = 4096;

/**
 * POSTs `body` as JSON to `target.baseUrl + path` and yields the response body as text, decoded
 * as UTF-8 across chunk boundaries: each network read's text, in one or more slices (see
 * `Utf8Pieces`; joined, they are the read's text, never empty).
 *
 * Aborting `signal` cancels the request and ends the iterator quietly (no error); the caller tells
 * a finished stream from an aborted one by `signal.aborted`. Breaking out of the loop cancels the
 * request too, so the connection is closed either way.
 *
 * @throws BackendError `backend_unreachable` when no response arrives (refused, DNS, reset before
 * the headers); `backend_status` for a non-2xx answer (with up to 300 characters of its body) and
 * for a redirect (never followed);
 * `backend_timeout` when the headers or a next chunk take longer than `target.timeoutMs`;
 * `backend_protocol` when the connection breaks mid-body.
 */
export async function* postStream(
  target: StreamTarget,
  path: string,
  body: unknown,
  signal: AbortSignal,
): AsyncGenerator<readonly string[], void, undefined> {
  if (signal.aborted) return;
  const url = target.baseUrl + path;
  const controller = new AbortController();
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  // The body's pending read is cancelled too: aborting the fetch alone left it waiting at times (a
  // stalled backend, a loaded process), and with it the turn and its client's stream.
  const onAbort = (): void => {
    controller.abort();
    reader?.cancel().catch(() => {});
  };
  signal.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // One timer covers the wait for the headers and every gap between chunks (a stall).
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, target.timeoutMs);
  };
  const timeoutError = (): BackendError =>
    new BackendError('backend_timeout', `backend ${url} sent nothing for ${target.timeoutMs} ms`);
  try {
    arm();
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: '*/*', ...target.headers },
        body: JSON.stringify(body),
        signal: controller.signal,
        // Redirects are not followed: the backend's address is the config's, and no other (a
        // redirect would send the prompt where the config never said). With `error`, `fetch` also
        // skips copying the request body for a possible redirect (a stream tee: about a third of
        // what the gateway adds to each request's CPU time).
        redirect: 'error',
      });
    } catch (error) {
      if (timedOut) throw timeoutError();
      if (signal.aborted) return;
      if (causeOf(error) === 'unexpected redirect') {
        throw new BackendError(
          'backend_status',
          `backend ${url} answered with a redirect, which is not followed: set the backend url to where it points`,
        );
      }
      throw new BackendError(
        'backend_unreachable',
        `backend ${url} could not be reached (${causeOf(error)})`,
      );
    }
    reader = response.body?.getReader();
    if (!response.ok) {
      const text = reader === undefined ? '' : await readPrefix(reader, arm).catch(() => '');
      if (timedOut) throw timeoutError();
      if (signal.aborted) return;
      const excerpt = excerptOf(text, target.secrets);
      if (response.status >= 400 && response.status < 500 && contextOverflow.test(excerpt)) {
        // Not the gateway's failure but the conversation's length: a 400 the client can act on
        // (shorten, compact), where a 502 would be retried as it is.
        throw new BackendError(
          'context_length_exceeded',
          `prompt is too long for the model's context; the backend answered ${response.status}: ${excerpt}`,
          response.status,
        );
      }
      throw new BackendError(
        'backend_status',
        `backend ${url} answered ${response.status}${excerpt === '' ? '' : `: ${excerpt}`}`,
        response.status,
      );
    }
    if (reader === undefined) return;
    const decoder = new Utf8Pieces();
    for (;;) {
      arm();
      let result: Awaited<ReturnType<typeof reader.read>>;
      try {
        result = await reader.read();
      } catch (error) {
        if (timedOut) throw timeoutError();
        if (signal.aborted) return;
        throw new BackendError(
          'backend_protocol',
          `backend ${url} closed the connection mid-stream (${causeOf(error)})`,
        );
      }
      if (result.done) break;
      const text = decoder.decode(result.value);
      if (text.length > 0) yield text;
      if (signal.aborted) return;
    }
    const rest = decoder.end();
    if (rest !== '') yield [rest];
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    // Closes the connection when the consumer stopped early; a no-op once the body was read. With
    // a reason made once: the default one is a new DOMException with its stack, each request.
    controller.abort(stoppedReading);
  }
}

/** Why the request of a stream the consumer stopped reading is aborted. */
const stoppedReading = new Error('the stream was read to its end or the reader stopped');

/**
 * UTF-8 text of a byte stream, piece by piece, as one `TextDecoder` with `stream: true` gives it (a
 * character split across pieces comes whole with the second; a byte order mark is dropped only at the
 * stream's start), each piece's text in slices. A piece that starts and ends on character boundaries
 * (after a piece that ended on one, ending in an ASCII byte: every SSE read that ends at a line end)
 * is decoded as a whole, which costs about a third less than a streaming decode.
 */
class Utf8Pieces {
  private readonly streaming = new TextDecoder('utf-8');
  private readonly whole = new TextDecoder('utf-8', { ignoreBOM: true });
  /** Whether `streaming` may hold the first bytes of a character (or has not seen the start yet). */
  private open = true;

  /** The text of `bytes`, in slices, none of them empty. */
  decode(bytes: Uint8Array): string[] {
    if (bytes.length === 0) return [];
    const last = bytes[bytes.length - 1] as number;
    if (!this.open && last < 0x80) return this.decodeWhole(bytes);
    this.open = last >= 0x80;
    const text = this.streaming.decode(bytes, { stream: true });
    return text === '' ? [] : [text];
  }

  /**
   * `bytes` (whole characters) decoded in slices of about 2 KB cut after line ends. Node 20 and 22's
   * `TextDecoder` decodes a read that holds a single non-ASCII byte about 25 times slower than an
   * all-ASCII one (37 against 1.4 µs for 13 KB of token events on Node 20), so one `é` in a read
   * would cost the whole read that; in slices only its own slice pays. A line end is a character
   * boundary, and an incomplete sequence before it decodes to U+FFFD either way, so the text is the
   * same as one decode's. The slices are returned as they are, not joined: a reader of lines reads
   * them one after the other, and joining them would copy the read's text once more.
   */
  private decodeWhole(bytes: Uint8Array): string[] {
    if (bytes.length <= wholeSlice * 2) return [this.whole.decode(bytes)];
    const slices: string[] = [];
    let start = 0;
    while (bytes.length - start > wholeSlice * 2) {
      const lineEnd = bytes.indexOf(0x0a, start + wholeSlice);
      if (lineEnd === -1) break;
      slices.push(this.whole.decode(bytes.subarray(start, lineEnd + 1)));
      start = lineEnd + 1;
    }
    if (start < bytes.length) slices.push(this.whole.decode(bytes.subarray(start)));
    return slices;
  }

  end(): string {
    return this.streaming.decode();
  }
}

/** Bytes a decode slice takes at least before it is cut at the next line end (see `decodeWhole`). */
const wholeSlice = 2048;

/** Up to `errorBodyBytes` of an error body, decoded; the rest is cancelled. */
async function readPrefix(reader: ReadableStreamDefaultReader<Uint8Array>, arm: () => void): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let bytes = 0;
  while (bytes < errorBodyBytes) {
    arm();
    const result = await reader.read();
    if (result.done) break;
    bytes += result.value.byteLength;
    text += decoder.decode(result.value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text + decoder.decode();
}

/**
 * How model servers word a prompt longer than the context: vLLM ("This model's maximum context length
 * is 4096 tokens", "longer than the maximum model length"), llama.cpp ("exceeds the available context
 * size", "Input prompt is too big compared to KV size"), SGLang ("longer than the model's context length"), TGI ("`inputs` tokens + `max_new_tokens`
 * must be <= 4096"), LM Studio ("the model is loaded with context length of only"). Read on the
 * 300-character excerpt only; no nested repetition.
 */
const contextOverflow =
  /maximum context length|model's context length|context length of only|available context size|exceeds? (?:the )?context|context window|maximum model length|max_model_len|tokens \+ `?max_new_tokens`? must be|too big compared to KV size/i;

/** Whether a backend's error text says the prompt is longer than the context (see `contextOverflow`). */
export function isContextOverflow(text: string): boolean {
  return contextOverflow.test(text);
}

/** An error text on one line, each secret replaced by `***`, cut to 300 characters. */
export function excerptOf(text: string, secrets: readonly string[]): string {
  // Redacted before and after the whitespace is collapsed: a secret holding a run of spaces or a
  // line break would no longer match the collapsed text.
  let line = redact(text, secrets).replace(/\s+/g, ' ').trim();
  line = redact(
    line,
    secrets.map((secret) => secret.replace(/\s+/g, ' ').trim()),
  );
  return clipText(line, excerptLength);
}

function redact(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of secrets) {
    if (secret === '') continue;
    redacted =
      secret.length >= wholeWordBelow ? redacted.split(secret).join('***') : redactWord(redacted, secret);
  }
  return redacted;
}

/**
 * Secrets shorter than this (a local key such as `x` or `local`) are replaced only where they stand
 * alone, not inside a longer word: replaced everywhere, a one-letter key would garble the whole excerpt.
 */
const wholeWordBelow = 8;

function redactWord(text: string, secret: string): string {
  let out = '';
  let from = 0;
  let at = text.indexOf(secret);
  while (at !== -1) {
    const end = at + secret.length;
    if (!isWordCharacter(text.charCodeAt(at - 1)) && !isWordCharacter(text.charCodeAt(end))) {
      out += `${text.slice(from, at)}***`;
      from = end;
      at = text.indexOf(secret, end);
    } else {
      at = text.indexOf(secret, at + 1);
    }
  }
  return out + text.slice(from);
}

/** Letters, digits, `_` and `-`: the characters of a key (a NaN code, past either end, is not one). */
function isWordCharacter(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 45
  );
}

/** The system error code of a fetch failure (`ECONNREFUSED`, `ENOTFOUND`, ...) or its message. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
