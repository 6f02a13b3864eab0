import { loggable, type NoticeOnce } from '../http/notice-once.js';

/**
 * `anthropic-beta` values whose feature the gateway serves as asked: token counting, thinking between
 * tool calls (the model's blocks come back in the order it wrote them), and early tool betas that are
 * the API's plain behaviour now.
 */
const servedBetas: ReadonlySet<string> = new Set([
  'token-counting-2024-11-01',
  'interleaved-thinking-2025-05-14',
  'tools-2024-04-04',
  'tools-2024-05-16',
  'messages-2023-12-15',
]);

/** Most betas one header is read for (a bound on work per request). */
const MAX_BETAS = 32;

/**
 * Accepts the `anthropic-beta` header (a comma-separated list): betas the gateway does not serve are
 * ignored, each noted once per gateway (`anthropic-beta "NAME" ignored`). `anthropic-version` is
 * accepted whatever its value: the gateway speaks the one Messages version there is (`2023-06-01`).
 */
export function noteAnthropicBetas(headers: Headers, noteOnce: NoticeOnce): void {
  const header = headers.get('anthropic-beta');
  if (header === null) return;
  for (const value of header.split(',', MAX_BETAS)) {
    const beta = value.trim();
    if (beta === '' || servedBetas.has(beta)) continue;
    const name = loggable(beta);
    noteOnce(`beta:${name}`, `anthropic-beta "${name}" is not supported by this gateway; ignored`);
  }
}
