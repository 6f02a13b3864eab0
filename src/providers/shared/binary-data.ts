/**
 * Binary data as the canonical parts hold it (base64 text, bytes, a URL, a `data:` URL) and as the
 * providers want it (base64 text, bytes, or a URL). Platform-neutral (`btoa` / `atob`, no `Buffer`).
 */

/** Where a part's data is: inline base64 (with the media type a `data:` URL named), or a URL. */
export type DataSource =
  | { readonly kind: 'base64'; readonly data: string; readonly mediaType?: string }
  | { readonly kind: 'url'; readonly url: string };

/**
 * Reads canonical part data: a `URL` or an `http(s):` string is a URL; a `data:…;base64,` string is its
 * base64 payload and media type; bytes are base64-encoded; any other string is base64 already (the AI
 * SDK's convention for string data).
 */
export function dataSource(data: string | Uint8Array | URL): DataSource {
  if (data instanceof URL) return { kind: 'url', url: data.href };
  if (data instanceof Uint8Array) return { kind: 'base64', data: base64FromBytes(data) };
  const inline = /^data:([^;,]+)?(?:;[^,]*)?;base64,/i.exec(data);
  if (inline !== null) {
    const payload = data.slice(inline[0].length);
    return inline[1] === undefined
      ? { kind: 'base64', data: payload }
      : { kind: 'base64', data: payload, mediaType: inline[1].toLowerCase() };
  }
  if (/^https?:\/\//i.test(data)) return { kind: 'url', url: data };
  return { kind: 'base64', data };
}

/**
 * A part's media type: the one it names (lowercased), else the one of its `data:` URL, else for base64
 * data the image type its first bytes show (also for the wildcard `image/*`); `undefined` when unknown.
 */
export function mediaTypeOf(given: string | undefined, source: DataSource): string | undefined {
  const named = given?.toLowerCase() ?? (source.kind === 'base64' ? source.mediaType : undefined);
  if (named !== undefined && named !== 'image/*') return named;
  return source.kind === 'base64' ? (sniffImageMediaType(source.data) ?? named) : named;
}

/** The image media type named by the first bytes of base64 data (PNG, JPEG, GIF, WebP), if any. */
export function sniffImageMediaType(base64: string): string | undefined {
  if (base64.startsWith('iVBORw0KGgo')) return 'image/png';
  if (base64.startsWith('/9j/')) return 'image/jpeg';
  if (base64.startsWith('R0lGOD')) return 'image/gif';
  if (base64.startsWith('UklGR')) return 'image/webp';
  return undefined;
}

export function base64FromBytes(bytes: Uint8Array): string {
  const pieces: string[] = [];
  // Chunks keep `String.fromCharCode`'s argument list short.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    pieces.push(String.fromCharCode(...bytes.subarray(start, start + 0x8000)));
  }
  return btoa(pieces.join(''));
}

/** Bytes of base64 text; text that is not base64 gives its UTF-8 bytes instead (never throws). */
export function bytesFromBase64(text: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return new TextEncoder().encode(text);
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Base64 of the UTF-8 bytes of `text`. */
export const base64FromText = (text: string): string => base64FromBytes(new TextEncoder().encode(text));

/** The UTF-8 text of base64 data (invalid base64 is returned as it is). */
export const textFromBase64 = (base64: string): string => new TextDecoder().decode(bytesFromBase64(base64));

/**
 * Binary data of a file or image part as base64 text (what Gemini `inlineData.data` and Ollama `images`
 * hold): a string is taken as base64 already (a `data:` URL gives its payload), bytes are encoded.
 * `undefined` for a URL (the caller decides whether the provider can reference one).
 */
export function base64Data(data: string | Uint8Array | URL): string | undefined {
  if (data instanceof URL) return data.protocol === 'data:' ? dataUrlPayload(data.href) : undefined;
  if (typeof data === 'string') {
    if (data.startsWith('data:')) return dataUrlPayload(data);
    if (/^https?:\/\//i.test(data)) return undefined;
    return data;
  }
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let offset = 0; offset < data.length; offset += 0x8000) {
    binary += String.fromCharCode(...data.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

/** The URL text of a part's data when it is a remote URL (`http(s)://…`), else `undefined`. */
export function remoteUrl(data: string | Uint8Array | URL): string | undefined {
  if (data instanceof URL) return data.protocol === 'data:' ? undefined : data.href;
  if (typeof data === 'string' && /^https?:\/\//i.test(data)) return data;
  return undefined;
}

function dataUrlPayload(url: string): string {
  const comma = url.indexOf(',');
  return comma < 0 ? '' : url.slice(comma + 1);
}
