import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { ToolwireError } from '../errors/toolwire-error.js';
import type { ContentMode } from '../formats/core/content-shaper.js';
import { normalizeTools } from '../formats/core/tool-index.js';
import { parseToolCallChunks } from '../formats/parse-tool-calls.js';
import { getFormat } from '../formats/registry.js';
import type { ToolDefinition } from '../types/tool.js';
import { runEventsCommand } from './events-command.js';
import { toParseResultJson } from './parse-result-json.js';
import { readInput, readJsonFile } from './read-input.js';
import { UsageError } from './usage-error.js';

/** Options of `toolwire parse` after argument parsing. */
export interface ParseCommandOptions {
  readonly file?: string;
  readonly format: string;
  readonly model?: string;
  readonly tools?: string;
  readonly chunks?: string;
  readonly jsonl: boolean;
  /** Print the stream's events as JSON lines instead of the result. */
  readonly events?: boolean;
  /** Parser options from flags (`--reasoning`, `--allow-unknown-tools`, ...). */
  readonly parser?: ParserFlags;
}

/** What a `--jsonl` line uses when it does not say: the command's format, tools, model and flags. */
export interface JsonlDefaults {
  readonly format: string;
  readonly tools?: ToolDefinition[];
  readonly model?: string;
  readonly parser?: ParserFlags;
}

/** The `FormatOptions` the parse command takes as flags. */
export interface ParserFlags {
  readonly reasoning?: 'split' | 'content' | 'inline';
  readonly reasoningStartedInPrompt?: boolean;
  readonly allowUnknownTools?: boolean;
  readonly allowInvalidArguments?: boolean;
  readonly glmShorthand?: boolean;
  readonly content?: ContentMode;
  readonly strictFormat?: boolean;
  readonly finishReason?: 'stop' | 'length';
  readonly applyDefaults?: boolean;
}

/** `toolwire parse`: one JSON object on `write`, or, with `jsonl`, one line per input line. */
export async function runParseCommand(
  options: ParseCommandOptions,
  write: (text: string) => void,
): Promise<void> {
  const format = resolveFormat(options.format);
  const tools =
    options.tools === undefined ? undefined : toolsFrom(readJsonFile(options.tools, '--tools'), '--tools');
  if (options.jsonl) {
    if (options.events) throw new UsageError('--events does not go with --jsonl');
    if (options.chunks !== undefined)
      throw new UsageError('--chunks does not go with --jsonl (give "chunks" per line)');
    await runJsonl(options, format, tools, write);
    return;
  }
  if (options.chunks !== undefined && options.file !== undefined)
    throw new UsageError(
      `give FILE or --chunks, not both (got ${options.file} and --chunks ${options.chunks})`,
    );
  const text = options.chunks === undefined ? readInput(options.file) : undefined;
  const chunks =
    options.chunks === undefined ? [text ?? ''] : chunksFrom(readJsonFile(options.chunks, '--chunks'));
  if (options.events) {
    runEventsCommand(
      chunks,
      {
        format,
        ...options.parser,
        ...(tools ? { tools } : {}),
        ...(options.model ? { model: options.model } : {}),
      },
      write,
    );
    return;
  }
  const result = parseToolCallChunks(chunks, {
    format,
    ...options.parser,
    ...(tools ? { tools } : {}),
    ...(options.model ? { model: options.model } : {}),
  });
  write(`${JSON.stringify(toParseResultJson(result), null, 2)}\n`);
}

function resolveFormat(id: string): string {
  try {
    return getFormat(id).id;
  } catch (error) {
    if (ToolwireError.isInstance(error)) throw new UsageError(error.message);
    throw error;
  }
}

function toolsFrom(value: unknown, where: string): ToolDefinition[] {
  try {
    return normalizeTools(value);
  } catch (error) {
    if (ToolwireError.isInstance(error)) throw new UsageError(`${where}: ${error.message}`);
    throw error;
  }
}

function chunksFrom(value: unknown): string[] {
  if (!Array.isArray(value) || !value.every((chunk) => typeof chunk === 'string')) {
    throw new UsageError('--chunks must be a JSON array of strings');
  }
  return value;
}

async function runJsonl(
  options: ParseCommandOptions,
  defaultFormat: string,
  defaultTools: ToolDefinition[] | undefined,
  write: (text: string) => void,
): Promise<void> {
  let stream: NodeJS.ReadableStream;
  if (options.file === undefined || options.file === '-') stream = process.stdin;
  else {
    readInput(options.file); // unreadable file: usage error before any output
    stream = createReadStream(options.file, 'utf8');
  }
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  const defaults: JsonlDefaults = {
    format: defaultFormat,
    ...(defaultTools ? { tools: defaultTools } : {}),
    ...(options.model ? { model: options.model } : {}),
    ...(options.parser ? { parser: options.parser } : {}),
  };
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    write(`${jsonlOutputLine(line, lineNumber, defaults)}\n`);
  }
}

/**
 * The output line for one input line, so outputs line up with inputs by position: a blank line gives
 * an error line, and so does a result that cannot be serialised. Never throws.
 */
export function jsonlOutputLine(line: string, lineNumber: number, defaults: JsonlDefaults): string {
  if (line.trim() === '')
    return JSON.stringify({ line: lineNumber, error: `line ${lineNumber}: empty line` });
  const result = parseJsonlLine(line, lineNumber, defaults);
  try {
    return JSON.stringify(result);
  } catch (error) {
    const id = result.id;
    let idPart: { id?: unknown } = {};
    try {
      if (id !== undefined) idPart = { id: JSON.parse(JSON.stringify(id)) as unknown };
    } catch {
      // an id that cannot be serialised itself is left out
    }
    return JSON.stringify({
      ...idPart,
      line: lineNumber,
      error: `line ${lineNumber}: the result cannot be serialised: ${(error as Error).message}`,
    });
  }
}

/** One batch line: a result object (plus the line's `id`) or `{ id?, line, error }`; never throws. */
export function parseJsonlLine(
  line: string,
  lineNumber: number,
  defaults: JsonlDefaults,
): Record<string, unknown> {
  let record: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error('a line must be a JSON object');
    record = value as Record<string, unknown>;
  } catch (error) {
    return { line: lineNumber, error: `line ${lineNumber}: ${(error as Error).message}` };
  }
  const idPart = record.id === undefined ? {} : { id: record.id };
  try {
    const input = record.input;
    if (typeof input !== 'string' && record.chunks === undefined) throw new Error('"input" must be a string');
    const format = record.format === undefined ? defaults.format : getFormat(String(record.format)).id;
    if (record.model !== undefined && typeof record.model !== 'string')
      throw new Error('"model" must be a string');
    const model = typeof record.model === 'string' ? record.model : defaults.model;
    const tools = record.tools === undefined ? defaults.tools : normalizeTools(record.tools);
    let chunks: string[];
    if (record.chunks !== undefined) {
      if (!Array.isArray(record.chunks) || !record.chunks.every((chunk) => typeof chunk === 'string')) {
        throw new Error('"chunks" must be an array of strings');
      }
      chunks = record.chunks;
      if (input !== undefined && (typeof input !== 'string' || chunks.join('') !== input))
        throw new Error('"input" and "chunks" disagree (the chunks must join to the input); give one');
    } else chunks = [input as string];
    const result = parseToolCallChunks(chunks, {
      format,
      ...defaults.parser,
      ...(tools ? { tools } : {}),
      ...(model ? { model } : {}),
    });
    return { ...idPart, ...toParseResultJson(result) };
  } catch (error) {
    return { ...idPart, line: lineNumber, error: `line ${lineNumber}: ${(error as Error).message}` };
  }
}
