import { argumentJson } from '../../core/argument-json.js';
import { jsonStringContent } from '../../core/streamed-values.js';
import { withoutLeadingNewline, withoutTrailingNewline } from './layout-newline.js';

/**
 * Streams the open XML-parameters call's arguments as JSON text (`tool-input-delta`s): a value whose
 * typed result is its raw text as it arrives (`{"k":"` then escaped text), any other value as one
 * member when it ends (`,"k":v`); the call's last delta (`endCall`) sends `}`. The deltas concatenate
 * to JSON text of the final arguments: a repeated key is written again (JSON's last value wins), and
 * `streamedKeys` says which keys' last occurrence streamed as written (`CallParts.streamedKeys`).
 * One per parser; `reset()` between calls.
 */
export class ParameterStream {
  /** The open call was announced (and its deltas are read): its finished parameters stream. */
  on = false;
  /** Keys whose last occurrence was streamed as a member (its typed value as written). */
  readonly streamedKeys = new Set<string>();
  private any = false;
  /** The open value streams as raw text; `rawSent` code units of its final text were sent. */
  private raw = false;
  private rawSent = 0;
  /**
   * A first newline may still come (and would be layout); a last newline (`\n`, `\r\n`, or a `\r` that
   * may start one) is held back in `heldTail` until more text comes.
   */
  private leadingPending = false;
  private heldTail = '';

  /** `send`: streams one delta of the open call (`streamArguments`). */
  constructor(
    private readonly send: (delta: string) => void,
    private readonly trimNewline: boolean,
  ) {}

  /** Some member was sent: the arguments object is open. */
  get streamedAny(): boolean {
    return this.any;
  }

  /** The open value streams as raw text (`openRaw` was called for it). */
  get rawOpen(): boolean {
    return this.raw;
  }

  reset(): void {
    this.on = false;
    this.any = false;
    this.streamedKeys.clear();
    this.raw = false;
    this.rawSent = 0;
    this.leadingPending = false;
    this.heldTail = '';
  }

  /** Opens member `key` as a string whose text streams as the value arrives: `"key":"` now. */
  openRaw(key: string): void {
    this.send(`${this.any ? ',' : '{'}${JSON.stringify(key)}:"`);
    this.any = true;
    this.raw = true;
    this.rawSent = 0;
    this.leadingPending = this.trimNewline;
    this.heldTail = '';
  }

  /**
   * Sends a piece of the raw value on, holding back a first `\n` (layout with `trimNewline`) and a last
   * `\n` (layout if the closing tag follows).
   */
  pushRaw(piece: string): void {
    let text = this.heldTail + piece;
    this.heldTail = '';
    if (this.leadingPending) {
      if (text === '\r') {
        // Maybe the start of a layout `\r\n`.
        this.heldTail = text;
        return;
      }
      this.leadingPending = false;
      text = withoutLeadingNewline(text);
    }
    let kept =
      text.charCodeAt(text.length - 1) === 0x0d /* \r */ ? text.slice(0, -1) : withoutTrailingNewline(text);
    // A chunk that ends inside a surrogate pair: its high half waits for the low half, so the delta
    // text is the same however the value was chunked (a lone half would be escaped as \udXXX).
    const last = kept.charCodeAt(kept.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) kept = kept.slice(0, -1);
    this.heldTail = text.slice(kept.length);
    text = kept;
    if (text === '') return;
    this.send(jsonStringContent(text));
    this.rawSent += text.length;
  }

  /** Ends the raw value whose final text is `text`: sends the rest and closes the string. */
  closeRaw(key: string, text: string): void {
    this.send(`${jsonStringContent(text.slice(this.rawSent))}"`);
    // A malformed closing tag cut from the value after it streamed: the member is sent again.
    if (this.rawSent > text.length) this.streamedKeys.delete(key);
    else this.streamedKeys.add(key);
    this.raw = false;
  }

  /** Stops streaming the open value as raw text (it was dropped, or it ended). */
  endRaw(): void {
    this.raw = false;
  }

  /** Streams the finished member `key` = `value` (one fragment; a repeated key is written again). */
  member(key: string, value: unknown): void {
    this.send(`${this.any ? ',' : '{'}${JSON.stringify(key)}:${argumentJson(value)}`);
    this.any = true;
    this.streamedKeys.add(key);
  }

  /** Member `key` comes with the call's last delta: an earlier streamed occurrence no longer counts. */
  skip(key: string): void {
    this.streamedKeys.delete(key);
  }
}
