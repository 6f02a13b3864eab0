// Bundle-size budgets of the built package (dist/), checked by `npx size-limit` and by
// test/package/bundle-size.test.ts in `npm test`. Each check bundles one import the way an application
// would (esbuild, minified, tree-shaken, `sideEffects: false` honoured) and measures it gzipped.
//
// A module that toolwire loads with `import()` (the RE2 engine, on the first schema `pattern`) is left
// out: webpack, Rollup and Vite put it in a chunk of its own, loaded when it is needed, so a check
// measures what a page loads up front. A static import of the same module is bundled and counted.
//
// Budgets: what the build reaches, plus about 5% headroom (docs/benchmarks.md, "Bundle sizes").

/** Leaves every `import()` out of the bundle, as a separate chunk would be. */
const lazyChunksApart = {
  name: 'lazy-chunks-apart',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
    );
  },
};

const split = {
  modifyEsbuildConfig: (config) => ({ ...config, format: 'esm', plugins: [lazyChunksApart] }),
};

/** The Node.js built-ins that the server entries import stay imports (the platform provides them). */
const nodeBuiltins = { ignore: ['node:*'] };

/** One check: `name`, the built file, what is imported from it, the gzipped budget. */
const check = (name, path, imported, limit, extra = {}) => ({
  name,
  path,
  import: imported,
  limit,
  gzip: true,
  ...split,
  ...extra,
});

export default [
  check('toolwire', 'dist/index.js', '*', '167 kB'),
  check('toolwire/json', 'dist/json/index.js', '*', '13.7 kB'),
  check('toolwire/schema', 'dist/schema/index.js', '*', '32 kB'),
  check('toolwire/formats', 'dist/formats/index.js', '*', '119 kB'),
  check('toolwire/formats { parseToolCalls }', 'dist/formats/index.js', '{ parseToolCalls }', '102 kB'),
  // One format without schema alignment, and with it (`align: schemaAlignment`).
  check('toolwire/formats { hermes, parseWith }', 'dist/formats/index.js', '{ hermes, parseWith }', '33 kB'),
  check(
    'toolwire/formats { hermes, parseWith, schemaAlignment }',
    'dist/formats/index.js',
    '{ hermes, parseWith, schemaAlignment }',
    '52 kB',
  ),
  check('toolwire/stream', 'dist/stream/index.js', '*', '106 kB'),
  check('toolwire/providers', 'dist/providers/index.js', '*', '63 kB'),
  check('toolwire/providers { anthropic }', 'dist/providers/index.js', '{ anthropic }', '22 kB'),
  check('toolwire/providers { openaiChat }', 'dist/providers/index.js', '{ openaiChat }', '30 kB'),
  check('toolwire/tools', 'dist/tools/index.js', '*', '108 kB'),
  check('toolwire/grammar', 'dist/grammar/index.js', '*', '19.5 kB'),
  check('toolwire/ai-sdk', 'dist/ai-sdk/index.js', '*', '126 kB'),
  check('toolwire/server', 'dist/server/index.js', '*', '231 kB', nodeBuiltins),
  check('toolwire/server/node', 'dist/server/node/index.js', '*', '241 kB', nodeBuiltins),
  // What `loadPatternEngine()` (or the first schema `pattern` on Node.js) loads.
  check(
    're2js: the RE2 engine, loaded on first use',
    'node_modules/re2js/build/index.js',
    '{ RE2JS }',
    '49 kB',
  ),
];
