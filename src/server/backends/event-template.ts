import type { BackendChunk } from './backend.js';

/** A `text` or `reasoning` chunk: what one token event of a stream carries. */
export type TextChunk = Extract<BackendChunk, { type: 'text' | 'reasoning' }>;

/** A learned event: its JSON text around the token's string, and the chunk type the string is. */
interface Learned {
  /** The event's JSON text up to and including the opening quote of the text's string. */
  readonly head: string;
  /** The rest after the text's string, from its closing quote. */
  readonly tail: string;
  readonly type: TextChunk['type'];
}

/**
 * Recognizes the token events of a stream that repeat one JSON text but for the token's string (a
 * vLLM, SGLang or llama.cpp server Completions stream sends `{"id":…,"model":…,"choices":[{"index":0,
 * "text":"…","logprobs":null,"finish_reason":null}],"usage":null}` for every token, the same but for
 * `text`), so that such an event costs two string compares instead of a `JSON.parse`.
 *
 * Sound by construction: an event that is the learned event's text with only the string's content
 * replaced, by characters that need no escape in JSON (no `"`, `\` or control character), parses to
 * the learned event with only that string changed (JSON's grammar reads the same tokens before it,
 * the string ends at the same quote, and the tokens after it are the same). A template is learned
 * only from an event that read as exactly one text chunk and nothing else (no usage, no finish), and
 * only after a probe (the event with another string in that place, parsed) showed that the string
 * is the one the chunk's text came from. Anything else is parsed as usual.
 *
 * Learning costs one more parse; a stream whose events never repeat (a timestamp in each) is given
 * up on after a few tries, and tries again as matches pay for them.
 */
export class EventTemplate {
  private learned: Learned | undefined;
  private tries = 0;
  private hits = 0;

  /** The text chunk `data` is, when it is the learned event with another plain string; else `undefined`. */
  match(data: string): TextChunk | undefined {
    const learned = this.learned;
    if (learned === undefined) return undefined;
    const end = data.length - learned.tail.length;
    if (end <= learned.head.length || !data.startsWith(learned.head) || !data.endsWith(learned.tail)) {
      return undefined;
    }
    const text = data.slice(learned.head.length, end);
    if (!isPlain(text)) return undefined;
    this.hits++;
    return { type: learned.type, text };
  }

  /** Whether `learn` would try now (so a caller can skip preparing its arguments). */
  get learning(): boolean {
    return this.tries < maxTries + (this.hits >> 4);
  }

  /**
   * Learns `data` as the template when it is an event that `read` (a side-effect-free reading of one
   * event's JSON text: its only chunk when the event is nothing but one text chunk, else `undefined`)
   * read as `chunk`, and a probe confirms where the chunk's text sits in it.
   */
  learn(data: string, chunk: TextChunk, read: (data: string) => TextChunk | undefined): void {
    // Each try costs a parse: a few, then one more per 16 matches.
    if (!this.learning) return;
    this.tries++;
    this.learned = undefined;
    const { text, type } = chunk;
    if (!isPlain(text) || text === '') return;
    const quoted = `"${text}"`;
    const first = data.indexOf(quoted);
    if (first === -1) return;
    const last = data.lastIndexOf(quoted);
    for (const at of first === last ? [first] : [first, last]) {
      const head = data.slice(0, at + 1);
      const tail = data.slice(at + 1 + text.length);
      const probeText = text === 'x' ? 'y' : 'x';
      let probed: TextChunk | undefined;
      try {
        probed = read(head + probeText + tail);
      } catch {
        probed = undefined;
      }
      if (probed !== undefined && probed.type === type && probed.text === probeText) {
        this.learned = { head, tail, type };
        return;
      }
    }
  }
}

/** Tries at learning a template before matches must pay for more. */
const maxTries = 3;

/** Whether `text` needs no escape inside a JSON string: no `"`, `\` or U+0000–U+001F. */
function isPlain(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c) return false;
  }
  return true;
}
