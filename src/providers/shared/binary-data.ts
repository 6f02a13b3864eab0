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
