// Cuts request- or backend-given text for an error message or a log line.

/**
 * `text` when it has at most `limit` UTF-16 code units, else its first `limit` followed by `...`:
 * property names, file contents and backend bodies reach messages and log lines, and a
 * 200,000-character name must not make a 200,000-character error.
 */
export function clipText(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}
