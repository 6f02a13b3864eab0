import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type ContentMode, contentModes } from '../formats/core/content-shaper.js';
import { grammarToolsOptions } from './grammar-tools-options.js';
import { runParseCommand } from './parse-command.js';
import { UsageError } from './usage-error.js';

const isContentMode = (value: string): value is ContentMode =>
  (contentModes as readonly string[]).includes(value);

const usage = `usage:
  toolwire parse [FILE | --chunks FILE] [--format ID|auto] [--model NAME] [--tools FILE] [--events]
  toolwire parse --jsonl [FILE] [--format ID|auto] [--model NAME] [--tools FILE] [--workers N]
      (exit 1 when a line failed; progress on stderr when it is a terminal)
      parser flags: [--reasoning split|content|inline] [--reasoning-started-in-prompt]
                    [--allow-unknown-tools] [--allow-invalid-arguments] [--glm-shorthand]
                    [--content verbatim|nonblank|trim|narrative|json]
                    [--strict-format] [--finish-reason stop|length] [--apply-defaults]
  toolwire accumulate [FILE] [--from openai-chat|openai-responses|anthropic] [--tools FILE]
      (stream events as JSON lines or SSE; the provider is detected from the first event)
  toolwire align --schema FILE [--text] [--strict] [INPUT]
  toolwire convert --from P --to Q [--repair] [--strict] [FILE]
      P, Q: openai-chat, openai-responses, anthropic, gemini, bedrock, mistral, ollama, canonical
  toolwire grammar --schema FILE [--dialect gbnf|ebnf] [--whitespace flexible|compact] [--any-order] [--strict]
  toolwire grammar --tools FILE --format ID [--tool-choice auto|required|none|NAME] [--parallel] [--lazy]
                   [--structural-tag] [--dialect gbnf|ebnf] [--whitespace flexible|compact] [--any-order] [--strict]
  toolwire formats [--json]
  toolwire serve --config FILE | --backend URL --model NAME --format ID [--template FILE|builtin:ID]
      (an OpenAI-compatible gateway; toolwire serve --help lists every flag)
  toolwire demo
  toolwire help | --help | --version
`;

/** What a bare `toolwire` prints: one line, the full usage being one `--help` away. */
const shortUsage =
  'toolwire: missing command; usage: toolwire parse|accumulate|align|convert|grammar|serve|formats|demo [options] (toolwire --help for details)\n';

// The other commands' modules are imported when that command runs: `parse` (imported here, the
// command that runs most, over thousands of lines with --jsonl) does not load the grammar, provider
// and tool modules, which start-up would otherwise pay for.
/**
 * Runs the CLI with `argv` (without node and script) and resolves to the exit code:
 * 0 done, 1 `align` found issues, `grammar --strict` met something it cannot express, a `parse --jsonl`
 * line failed or an `accumulate` stream reported an error, 2 usage error or unreadable input (one line on
 * stderr). `io.stderrIsTerminal` turns on the progress line of `parse --jsonl`.
 */
