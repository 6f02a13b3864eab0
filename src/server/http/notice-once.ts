/** Sends a notice the first time its key is seen. */
export type NoticeOnce = (key: string, message: string) => void;

/** How many keys a `noticeOnce` remembers; past it, new keys are no longer noticed. */
const MAX_KEYS = 256;

/**
 * A notice sender that says each thing once per gateway (an ignored request field, an unknown
 * `anthropic-beta`), so a client that sends it on every request does not flood the log. Remembers
 * at most 256 keys: keys come from requests, and a bound keeps a client from growing the set.
 */
export function noticeOnce(notice: (message: string) => void): NoticeOnce {
  const seen = new Set<string>();
  return (key, message) => {
    if (seen.has(key) || seen.size >= MAX_KEYS) return;
    seen.add(key);
    notice(message);
  };
}

/**
 * `text` fit for a log line: kept when it is 1-64 letters, digits, `_`, `-`, `.` or `:`, else
 * `(unprintable)`, so a request cannot write arbitrary text into the log.
 */
export function loggable(text: string): string {
  return /^[A-Za-z0-9_.:-]{1,64}$/.test(text) ? text : '(unprintable)';
}
