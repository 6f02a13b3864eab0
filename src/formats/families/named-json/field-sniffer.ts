import { maxNameLength } from './bounded-field.js';

/** How much of a call object is searched for its name and id before giving up on announcing early. */
const sniffBudget = 4096;

/**
 * Reads top-level `"key": "string"` fields of a JSON object as it streams, for the name and id keys,
 * so a call can be announced before its object is complete. Incremental (each character looked at
 * once) and bounded: it stops after `sniffBudget` code units or once stopped. Nested objects are
 * skipped, so `{"arguments": {"name": "x"}, "name": "f"}` yields `f`.
 */
export class FieldSniffer {
  name: string | undefined;
  id: string | undefined;
  private seen = 0;
  private stopped = false;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The current string had an escape: as a value it is not used (the full parse decodes it). */
  private hadEscape = false;
  private current = '';
  private key: string | undefined;
  private afterColon = false;

  constructor(
    private readonly nameKeys: readonly string[],
    private readonly idKeys: readonly string[],
  ) {}

  get active(): boolean {
    return !this.stopped && this.seen < sniffBudget;
  }

  reset(): void {
    this.name = undefined;
    this.id = undefined;
    this.seen = 0;
    this.stopped = false;
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    this.hadEscape = false;
    this.current = '';
    this.key = undefined;
    this.afterColon = false;
  }

  stop(): void {
    this.stopped = true;
  }

  push(piece: string): void {
    const end = Math.min(piece.length, sniffBudget - this.seen);
    this.seen += end;
    for (let index = 0; index < end; index++) {
      const char = piece[index] as string;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === '\\') {
          this.escaped = true;
          this.hadEscape = true;
        } else if (char === '"') {
          this.inString = false;
          if (this.depth === 1) this.stringDone(this.current);
        } else if (this.depth === 1 && this.current.length <= maxNameLength) this.current += char;
        continue;
      }
      if (char === '"') {
        this.inString = true;
        this.hadEscape = false;
        this.current = '';
      } else if (char === '{' || char === '[') {
        this.depth++;
        this.afterColon = false;
      } else if (char === '}' || char === ']') {
        this.depth--;
      } else if (this.depth === 1 && char === ':') {
        this.afterColon = true;
      } else if (this.depth === 1 && char === ',') {
        this.key = undefined;
        this.afterColon = false;
      }
    }
  }

  private stringDone(text: string): void {
    if (!this.afterColon) {
      this.key = text;
      return;
    }
    const key = this.key;
    this.key = undefined;
    this.afterColon = false;
    if (key === undefined || this.hadEscape) return;
    if (this.name === undefined && this.nameKeys.includes(key)) this.name = text;
    if (this.id === undefined && this.idKeys.includes(key)) this.id = text;
  }
}
