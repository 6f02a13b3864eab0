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
 * Sound by construction: an event that is the learned event's text with only the string's body
 * replaced, by another that is one JSON string's body (checked by `stringOf`, which reads it as
 * JSON's grammar does), parses to the learned event with only that string
 * changed (JSON's grammar reads the same tokens before it, the string ends at the same quote, and
 * the tokens after it are the same). A template is learned only from an event that read as exactly
 * one text chunk and nothing else (no usage, no finish), and only after a probe (the event with
 * another string in that place, parsed) showed that the string is the one the chunk's text came
 * from. Anything else is parsed as usual.
 *
 * Learning costs one more parse; a stream whose events never repeat (a timestamp in each) is given
 * up on after a few tries, and tries again as matches pay for them.
 */
export class EventTemplate {
  private learned: Learned | undefined;
  private tries = 0;
  private hits = 0;

  /** The text chunk `data` is, when it is the learned event with another string; else `undefined`. */
  match(data: string): TextChunk | undefined {
    const text = this.textIn(data, 0, data.length);
    return text === undefined ? undefined : { type: (this.learned as Learned).type, text };
  }

  /**
   * The text of the event `source.slice(start, end)` when it is the learned event with another
   * string (its chunk type is then `type`); else `undefined`. Read in place: the event needs no
   * string of its own.
   */
  textIn(source: string, start: number, end: number): string | undefined {
    const learned = this.learned;
    if (learned === undefined || !frames(source, start, end, learned)) return undefined;
    const literal = source.slice(start + learned.head.length, end - learned.tail.length);
    const text = stringOf(literal);
    if (text !== undefined) this.hits++;
    return text;
  }

  /** The chunk type of the learned event's string (`text` when none is learned). */
  get type(): TextChunk['type'] {
    return this.learned?.type ?? 'text';
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
    // Each try costs a parse: a few, then one more per 16 matches. An event the template frames
    // (one `match` left to the parser, its string not a JSON string body) teaches nothing new.
    const learned = this.learned;
    if (!this.learning || (learned !== undefined && frames(data, 0, data.length, learned))) return;
    this.tries++;
    const { text, type } = chunk;
    if (text === '') return;
    // Where servers write the string as `JSON.stringify` does (vLLM, SGLang, llama.cpp); else the
    // event is not learned.
    const quoted = JSON.stringify(text);
    const first = data.indexOf(quoted);
    if (first === -1) return;
    const last = data.lastIndexOf(quoted);
    for (const at of first === last ? [first] : [first, last]) {
      const head = data.slice(0, at + 1);
      const tail = data.slice(at + quoted.length - 1);
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
    this.learned = undefined;
  }
}

/** Whether `source.slice(start, end)` is the learned event's text around a non-empty string body. */
function frames(source: string, start: number, end: number, learned: Learned): boolean {
  const from = start + learned.head.length;
  const to = end - learned.tail.length;
  return (
    to > from &&
    // Compared as slices: `startsWith` and `endsWith` cost several times more here (measured
    // on Node 20: about 1.5 against 0.3 µs for a 110-character head).
    source.slice(start, from) === learned.head &&
    source.slice(to, end) === learned.tail
  );
}

/** Tries at learning a template before matches must pay for more. */
const maxTries = 3;

/** What each one-character JSON escape (`\n`, ...) stands for, by the character after the backslash. */
const escapes: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/**
 * The string `literal` is the body of (between its quotes), when it is one JSON string's body;
 * else `undefined` (an unescaped quote or a control character in it, or a broken escape). Read as
 * `JSON.parse` of it in quotes reads it (a `\u` escape of half a surrogate pair gives that half),
 * without building the quoted text or a parse: a token with an escape is common in a call's
 * arguments (`\n`, `\"`).
 */
export function stringOf(literal: string): string | undefined {
  let text = '';
  let from = 0;
  for (let i = 0; i < literal.length; i++) {
    const code = literal.charCodeAt(i);
    if (code === 0x5c) {
      const mark = literal.charAt(i + 1);
      let char = Object.hasOwn(escapes, mark) ? escapes[mark] : undefined;
      let length = 2;
      if (mark === 'u') {
        const unit = hexUnit(literal, i + 2);
        if (unit === -1) return undefined;
        char = String.fromCharCode(unit);
        length = 6;
      }
      if (char === undefined) return undefined;
      text += literal.slice(from, i) + char;
      i += length - 1;
      from = i + 1;
    } else if (code < 0x20 || code === 0x22) {
      return undefined;
    }
  }
  return from === 0 ? literal : text + literal.slice(from);
}

/** The code unit of the four hex digits at `at` in `text`; -1 when they are not four hex digits. */
function hexUnit(text: string, at: number): number {
  let unit = 0;
  for (let i = at; i < at + 4; i++) {
    const code = text.charCodeAt(i);
    const digit =
      code >= 0x30 && code <= 0x39
        ? code - 0x30
        : code >= 0x61 && code <= 0x66
          ? code - 0x57
          : code >= 0x41 && code <= 0x46
            ? code - 0x37
            : -1;
    if (digit === -1) return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}
