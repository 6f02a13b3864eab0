import { runGrammarToolsCommand } from './grammar-tools-command.js';
import { UsageError } from './usage-error.js';

export { grammarToolsOptions } from './grammar-tools-options.js';

/** Checks the `--tools` form's flags and runs it (see `runGrammarToolsCommand`). */
export function runGrammarTools(
  values: {
    schema?: string | undefined;
    tools?: string | undefined;
    format?: string | undefined;
    'tool-choice': string;
    parallel: boolean;
    lazy: boolean;
    'structural-tag': boolean;
    'any-order': boolean;
    strict: boolean;
  },
  printing: { dialect: 'gbnf' | 'ebnf'; whitespace: 'compact' | 'flexible' },
  io: { stdout: (text: string) => void; stderr: (text: string) => void },
): number {
  if (values.schema !== undefined)
    throw new UsageError('grammar takes --schema FILE or --tools FILE, not both');
  if (values.tools === undefined) throw new UsageError('grammar --format needs --tools FILE');
  if (values.format === undefined) throw new UsageError('grammar --tools needs --format ID');
  if (values['tool-choice'] === '')
    throw new UsageError('--tool-choice must be auto, required, none or a tool name');
  if (values.lazy && values['tool-choice'] !== 'auto')
    throw new UsageError('--lazy applies to --tool-choice auto only');
  return runGrammarToolsCommand(
    {
      tools: values.tools,
      format: values.format,
      toolChoice: values['tool-choice'],
      parallel: values.parallel,
      lazy: values.lazy,
      structuralTag: values['structural-tag'],
      dialect: printing.dialect,
      whitespace: printing.whitespace,
      anyOrder: values['any-order'],
      strict: values.strict,
    },
    io,
  );
}
