import { normalizeTools } from '../formats/core/tool-index.js';
import { type ParseToolCallsOptions, parseToolCallChunks } from '../formats/parse-tool-calls.js';
import { getFormat } from '../formats/registry.js';
import type { ToolDefinition } from '../types/tool.js';
import type { ParseResult } from '../types/tool-call.js';
import { type CachedTools, type JsonlRecord, JsonlRecordReader } from './jsonl-record-reader.js';
import { toParseResultJson } from './parse-result-json.js';
import { parseResultText } from './parse-result-text.js';
import type { ParserFlags } from './parser-flags.js';

/** What a `--jsonl` line uses when it does not say: the command's format, tools, model and flags. */
export interface JsonlDefaults {
  readonly format: string;
  readonly tools?: ToolDefinition[];
  readonly model?: string;
  readonly parser?: ParserFlags;
}

/**
 * The output line for one input line, so outputs line up with inputs by position: a blank line gives
 * an error line, and so does a result that cannot be serialised. Never throws.
 */
export function jsonlOutputLine(
  line: string,
  lineNumber: number,
  defaults: JsonlDefaults,
  reader: JsonlRecordReader = new JsonlRecordReader(),
): string {
  return jsonlOutput(line, lineNumber, defaults, reader).text;
}

/** An output line with what the batch counts: whether it is an error line, and the tool calls found. */
export interface JsonlOutput {
  readonly text: string;
  readonly failed: boolean;
  readonly calls: number;
}

/**
 * `jsonlOutputLine` with what the batch counts: whether the line failed (an error line) and how many
 * tool calls it found.
 */
export function jsonlOutput(
  line: string,
  lineNumber: number,
  defaults: JsonlDefaults,
  reader: JsonlRecordReader,
): JsonlOutput {
  if (line.trim() === '') return emptyLine(lineNumber);
  let read: JsonlRecord;
  try {
    read = reader.read(line);
  } catch (error) {
    return serialized(unreadable(error, lineNumber), lineNumber);
  }
  return recordOutput(read, lineNumber, defaults);
}

/**
 * `jsonlOutput` of the line whose UTF-8 bytes are `bytes[start, end)` (no line break), the same text,
 * decoding only what the record needs (see `JsonlRecordReader.readBytes`).
 */
export function jsonlOutputOfBytes(
  bytes: Buffer,
  start: number,
  end: number,
  lineNumber: number,
  defaults: JsonlDefaults,
  reader: JsonlRecordReader,
): JsonlOutput {
  const blank = isBlank(bytes, start, end);
  if (blank === undefined)
    return jsonlOutput(bytes.toString('utf8', start, end), lineNumber, defaults, reader);
  if (blank) return emptyLine(lineNumber);
  let read: JsonlRecord;
  try {
    read = reader.readBytes(bytes, start, end);
  } catch (error) {
    return serialized(unreadable(error, lineNumber), lineNumber);
  }
  return recordOutput(read, lineNumber, defaults);
}

/**
 * Whether `line.trim() === ''` for the bytes' text, read from the bytes while they are ASCII (a line
 * that starts with `{` is answered at its first byte); `undefined` when a non-ASCII byte comes first
 * (`trim` drops some non-ASCII spaces: the caller decodes the line and asks the text).
 */
function isBlank(bytes: Buffer, start: number, end: number): boolean | undefined {
  for (let index = start; index < end; index++) {
    const code = bytes[index] as number;
    if (code >= 0x80) return undefined;
    // What trim() drops among ASCII: tab, line feed, vertical tab, form feed, carriage return, space.
    if (code !== 0x20 && (code < 0x09 || code > 0x0d)) return false;
  }
  return true;
}

function emptyLine(lineNumber: number): JsonlOutput {
  return {
    text: JSON.stringify({ line: lineNumber, error: `line ${lineNumber}: empty line` }),
    failed: true,
    calls: 0,
  };
}

/** The output line of `result`; an error line when it cannot be serialised. */
function serialized(result: Record<string, unknown>, lineNumber: number): JsonlOutput {
  const failed = result.error !== undefined;
  const calls = Array.isArray(result.tool_calls) ? result.tool_calls.length : 0;
  try {
    return { text: JSON.stringify(result), failed, calls };
  } catch (error) {
    const id = result.id;
    let idPart: { id?: unknown } = {};
    try {
      if (id !== undefined) idPart = { id: JSON.parse(JSON.stringify(id)) as unknown };
    } catch {
      // an id that cannot be serialised itself is left out
    }
    const text = JSON.stringify({
      ...idPart,
      line: lineNumber,
      error: `line ${lineNumber}: the result cannot be serialised: ${(error as Error).message}`,
    });
    return { text, failed: true, calls: 0 };
  }
}

/**
 * One batch line: a result object (plus the line's `id`) or `{ id?, line, error }`; never throws. The
 * line's `tools` are read through `reader`, which caches them by their text (see `JsonlRecordReader`).
 */
