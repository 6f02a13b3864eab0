/**
 * `content_only`: templates without any tool-call syntax (Gemma 2, and any model used for plain
 * chat): the whole output is content.
 *
 * ```text
 * Hello, world!
 * What's up?
 * ```
 *
 * - Parallel calls and arguments: none; no text is ever a call.
 * - Deliberately not done: no reasoning tags are recognised and nothing is trimmed; what looks like
 *   another format's call stays content, as llama.cpp's content-only format keeps it.
 *
 * Checked against: llama.cpp `COMMON_CHAT_FORMAT_CONTENT_ONLY` and `tests/test-chat.cpp` (Gemma 2
 * template).
 */
import { TaggedJsonParser } from '../families/tagged-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config = { start: [], end: [] } as const;

/** Everything is content; see the file comment. */
export const contentOnly: FormatDefinition = {
  id: 'content_only',
  aliases: [],
  description: 'no tool-call syntax: the whole output is content (Gemma 2)',
  models: ['gemma-2-'],
  markers: [],
  example: 'Hello, world!',
  envelope: { call: { open: '', close: '' }, arguments: { kind: 'json' }, noCalls: true },
  create: (options) => new TaggedJsonParser(config, options),
};
