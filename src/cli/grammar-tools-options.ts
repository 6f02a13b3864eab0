// Apart from grammar-tools-args.ts so that main.ts can spell the flags without loading the grammar
// modules: each command's modules are loaded only when that command runs.
/** The `parseArgs` options `toolwire grammar` takes for `--tools FILE --format ID`. */
export const grammarToolsOptions = {
  tools: { type: 'string' },
  format: { type: 'string' },
  'tool-choice': { type: 'string', default: 'auto' },
  parallel: { type: 'boolean', default: false },
  lazy: { type: 'boolean', default: false },
  'structural-tag': { type: 'boolean', default: false },
} as const;
