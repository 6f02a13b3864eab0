import type { RE2JS } from 're2js';

/**
 * The RE2 engine (`re2js`) that runs JSON Schema `pattern`s, loaded the first time a pattern is
 * compiled, not when toolwire is imported: it is most of the weight of any bundle that aligns
 * arguments (about 45 kB gzipped), and most tool schemas have no `pattern`.
 *
 * Alignment is synchronous, so the engine is loaded synchronously where that is possible: on Node.js
 * (and runtimes that implement `process.getBuiltinModule`) with `require`, from toolwire's own folder.
 * Elsewhere (a browser, a worker, a bundle whose `node_modules` is gone) it is whatever
 * `loadPatternEngine()` loaded; until then no pattern is run (see `compileSchemaPattern`).
 */
let engine: typeof RE2JS | undefined;
/** Whether `require` was tried already (it is tried once: a miss stays a miss until `loadPatternEngine`). */
let required = false;

/**
 * Loads the RE2 engine that checks JSON Schema `pattern`s, with `import()`: a bundler puts it in a chunk
 * of its own, fetched here. Needed only where `require` is not available (browsers, workers, edge
 * runtimes); on Node.js the first pattern loads it. Call it before aligning or parsing with tools whose
 * schemas hold a `pattern`: a pattern met before it is done is not run, and every string it would have
 * checked is flagged `pattern_unchecked` (for that schema object, as long as it is cached). Calling it
 * again does nothing.
 *
 * @returns when the engine is loaded.
 * @throws the error of the `import()` when the `re2js` module cannot be loaded.
 */
export async function loadPatternEngine(): Promise<void> {
  if (engine !== undefined) return;
  const loaded = await import('re2js');
  engine ??= loaded.RE2JS;
}

/** The RE2 engine: loaded by `loadPatternEngine`, else by `require` where the runtime has it. */
export function patternEngine(): typeof RE2JS | undefined {
  if (engine === undefined && !required) {
    required = true;
    engine = requireEngine();
  }
  return engine;
}

/** What this module needs of `node:module` (typed here: the entry compiles with no global types). */
interface NodeModuleApi {
  createRequire(from: string): (id: string) => unknown;
}

/** `re2js` loaded by `require` next to this file, or `undefined` where that cannot be done. */
function requireEngine(): typeof RE2JS | undefined {
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  if (typeof runtime?.getBuiltinModule !== 'function') return undefined;
  try {
    const moduleApi = runtime.getBuiltinModule('node:module') as NodeModuleApi | undefined;
    const loaded = moduleApi?.createRequire(import.meta.url)('re2js') as { RE2JS?: typeof RE2JS } | undefined;
    return loaded?.RE2JS;
  } catch {
    return undefined;
  }
}
