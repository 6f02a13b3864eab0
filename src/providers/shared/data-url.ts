/**
 * Binary data as base64 text: a string is taken to be base64 already; bytes are encoded (no `Buffer`,
 * so the providers layer stays platform-neutral).
 */
export function toBase64(data: string | Uint8Array): string {
  if (typeof data === 'string') return data;
  let binary = '';
  for (let index = 0; index < data.length; index += 0x8000) {
    binary += String.fromCharCode(...data.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

/**
 * The URL a provider takes for a file or image part: a `URL` as its `href`; a string that already is an
 * `http(s):` or `data:` URL as is; other data (base64 text or bytes) as `data:<mediaType>;base64,<data>`.
 */
export function toDataUrl(data: string | Uint8Array | URL, mediaType: string): string {
  if (data instanceof URL) return data.href;
  if (typeof data === 'string' && /^(https?|data):/i.test(data)) return data;
  return `data:${mediaType};base64,${toBase64(data)}`;
}

/** A `data:<mediaType>;base64,<data>` URL split into its parts, or `undefined` for any other text. */
export function parseDataUrl(url: string): { readonly mediaType: string; readonly data: string } | undefined {
  const match = /^data:([^;,]*);base64,/i.exec(url);
  if (!match) return undefined;
  return { mediaType: match[1] || 'application/octet-stream', data: url.slice(match[0].length) };
}

/**
 * A file's `file_data` (a `data:` URL, or bare base64 text) as canonical file fields: the data and its
 * media type (`fallbackType` when the text is not a `data:` URL), plus `filename` when given.
 */
export function fileFromData(
  fileData: string,
  filename: string | undefined,
  fallbackType: string,
): { data: string; mediaType: string; filename?: string } {
  const decoded = parseDataUrl(fileData);
  return {
    data: decoded?.data ?? fileData,
    mediaType: decoded?.mediaType ?? fallbackType,
    ...(filename === undefined ? {} : { filename }),
  };
}
