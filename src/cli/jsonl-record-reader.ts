import { normalizeTools } from '../formats/core/tool-index.js';
import type { ToolDefinition } from '../types/tool.js';
import { findTopLevelMember } from './find-top-level-member.js';

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
  /** The tool list of the last line that had one, compared in place before anything is scanned. */
  private last: { readonly text: string; readonly entry: CachedTools } | undefined;
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
    const value: unknown = JSON.parse(line);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error('a line must be a JSON object');
    return { record: value as Record<string, unknown> };
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
