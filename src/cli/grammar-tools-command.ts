import { ToolwireError } from '../errors/toolwire-error.js';
import { grammarFor, structuralTagFor } from '../formats/grammar-for.js';
import type { Warning } from '../types/warning.js';
import { readJsonFile } from './read-input.js';
import { UsageError } from './usage-error.js';

/** Options of `toolwire grammar --tools FILE --format ID` after argument parsing. */
export interface GrammarToolsCommandOptions {
  readonly tools: string;
  readonly format: string;
  readonly toolChoice: string;
  readonly parallel: boolean;
  readonly lazy: boolean;
  readonly structuralTag: boolean;
  readonly dialect: 'gbnf' | 'ebnf';
  readonly whitespace: 'compact' | 'flexible';
  readonly anyOrder: boolean;
  readonly strict: boolean;
}

/**
 * `toolwire grammar --tools FILE --format ID [--tool-choice auto|required|none|NAME] [--parallel]
 * [--lazy] [--structural-tag]`: prints the grammar of one assistant turn in that format calling those
 * tools (see `grammarFor`), or with `--structural-tag` xgrammar's structural-tag JSON (one line).
 * With `--lazy` the trigger words go to stderr as one `toolwire: triggers: [...]` line (JSON), the
 * grammar starting at them; warnings go to stderr as `toolwire: warning: ...` lines. Resolves to
 * the exit code: 0 printed; 1 when `--strict` meets a warning or the format has no structural tag
 * (one line on stderr, nothing printed).
 * @throws UsageError (exit 2) for an unreadable or invalid tools file, an unknown format, or a
 *   `--tool-choice` naming a tool not in the file.
 */
export function runGrammarToolsCommand(
  options: GrammarToolsCommandOptions,
  io: { stdout: (text: string) => void; stderr: (text: string) => void },
): number {
  const tools = readJsonFile(options.tools, '--tools');
  const toolList = Array.isArray(tools) ? tools : (tools as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(toolList))
    throw new UsageError(`--tools ${options.tools}: expected a JSON array of tools (or { "tools": [...] })`);
  const common = {
    tools: toolList,
    format: options.format,
    toolChoice: options.toolChoice,
    parallel: options.parallel,
    whitespace: options.whitespace,
    propertyOrder: options.anyOrder ? ('any' as const) : ('schema' as const),
  };
  try {
    if (options.structuralTag) {
      const { structuralTag, warnings } = structuralTagFor(common);
      if (structuralTag === undefined) {
        const reason = warnings
          .map((w) => (w.type === 'other' ? w.message : (w.details ?? w.feature)))
          .join('; ');
        io.stderr(`toolwire: format ${options.format} cannot be written as a structural tag: ${reason}\n`);
        return 1;
      }
      if (!report(warnings, options.strict, io)) return 1;
      io.stdout(`${JSON.stringify(structuralTag)}\n`);
      return 0;
    }
    const result = grammarFor({ ...common, dialect: options.dialect, lazy: options.lazy });
    if (!report(result.warnings, options.strict, io)) return 1;
    if (options.lazy) io.stderr(`toolwire: triggers: ${JSON.stringify(result.triggers)}\n`);
    io.stdout(result.grammar);
    return 0;
  } catch (error) {
    if (ToolwireError.isInstance(error)) throw new UsageError(error.message);
    throw error;
  }
}

/** Writes the warnings (or, with `strict`, one line listing them); false when `strict` stops. */
function report(
  warnings: readonly Warning[],
  strict: boolean,
  io: { stderr: (text: string) => void },
): boolean {
  const lines = warnings.map((warning) =>
    warning.type === 'other' ? warning.message : `${warning.feature}: ${warning.details ?? ''}`,
  );
  if (strict && lines.length > 0) {
    io.stderr(`toolwire: grammar cannot express: ${lines.join('; ').replace(/\n/g, ' ')}\n`);
    return false;
  }
  for (const line of lines) io.stderr(`toolwire: warning: ${line}\n`);
  return true;
}
