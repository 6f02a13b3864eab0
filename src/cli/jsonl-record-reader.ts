import { normalizeTools } from '../formats/core/tool-index.js';
import type { ToolDefinition } from '../types/tool.js';
import { findTopLevelMember, findTopLevelMemberBytes, type MemberSpan } from './find-top-level-member.js';

/** A line's `tools` as read once: the normalized list, or the error normalizing it gave. */
export type CachedTools = { readonly tools: ToolDefinition[] } | { readonly error: Error };

/** One batch line read as a JSON object, with its `tools` (when it had some) from the cache. */
export interface JsonlRecord {
  /** The line's members; without `tools` when `tools` is set. */
  readonly record: Record<string, unknown>;
  readonly tools?: CachedTools;
}

const toolsKey = '"tools"';
/** Bounds of the cache: a batch with a new tool list on every line must not grow memory without end. */
const maxEntries = 64;
const maxCachedChars = 32 * 1024 * 1024;

/**
 * Reads `--jsonl` lines, caching each distinct `tools` text: a line that repeats the tools of an
 * earlier line (byte for byte) gets the very same `ToolDefinition[]`, so the parsers' schema caches
 * (`SchemaRoot`, the aligners, keyed by the schema objects) are warm and the tools are neither parsed
 * nor normalized again. The `tools` member is found without parsing (`findTopLevelMember`), cut out, and
 * the rest parsed with `JSON.parse`; anything unusual (a `tools` key spelt with escapes, a duplicate
 * key, text that is not JSON) takes the plain path, `JSON.parse` of the whole line, so the record and
 * any error are exactly what `JSON.parse` gives. At most 64 tool lists (32 Mi characters) are kept, the
 * oldest dropped first.
 */
export class JsonlRecordReader {
  private readonly cache = new Map<string, CachedTools>();
  private cachedChars = 0;
  /**
   * The tool list of the last line that had one, compared in place before anything is scanned; with
   * its UTF-8 bytes when it was read from bytes (`readBytes`).
   */
  private last: { readonly text: string; readonly bytes?: Buffer; readonly entry: CachedTools } | undefined;
  private nextKey: { readonly bytes?: Buffer; readonly from: number; readonly at: number } = {
    from: 0,
    at: -1,
  };
  private readonly lastEnd = (line: string, start: number): number => {
    const last = this.last;
    if (last === undefined) return -1;
    // startsWith compares in place: no copy of the (often long) tools text per line.
    return line.startsWith(last.text, start) ? start + last.text.length : -1;
  };

  /** @throws {Error} JSON.parse's error for a line that is not JSON, or when it is not an object. */
  read(line: string): JsonlRecord {
    const member = line.includes(toolsKey)
      ? findTopLevelMember(line, toolsKey, (start) => this.lastEnd(line, start))
      : undefined;
    if (member !== undefined) {
      const record = parseObject(line.slice(0, member.cutStart) + line.slice(member.cutEnd));
      if (record !== undefined && !Object.hasOwn(record, 'tools')) {
        const tools = this.tools(line.slice(member.valueStart, member.valueEnd));
        if (tools !== undefined) return { record, tools };
      }
    }
    return { record: parseWhole(line) };
  }

  /**
   * `read` of the line whose UTF-8 bytes are `bytes[start, end)`, decoding only what is not the
   * `tools` value: a value byte for byte the last one's is compared in place (`Buffer.compare`, no
   * text made), so a batch that repeats its tools on every line decodes, scans and parses about what
   * one without them does. The record is the same as `read` of the decoded line gives (see
   * `findTopLevelMemberBytes`: the cuts fall on ASCII characters, so decoding the pieces is decoding
   * the line and cutting it).
   * @throws {Error} as `read`.
   */
  readBytes(bytes: Buffer, start: number, end: number): JsonlRecord {
    const member = this.spellsTools(bytes, start, end)
      ? findTopLevelMemberBytes(bytes, start, end, toolsKey, (at) => this.lastBytesEnd(bytes, at, end))
      : undefined;
    if (member !== undefined) {
      const rest =
        bytes.toString('utf8', start, member.cutStart) + bytes.toString('utf8', member.cutEnd, end);
      const record = parseObject(rest);
      if (record !== undefined && !Object.hasOwn(record, 'tools')) {
        const tools = this.toolsAt(bytes, member);
        if (tools !== undefined) return { record, tools };
      }
    }
    return { record: parseWhole(bytes.toString('utf8', start, end)) };
  }

  /**
   * Whether `"tools"` is spelt anywhere in `bytes[start, end)` (what `line.includes` tells of the
   * text). The next spelling found in a buffer is remembered: the lines of a batch are read in order,
   * so a batch without any `tools` is searched once, not once per line to its end.
   */
  private spellsTools(bytes: Buffer, start: number, end: number): boolean {
    let next = this.nextKey;
    if (next.bytes !== bytes || start < next.from || (next.at >= 0 && next.at < start)) {
      next = { bytes, from: start, at: bytes.indexOf(toolsKey, start, 'latin1') };
      this.nextKey = next;
    }
    return next.at >= 0 && next.at + toolsKey.length <= end;
  }

  /** Where the last tool list's bytes end when they are spelt at `start` (before `end`), else -1. */
  private lastBytesEnd(bytes: Buffer, start: number, end: number): number {
    const known = this.last?.bytes;
    if (known === undefined || start + known.length > end) return -1;
    return bytes.compare(known, 0, known.length, start, start + known.length) === 0
      ? start + known.length
      : -1;
  }

  /** `tools` of the value bytes at `member`: the last entry when they are its bytes, else by text. */
  private toolsAt(bytes: Buffer, member: MemberSpan): CachedTools | undefined {
    const { valueStart, valueEnd } = member;
    const last = this.last;
    if (last?.bytes !== undefined && valueEnd - valueStart === last.bytes.length) {
      if (bytes.compare(last.bytes, 0, last.bytes.length, valueStart, valueEnd) === 0) return last.entry;
    }
    const text = bytes.toString('utf8', valueStart, valueEnd);
    const entry = this.tools(text);
    // A copy: `bytes` is a batch's buffer, which must not be kept alive by the cache.
    if (entry !== undefined)
      this.last = { text, bytes: Buffer.from(bytes.subarray(valueStart, valueEnd)), entry };
    return entry;
  }

  /** The cached tools of `text`; `undefined` when it is not JSON (the caller parses the whole line). */
  private tools(text: string): CachedTools | undefined {
    if (this.last?.text === text) return this.last.entry;
    const cached = this.cache.get(text);
    if (cached !== undefined) {
      this.last = { text, entry: cached };
      return cached;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
    let entry: CachedTools;
    try {
      entry = { tools: normalizeTools(value) };
    } catch (error) {
      entry = { error: error as Error };
    }
    this.remember(text, entry);
    this.last = { text, entry };
    return entry;
  }

  private remember(text: string, entry: CachedTools): void {
    if (text.length > maxCachedChars) return;
    while (this.cache.size >= maxEntries || this.cachedChars + text.length > maxCachedChars) {
      const oldest = this.cache.keys().next().value as string;
      this.cache.delete(oldest);
      this.cachedChars -= oldest.length;
    }
    this.cache.set(text, entry);
    this.cachedChars += text.length;
  }
}

/** JSON.parse of a whole line, which must give an object. */
function parseWhole(line: string): Record<string, unknown> {
  const value: unknown = JSON.parse(line);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('a line must be a JSON object');
  return value as Record<string, unknown>;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
