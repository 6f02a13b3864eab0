import { ToolwireError } from '../errors/toolwire-error.js';
import { normalizeTools } from '../formats/core/tool-index.js';
import { parseToolCallChunks } from '../formats/parse-tool-calls.js';
import { getFormat } from '../formats/registry.js';
import type { ToolDefinition } from '../types/tool.js';
import { runEventsCommand } from './events-command.js';
import { toParseResultJson } from './parse-result-json.js';
import type { ParserFlags } from './parser-flags.js';
import { readInput, readJsonFile } from './read-input.js';
import { openInputStream, runJsonl } from './run-jsonl.js';
import { UsageError } from './usage-error.js';

export type { JsonlDefaults } from './jsonl-line.js';
export { jsonlOutputLine, parseJsonlLine } from './jsonl-line.js';
export type { ParserFlags } from './parser-flags.js';

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
  /** `--jsonl` only: worker threads that parse (default: one, more as the input proves long, up to
   * `os.availableParallelism()`; see `runJsonl`). */
  readonly workers?: number;
}

/**
 * `toolwire parse`: one JSON object on `write`, or, with `jsonl`, one line per input line. Resolves to
 * the exit code: 0, or with `jsonl` 1 when any line was answered with an error line. `progress` (given
 * only when standard error is a terminal) gets the batch's progress line.
 * @throws {UsageError} for bad flags or an unreadable file (exit 2).
 */
export async function runParseCommand(
  options: ParseCommandOptions,
  write: (output: string | Uint8Array) => void,
  progress?: (text: string) => void,
): Promise<number> {
  const format = resolveFormat(options.format);
  const tools =
    options.tools === undefined ? undefined : toolsFrom(readJsonFile(options.tools, '--tools'), '--tools');
  if (options.jsonl) {
    if (options.events) throw new UsageError('--events does not go with --jsonl');
    if (options.chunks !== undefined)
      throw new UsageError('--chunks does not go with --jsonl (give "chunks" per line)');
    const input = openInputStream(options.file);
    const counts = await runJsonl(
      input,
      {
        format,
        ...(tools ? { tools } : {}),
        ...(options.model ? { model: options.model } : {}),
        ...(options.parser ? { parser: options.parser } : {}),
      },
      write,
      {
        ...(options.workers === undefined ? {} : { workers: options.workers }),
        ...(progress ? { progress } : {}),
      },
    );
    return counts.errors > 0 ? 1 : 0;
  }
  if (options.workers !== undefined) throw new UsageError('--workers goes with --jsonl');
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
    return 0;
  }
  const result = parseToolCallChunks(chunks, {
    format,
    ...options.parser,
    ...(tools ? { tools } : {}),
    ...(options.model ? { model: options.model } : {}),
  });
  write(`${JSON.stringify(toParseResultJson(result), null, 2)}\n`);
  return 0;
}

function resolveFormat(id: string): string {
  try {
    return getFormat(id).id;
  } catch (error) {
    if (ToolwireError.isInstance(error)) throw new UsageError(error.message);
    throw error;
  }
}

export function toolsFrom(value: unknown, where: string): ToolDefinition[] {
  // A request body (`{"tools": [...], ...}`) names its tools as `grammar --tools` reads them.
  const list =
    typeof value === 'object' && value !== null && !Array.isArray(value) && 'tools' in value
      ? (value as { tools: unknown }).tools
      : value;
  try {
    return normalizeTools(list);
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
