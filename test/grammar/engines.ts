/**
 * The two grammar engines the tests judge grammars with, in-process:
 *
 * - llama.cpp's grammar engine through `node-llama-cpp` 3.21.1 (`LlamaGrammar._testText`, an internal
 *   method of that pinned release: true exactly when the whole text matches; a grammar llama.cpp
 *   cannot parse throws).
 * - xgrammar through `@mlc-ai/web-xgrammar` 0.1.27 (`Grammar.fromEBNF`, `Testings.isGrammarAcceptString`).
 *   The package declares `"type": "module"` but ships a UMD bundle, so a copy of it is loaded as
 *   `.cjs` (grammars.md §5B); a grammar error can abort the wasm module, so a failed compile reloads it.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A compiled grammar: `accepts(text)` is true when the whole text matches. */
export interface CompiledGrammar {
  accepts(text: string): Promise<boolean>;
}

/** One engine: `compile` throws when the engine refuses the grammar. */
export interface GrammarEngine {
  readonly name: 'llama.cpp' | 'xgrammar';
  compile(grammar: string): Promise<CompiledGrammar>;
}

interface LlamaGrammarInternal {
  _testText(text: string): boolean;
}

let llamaEngine: Promise<GrammarEngine> | undefined;

/** llama.cpp's engine (loaded once per test file; about a second). */
export function llamaCppEngine(): Promise<GrammarEngine> {
  llamaEngine ??= (async () => {
    const { getLlama } = await import('node-llama-cpp');
    const llama = await getLlama({ gpu: false, build: 'never' });
    return {
      name: 'llama.cpp' as const,
      async compile(grammar: string) {
        const compiled = (await llama.createGrammar({ grammar })) as unknown as LlamaGrammarInternal;
        return { accepts: async (text: string) => compiled._testText(text) };
      },
    };
  })();
  return llamaEngine;
}

interface XGrammarModule {
  Grammar: { fromEBNF(text: string): Promise<unknown> };
  Testings: { isGrammarAcceptString(grammar: unknown, text: string): Promise<boolean> };
}

let xgrammarModule: XGrammarModule | undefined;
let copies = 0;

function loadXGrammar(): XGrammarModule {
  const require = createRequire(import.meta.url);
  const source = require.resolve('@mlc-ai/web-xgrammar');
  const directory = mkdtempSync(join(tmpdir(), 'toolwire-xgrammar-'));
  // A fresh file each time: require caches by path, and a reload needs a fresh wasm instance.
  const copy = join(directory, `xgrammar-${copies++}.cjs`);
  copyFileSync(source, copy);
  return require(copy) as XGrammarModule;
}

/** xgrammar's engine. */
export function xgrammarEngine(): GrammarEngine {
  return {
    name: 'xgrammar',
    async compile(grammar: string) {
      xgrammarModule ??= loadXGrammar();
      const module = xgrammarModule;
      let compiled: unknown;
      try {
        compiled = await module.Grammar.fromEBNF(grammar);
      } catch (error) {
        xgrammarModule = undefined;
        throw error;
      }
      return { accepts: (text: string) => module.Testings.isGrammarAcceptString(compiled, text) };
    },
  };
}
