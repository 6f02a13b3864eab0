/**
 * Reads the first element of a tagged-JSON array body as it streams in, to announce its call (and
 * stream its argument text) before the section ends.
 */

import { isWhitespace } from '../../../internal/whitespace.js';
import { JsonScanner } from '../../../json/json-scanner.js';
import { argumentsJson, type CallKeys, callParts } from './call-object.js';
import { leadingKey, maxNamePrefix } from './leading-call.js';

/** What the reader does with what it finds: the open call's parser. */
export interface ElementAnnouncer {
  /** Announces the open call (`tool-input-start`). */
  announce(name: string): void;
  /** Streams a piece of the announced call's argument text. */
  streamText(text: string): void;
  /** The open call's raw text from `start` to `end`. */
  rawSlice(start: number, end: number): string;
}

/**
 * Reads the first element of an array body as it streams in (each piece at its offset in the open
 * call's raw text), to announce its call before the section ends:
 * - `nameIsKey` (`[{"NAME": {args}}, …]`): as soon as the element's first key and its colon are read
 *   (within its first `maxNamePrefix` code units); the argument text after the colon then streams.
 * - otherwise: when the element's closing brace arrives, if the element alone is a JSON call object
 *   without an id member; its argument text is sent then (see `elementDone`).
 *
 * Only the first element: the section may still turn out invalid as a whole (cut off, not a list of
 * JSON values), and it is then ONE invalid call, with the id the first call would have. The announced
 * call becomes that invalid call (`failCall`), so nothing changes in the result; a second announced
 * call would have to end as a call of its own. The announced call otherwise ends with the section, as
 * element 0 (`completeBody`). Work is proportional to the piece.
 */
export class FirstElementReader {
  /**
   * `'bracket'` before the body's `[`, `'seek'` before the element, `'element'` inside it, `'off'`
   * otherwise.
   */
  private first: 'off' | 'bracket' | 'seek' | 'element' = 'off';
  /** Finds where the first element ends (and its top-level commas: see `argumentsJson`). */
  private readonly elementScanner = new JsonScanner();
  /** Where the first element starts in the open call's raw text, and how much of it was read. */
  private elementStart = 0;
  private elementSeen = 0;
  /** `nameIsKey`: the first element's first code units while its key is looked for. */
  private keyPrefix: string | undefined;
  /** `nameIsKey`: where the first element's argument text starts in it, once its call is announced. */
  private argumentsFrom = -1;

  constructor(
    private readonly keys: CallKeys,
    private readonly announcer: ElementAnnouncer,
  ) {}

  /** Whether the reader still reads the body's pieces. */
  get active(): boolean {
    return this.first !== 'off';
  }

  /** An array body starts: its next piece starts with its `[`. */
  start(): void {
    this.first = 'bracket';
  }

  /** Stops reading (the body ended or is not an array). */
  stop(): void {
    this.first = 'off';
    this.keyPrefix = undefined;
    this.argumentsFrom = -1;
  }

  /** Reads the body's next `piece`, which starts at `pieceStart` in the open call's raw text. */
  read(piece: string, pieceStart: number): void {
    let index = 0;
    if (this.first === 'bracket') {
      // The body's first code unit is its `[`.
      index = 1;
      this.first = 'seek';
    }
    if (this.first === 'seek') {
      // As the section's element spans read the array: whitespace and commas before the first element.
      while (index < piece.length) {
        const code = piece.charCodeAt(index);
        if (!isWhitespace(code) && code !== 0x2c /* , */) break;
        index++;
      }
      if (index === piece.length) return;
      if (piece.charCodeAt(index) !== 0x7b /* { */) {
        this.first = 'off';
        return;
      }
      this.first = 'element';
      this.elementScanner.reset();
      this.elementStart = pieceStart + index;
      this.elementSeen = 0;
      this.keyPrefix = this.keys.nameIsKey ? '' : undefined;
      this.argumentsFrom = -1;
    }
    const done = this.elementScanner.scan(piece, index, piece.length);
    const stop = done >= 0 ? done : piece.length;
    // The element offset of `piece[index]`.
    const offset = this.elementSeen;
    this.elementSeen += stop - index;
    if (this.keyPrefix !== undefined) this.probeKey(piece, index, stop);
    if (this.argumentsFrom >= 0) {
      const from = Math.max(index, index + this.argumentsFrom - offset);
      if (from < stop) this.announcer.streamText(piece.slice(from, stop));
    }
    if (done < 0) return;
    this.stop();
    if (!this.keys.nameIsKey) this.elementDone(pieceStart + done);
  }

  /**
   * `nameIsKey`: looks for the first element's key in its first `maxNamePrefix` code units (the
   * element's text so far is `keyPrefix` and `piece[index, stop)`) and announces the call under it.
   */
  private probeKey(piece: string, index: number, stop: number): void {
    const kept = this.keyPrefix ?? '';
    const prefix = kept + piece.slice(index, Math.min(stop, index + maxNamePrefix - kept.length));
    const key = leadingKey(prefix);
    if (key === undefined && prefix.length < maxNamePrefix) {
      this.keyPrefix = prefix;
      return;
    }
    this.keyPrefix = undefined;
    if (!key || key.name === '') return;
    this.announcer.announce(key.name);
    // Streamed from after the colon; the streamer reads nothing after the argument object closes.
    this.argumentsFrom = key.end;
  }

  /**
   * The first element (raw text up to `end`) is complete: announces its call when the element alone
   * reads as a call (JSON, a name, no id member: a model's id would be the call's id, and the section
   * may still fail as one invalid call with the generated id), and sends its argument text when the
   * element is just the name and the arguments (see `argumentsJson`). The name and id cannot be known
   * before the element ends: a later `"id"` or second name member would change them.
   */
  private elementDone(end: number): void {
    const text = this.announcer.rawSlice(this.elementStart, end);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    const parts = callParts(value, this.keys);
    if (typeof parts === 'string' || parts.id !== undefined) return;
    this.announcer.announce(parts.name);
    const json = argumentsJson(text, value, false, this.elementScanner.topLevelCommas, this.keys);
    if (json !== undefined) this.announcer.streamText(json);
  }
}
