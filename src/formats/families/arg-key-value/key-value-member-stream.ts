// Streams the open key/value call's arguments as members of its argument JSON while its values arrive.
import { setOwnProperty } from '../../../internal/set-own-property.js';
import type { SchemaAlignment } from '../../../schema/schema-alignment.js';
import type { JSONSchema } from '../../../types/json-schema.js';
import { argumentJson } from '../../core/argument-json.js';
import { isTextSchema, jsonStringContent } from '../../core/streamed-values.js';
import { typeRawText } from '../../core/type-raw-text.js';

/**
 * The argument deltas of one key/value call (see `ArgKeyValueConfig`): a number, boolean or string
 * member is sent when its value ends (`"key":value`, typed by the schema; objects and arrays wait for
 * the last delta), a value whose schema keeps its raw text (or any value with no tools) character by
 * character as it arrives. With tools, only members the tool's schema declares stream early. The
 * deltas join to a JSON text the call's last delta completes (`parts`).
 */
export class KeyValueMemberStream {
  /** The call was announced under a name its arguments may stream for. */
  private enabled = false;
  private any = false;
  private keys = new Set<string>();
  /** The value each streamed member was sent with (see `CallParts.streamedValues`). */
  private values: Record<string, unknown> = {};
  /** The open value streams as raw text (`piece`); `rawSent` code units of it are sent. */
  raw = false;
  private rawSent = 0;
  /** The end of the raw text so far that may not be sent yet (a line break, half a surrogate pair). */
  private heldTail = '';

  /**
   * `send` emits one argument delta; `schemaOf` is the property schema of a tool's parameter
   * (`undefined` without tools); `withTools` says whether tools were given; `align` types values by
   * their schema (`FormatOptions.align`; without it values stay text).
   */
  constructor(
    private readonly send: (delta: string) => void,
    private readonly schemaOf: (name: string, key: string) => JSONSchema | undefined,
    private readonly withTools: boolean,
    private readonly align: SchemaAlignment | undefined,
  ) {}

  /** The call was announced; its members stream when `streams` (`streamsAnnounced`). */
  begin(streams: boolean): void {
    this.enabled = streams;
  }

  /** Forgets the call (what `parts()` returned before stays as it was). */
  clear(): void {
    this.enabled = false;
    this.any = false;
    this.keys = new Set();
    this.values = {};
    this.raw = false;
    this.rawSent = 0;
    this.heldTail = '';
  }

  /**
   * A value begins: `"key":"` now when its raw text is its typed value, then the text as it arrives.
   * `valid`: the call has no problem so far (an invalid call streams nothing).
   */
  startValue(name: string | undefined, key: string, valid: boolean): void {
    this.raw = false;
    this.rawSent = 0;
    this.heldTail = '';
    if (!this.streams(name, key, valid) || !isTextSchema(this.schemaOf(name, key))) return;
    this.send(`${this.any ? ',' : '{'}${JSON.stringify(key)}:"`);
    this.any = true;
    this.raw = true;
  }

  /**
   * Sends a piece of a raw-streamed value, holding back a last line break (layout when the value's end
   * tag is missing) or `\r`, and the high half of a surrogate pair the chunk split.
   */
  piece(piece: string): void {
    const text = this.heldTail + piece;
    let end = text.length;
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end--;
    else if (last === 0x0a /* \n */) end -= text.charCodeAt(end - 2) === 0x0d ? 2 : 1;
    else if (last === 0x0d /* \r */) end--;
    this.heldTail = text.slice(end);
    if (end === 0) return;
    this.send(jsonStringContent(text.slice(0, end)));
    this.rawSent += end;
  }

  /** A value ended: the rest of a raw-streamed value and its closing quote, or the typed member. */
  endValue(name: string | undefined, key: string, value: string, valid: boolean): void {
    if (this.raw) {
      this.raw = false;
      this.heldTail = '';
      this.send(`${jsonStringContent(value.slice(this.rawSent))}"`);
      this.keys.add(key);
      setOwnProperty(this.values, key, value);
      return;
    }
    if (this.streams(name, key, valid)) {
      const typed = typeRawText(value, this.schemaOf(name, key), this.align);
      // Objects and arrays come with the last delta: alignment builds them again (a new object, which
      // `endCall` could not tell from a changed one), so sending them now would send them twice.
      if (typed !== null && typeof typed !== 'object') {
        // A repeated key is written again: JSON's last member wins, as the last value does here.
        this.send(`${this.any ? ',' : '{'}${JSON.stringify(key)}:${argumentJson(typed)}`);
        this.any = true;
        this.keys.add(key);
        setOwnProperty(this.values, key, typed);
        return;
      }
    }
    // Not streamed: the member comes with the call's last delta; an earlier occurrence no longer counts.
    this.keys.delete(key);
  }

  /** What `endCall` needs once a member streamed, else `undefined`. */
  parts():
    | { streamedKeys: ReadonlySet<string>; streamedValues: Readonly<Record<string, unknown>> }
    | undefined {
    return this.any ? { streamedKeys: this.keys, streamedValues: this.values } : undefined;
  }

  /** Whether the call's member `key` streams now. */
  private streams(name: string | undefined, key: string, valid: boolean): name is string {
    if (!this.enabled || !valid || name === undefined || key === '') return false;
    // With tools, alignment may drop or rename an undeclared key, and a streamed member stays sent.
    return !this.withTools || this.schemaOf(name, key) !== undefined;
  }
}