export function parseJsonlLine(
  line: string,
  lineNumber: number,
  defaults: JsonlDefaults,
  reader: JsonlRecordReader = new JsonlRecordReader(),
): Record<string, unknown> {
  let read: JsonlRecord;
  try {
    read = reader.read(line);
  } catch (error) {
    return unreadable(error, lineNumber);
  }
  return parseJsonlRecord(read, lineNumber, defaults);
}

function unreadable(error: unknown, lineNumber: number): Record<string, unknown> {
  return { line: lineNumber, error: `line ${lineNumber}: ${(error as Error).message}` };
}

/** `parseJsonlLine` of a line already read as a record. */
function parseJsonlRecord(
  read: JsonlRecord,
  lineNumber: number,
  defaults: JsonlDefaults,
): Record<string, unknown> {
  const id = read.record.id;
  let result: ParseResult;
  try {
    result = parseRecord(read, defaults);
  } catch (error) {
    return failedLine(id, error, lineNumber);
  }
  return resultObject(id, result, lineNumber);
}

/** The output of a line already read as a record: the result written directly (see `parseResultText`). */
function recordOutput(read: JsonlRecord, lineNumber: number, defaults: JsonlDefaults): JsonlOutput {
  const id = read.record.id;
  let result: ParseResult;
  try {
    result = parseRecord(read, defaults);
  } catch (error) {
    return serialized(failedLine(id, error, lineNumber), lineNumber);
  }
  let text: string | undefined;
  try {
    text = parseResultText(id, result);
  } catch {
    // JSON.stringify's error: the object path below gives the error line with its exact message
  }
  if (text === undefined) return serialized(resultObject(id, result, lineNumber), lineNumber);
  return { text, failed: false, calls: result.toolCalls.length };
}

/** The output object of a parse: the line's `id`, then the result's JSON (or the error it throws). */
function resultObject(id: unknown, result: ParseResult, lineNumber: number): Record<string, unknown> {
  try {
    return { ...(id === undefined ? {} : { id }), ...toParseResultJson(result) };
  } catch (error) {
    return failedLine(id, error, lineNumber);
  }
}

function failedLine(id: unknown, error: unknown, lineNumber: number): Record<string, unknown> {
  return {
    ...(id === undefined ? {} : { id }),
    line: lineNumber,
    error: `line ${lineNumber}: ${(error as Error).message}`,
  };
}

/** The parse of one record's input with its options (defaults filled in). @throws {Error} a bad record. */
function parseRecord({ record, tools: cachedTools }: JsonlRecord, defaults: JsonlDefaults): ParseResult {
  const input = record.input;
  if (typeof input !== 'string' && record.chunks === undefined) throw new Error('"input" must be a string');
  const format = record.format === undefined ? defaults.format : getFormat(String(record.format)).id;
  if (record.model !== undefined && typeof record.model !== 'string')
    throw new Error('"model" must be a string');
  const model = typeof record.model === 'string' ? record.model : defaults.model;
  const tools = cachedTools
    ? toolsOf(cachedTools)
    : record.tools === undefined
      ? defaults.tools
      : normalizeTools(record.tools);
  let chunks: string[];
  if (record.chunks !== undefined) {
    if (!Array.isArray(record.chunks) || !record.chunks.every((chunk) => typeof chunk === 'string')) {
      throw new Error('"chunks" must be an array of strings');
    }
    chunks = record.chunks;
    if (input !== undefined && (typeof input !== 'string' || chunks.join('') !== input))
      throw new Error('"input" and "chunks" disagree (the chunks must join to the input); give one');
  } else chunks = [input as string];
  return parseToolCallChunks(chunks, parseOptions(defaults, format, tools, model));
}

/** The last options built per format, per `JsonlDefaults` (see `parseOptions`). */
const optionsCache = new WeakMap<
  JsonlDefaults,
  Map<string, { tools?: ToolDefinition[]; model?: string; options: Readonly<ParseToolCallsOptions> }>
>();

/**
 * The parse options of a line: `format`, the flags, `tools` and `model` when set. The object of the
 * last line with the same format, tools (the very list: the reader hands out one per tools text) and
 * model is handed out again, frozen, so a batch builds no options object per line. Bounded: one entry
 * per format id.
 */
function parseOptions(
  defaults: JsonlDefaults,
  format: string,
  tools: ToolDefinition[] | undefined,
  model: string | undefined,
): ParseToolCallsOptions {
  let byFormat = optionsCache.get(defaults);
  if (byFormat === undefined) {
    byFormat = new Map();
    optionsCache.set(defaults, byFormat);
  }
  const known = byFormat.get(format);
  if (known !== undefined && known.tools === tools && known.model === model) return known.options;
  const options = Object.freeze({
    format,
    ...defaults.parser,
    ...(tools ? { tools } : {}),
    ...(model ? { model } : {}),
  });
  byFormat.set(format, { tools, model, options });
  return options;
}

function toolsOf(cached: CachedTools): ToolDefinition[] {
  if ('error' in cached) throw cached.error;
  return cached.tools;
}