export async function main(
  argv: readonly string[],
  io: {
    /** Gets text, and the UTF-8 bytes of `parse --jsonl`'s output lines (as worker threads made them). */
    stdout: (output: string | Uint8Array) => void;
    stderr: (text: string) => void;
    color: boolean;
    stderrIsTerminal?: boolean;
  },
  examplesDirectory: URL,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== undefined && command !== 'serve' && asksForHelp(rest)) {
    const lines = commandUsage(command);
    if (lines !== undefined) {
      io.stdout(
        `usage:\n${lines}\nDocumentation: https://github.com/toolwire/toolwire/blob/main/docs/cli.md\n`,
      );
      return 0;
    }
  }
  try {
    switch (command) {
      case 'parse': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            format: { type: 'string', default: 'auto' },
            model: { type: 'string' },
            tools: { type: 'string' },
            chunks: { type: 'string' },
            jsonl: { type: 'boolean', default: false },
            events: { type: 'boolean', default: false },
            reasoning: { type: 'string' },
            'reasoning-started-in-prompt': { type: 'boolean', default: false },
            'allow-unknown-tools': { type: 'boolean', default: false },
            'allow-invalid-arguments': { type: 'boolean', default: false },
            'glm-shorthand': { type: 'boolean', default: false },
            content: { type: 'string' },
            'strict-format': { type: 'boolean', default: false },
            'finish-reason': { type: 'string' },
            'apply-defaults': { type: 'boolean', default: false },
            workers: { type: 'string' },
          },
        });
        const finishReason = values['finish-reason'];
        if (finishReason !== undefined && finishReason !== 'stop' && finishReason !== 'length')
          throw new UsageError(`--finish-reason must be stop or length, got ${finishReason}`);
        const reasoning = values.reasoning;
        if (
          reasoning !== undefined &&
          reasoning !== 'split' &&
          reasoning !== 'content' &&
          reasoning !== 'inline'
        )
          throw new UsageError(`--reasoning must be split, content or inline, got ${reasoning}`);
        const content = values.content;
        if (content !== undefined && !isContentMode(content))
          throw new UsageError(
            `--content must be verbatim, nonblank, trim, narrative or json, got ${content}`,
          );
        if (positionals.length > 1)
          throw new UsageError(`parse takes at most one FILE, got ${positionals.length}`);
        return await runParseCommand(
          {
            format: values.format,
            ...(values.workers === undefined
              ? {}
              : { workers: positiveInteger(values.workers, '--workers') }),
            jsonl: values.jsonl,
            events: values.events,
            ...(positionals[0] === undefined ? {} : { file: positionals[0] }),
            ...(values.model === undefined ? {} : { model: values.model }),
            ...(values.tools === undefined ? {} : { tools: values.tools }),
            ...(values.chunks === undefined ? {} : { chunks: values.chunks }),
            parser: {
              ...(reasoning === undefined ? {} : { reasoning }),
              ...(values['reasoning-started-in-prompt'] ? { reasoningStartedInPrompt: true } : {}),
              ...(values['allow-unknown-tools'] ? { allowUnknownTools: true } : {}),
              ...(values['allow-invalid-arguments'] ? { allowInvalidArguments: true } : {}),
              ...(values['glm-shorthand'] ? { glmShorthand: true } : {}),
              ...(content === undefined ? {} : { content }),
              ...(values['strict-format'] ? { strictFormat: true } : {}),
              ...(finishReason === undefined ? {} : { finishReason }),
              ...(values['apply-defaults'] ? { applyDefaults: true } : {}),
            },
          },
          io.stdout,
          io.stderrIsTerminal ? io.stderr : undefined,
        );
      }
      case 'accumulate': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { from: { type: 'string' }, tools: { type: 'string' } },
        });
        if (positionals.length > 1)
          throw new UsageError(`accumulate takes at most one FILE, got ${positionals.length}`);
        return await (await import('./accumulate-command.js')).runAccumulateCommand(
          {
            ...(positionals[0] === undefined ? {} : { file: positionals[0] }),
            ...(values.from === undefined ? {} : { from: values.from }),
            ...(values.tools === undefined ? {} : { tools: values.tools }),
          },
          io,
        );
      }
      case 'align': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            schema: { type: 'string' },
            text: { type: 'boolean', default: false },
            strict: { type: 'boolean', default: false },
          },
        });
        if (values.schema === undefined) throw new UsageError('align needs --schema FILE');
        if (positionals.length > 1)
          throw new UsageError(`align takes at most one INPUT, got ${positionals.length}`);
        return (await import('./align-command.js')).runAlignCommand(
          {
            schema: values.schema,
            text: values.text,
            strict: values.strict,
            ...(positionals[0] === undefined ? {} : { file: positionals[0] }),
          },
          io.stdout,
        );
      }
      case 'convert': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            from: { type: 'string' },
            to: { type: 'string' },
            repair: { type: 'boolean', default: false },
            strict: { type: 'boolean', default: false },
          },
        });
        if (values.from === undefined || values.to === undefined)
          throw new UsageError('convert needs --from P and --to Q');
        if (positionals.length > 1)
          throw new UsageError(`convert takes at most one FILE, got ${positionals.length}`);
        return (await import('./convert-command.js')).runConvertCommand(
          {
            from: values.from,
            to: values.to,
            repair: values.repair,
            strict: values.strict,
            ...(positionals[0] === undefined ? {} : { file: positionals[0] }),
          },
          io,
        );
      }
      case 'grammar': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            schema: { type: 'string' },
            dialect: { type: 'string', default: 'gbnf' },
            whitespace: { type: 'string', default: 'flexible' },
            'any-order': { type: 'boolean', default: false },
            strict: { type: 'boolean', default: false },
            ...grammarToolsOptions,
          },
        });
        const { dialect, whitespace } = values;
        if (values.schema === undefined && values.tools === undefined && values.format === undefined)
          throw new UsageError('grammar needs --schema FILE');
        if (dialect !== 'gbnf' && dialect !== 'ebnf')
          throw new UsageError(`--dialect must be gbnf or ebnf, got ${dialect}`);
        if (whitespace !== 'flexible' && whitespace !== 'compact')
          throw new UsageError(`--whitespace must be flexible or compact, got ${whitespace}`);
        if (positionals.length > 0) throw new UsageError(`grammar takes no INPUT, got ${positionals[0]}`);
        if (values.tools !== undefined || values.schema === undefined)
          return (await import('./grammar-tools-args.js')).runGrammarTools(
            values,
            { dialect, whitespace },
            io,
          );
        return (await import('./grammar-command.js')).runGrammarCommand(
          {
            schema: values.schema,
            dialect,
            whitespace,
            anyOrder: values['any-order'],
            strict: values.strict,
          },
          io,
        );
      }
      case 'serve':
        return await (await import('./serve-command.js')).runServeCommand(rest, io);
      case 'formats': {
        const { values } = parseArgs({ args: rest, options: { json: { type: 'boolean', default: false } } });
        (await import('./formats-command.js')).runFormatsCommand(io.stdout, values.json);
        return 0;
      }
      case 'demo':
        parseArgs({ args: rest, options: {} });
        (await import('./demo-command.js')).runDemoCommand(examplesDirectory, io.stdout, io.color);
        return 0;
      case undefined:
        io.stderr(shortUsage);
        return 2;
      case '--help':
      case '-h':
      case 'help':
        io.stdout(usage);
        return 0;
      case '--version':
      case '-V':
        io.stdout(`${packageVersion()}\n`);
        return 0;
      default:
        throw new UsageError(`unknown command "${command}" (toolwire --help lists the commands)`);
    }
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      io.stderr(`${oneLine(usageLine(error as Error, command))}\n`);
      return 2;
    }
    throw error;
  }
}

