/**
 * xgrammar's structural tags for every registered format (`structuralTagFor`), compiled by xgrammar's
 * own `Grammar.fromStructuralTag` (web-xgrammar 0.1.27) and judged by `Testings.isGrammarAcceptString`:
 * under `auto` text then calls (parallel on), under `required` a call and no text before it, a call
 * to an unknown tool rejected. A format that cannot be written as tags is listed below with its reason.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { structuralTagFor } from '../../../src/formats/grammar-for.js';
import { listFormats } from '../../../src/formats/registry.js';
import { type CallToRender, renderToolCalls } from '../../../src/grammar/envelope/render-tool-calls.js';
import { call, prose, tools } from './tools.js';

/** Formats whose calls cannot be written as structural tags, and why (kept honest below). */
const NO_TAG: Record<string, string> = {
  functionary_v32: 'the format has no trigger marker',
  content_only: 'no tool calls to constrain',
};

interface XGrammar {
  Grammar: { fromStructuralTag(tag: unknown): Promise<unknown> };
  Testings: { isGrammarAcceptString(grammar: unknown, text: string): Promise<boolean> };
}

// The package ships a UMD bundle under "type": "module": load a copy as .cjs (grammars.md §5B); a
// grammar error aborts the wasm module, so a failed compile loads a fresh copy for the next format.
let copies = 0;
function loadXGrammar(): XGrammar {
  const require = createRequire(import.meta.url);
  const copy = join(mkdtempSync(join(tmpdir(), 'toolwire-xgrammar-tag-')), `xgrammar-${copies++}.cjs`);
  copyFileSync(require.resolve('@mlc-ai/web-xgrammar'), copy);
  return require(copy) as XGrammar;
}
let xgrammar = loadXGrammar();
async function compile(tag: unknown): Promise<unknown> {
  try {
    return await xgrammar.Grammar.fromStructuralTag(tag);
  } catch (error) {
    xgrammar = loadXGrammar();
    throw new Error(`xgrammar refuses the structural tag ${JSON.stringify(tag)}: ${String(error)}`);
  }
}

for (const format of listFormats()) {
  describe(format.id, () => {
    it('has a structural tag xgrammar compiles and that accepts what the format writes', async () => {
      const spec = format.envelope;
      if (spec === undefined) throw new Error(`${format.id} has no envelope`);
      const auto = structuralTagFor({ tools, format: format.id, toolChoice: 'auto', parallel: true });
      const required = structuralTagFor({ tools, format: format.id, toolChoice: 'required' });
      const reason = NO_TAG[format.id];
      if (reason !== undefined) {
        expect([auto.structuralTag, auto.warnings]).toEqual([
          undefined,
          [{ type: 'unsupported', feature: 'structural-tag', details: reason }],
        ]);
        return;
      }
      const autoGrammar = await compile(auto.structuralTag);
      const requiredGrammar = await compile(required.structuralTag);
      const verdict = async (grammar: unknown, text: string) =>
        `${(await xgrammar.Testings.isGrammarAcceptString(grammar, text)) ? 'accepts' : 'rejects'}: ${text}`;
      const render = (calls: CallToRender[], text?: string) =>
        renderToolCalls(spec, calls, text === undefined ? {} : { text });
      await fc.assert(
        fc.asyncProperty(fc.tuple(prose, call, call), async ([before, first, second]) => {
          const one = render([first]);
          const two = render([first, second]);
          const unknown = render([{ name: 'delete_everything', arguments: first.arguments }]);
          const textFirst = spec.textBefore === false ? one : render([first], before);
          const got = [
            await verdict(autoGrammar, textFirst),
            await verdict(autoGrammar, two),
            await verdict(requiredGrammar, one),
            await verdict(requiredGrammar, unknown),
            await verdict(requiredGrammar, render([first], before)),
          ];
          expect(got).toEqual([
            `accepts: ${textFirst}`,
            `accepts: ${two}`,
            `accepts: ${one}`,
            `rejects: ${unknown}`,
            `rejects: ${render([first], before)}`,
          ]);
        }),
        { seed: 7, numRuns: 4 },
      );
    }, 60_000);
  });
}