/**
 * A message on one line, whole: line breaks and other control characters (Node's and V8's messages
 * quote the offending input, which may hold them) are written as escapes, so no quote is cut open.
 */
export function oneLine(message: string): string {
  return message.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (character) => {
    if (character === '\n') return '\\n';
    if (character === '\r') return '\\r';
    if (character === '\t') return '\\t';
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** The `version` of this package's package.json (two levels up from both `src/cli` and `dist/cli`). */
function packageVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return String((JSON.parse(text) as { version?: unknown }).version);
}

function positiveInteger(text: string, option: string): number {
  if (!/^[1-9][0-9]{0,5}$/.test(text))
    throw new UsageError(`${option} must be a positive integer, got ${text}`);
  return Number(text);
}

/** `--help` or `-h` among a command's arguments (before a `--` that ends the options). */
function asksForHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

/** The lines of `usage` for one command (its own lines and their indented continuations). */
function commandUsage(command: string): string | undefined {
  const lines: string[] = [];
  let inCommand = false;
  for (const line of usage.split('\n')) {
    if (line.startsWith('  toolwire '))
      inCommand = line.startsWith(`  toolwire ${command} `) || line === `  toolwire ${command}`;
    else if (!line.startsWith('      ') && !line.startsWith('                 ')) inCommand = false;
    if (inCommand) lines.push(line);
  }
  return lines.length === 0 ? undefined : lines.join('\n');
}

/**
 * The line for a usage error. Node's message for an unknown option advises `--` for a positional
 * argument starting with `-`, which is rarely what was meant: a misspelt flag is, and the help lists them.
 */
function usageLine(error: Error, command: string | undefined): string {
  const help = command === 'serve' ? 'toolwire serve --help' : 'toolwire --help';
  const code = (error as { code?: unknown }).code;
  const unknown = /^Unknown option '([^']*)'/.exec(error.message);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown !== null)
    return `toolwire ${command}: unknown option ${unknown[1]} (${help} lists the options)`;
  // Node names the option with its short form and a placeholder ("Option '-p, --port <value>'
  // argument missing"); the line names the long flag as the help writes it.
  const missing = /^Option '(?:-[^,' ]+, )?(--[^' ]+)[^']*' argument missing$/.exec(error.message);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && missing !== null)
    return `toolwire ${command}: ${missing[1]} needs a value (${help} lists the options)`;
  const flag = /^Option '(--[^' ]+)' does not take an argument$/.exec(error.message);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag !== null)
    return `toolwire ${command}: ${flag[1]} takes no value (${help} lists the options)`;
  return `toolwire: ${error.message}`;
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}
