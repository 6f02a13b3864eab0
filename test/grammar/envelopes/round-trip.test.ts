/**
 * Every registered format's envelope grammar, in both dialects, judged by the engines' own code
 * (llama.cpp through node-llama-cpp, xgrammar through web-xgrammar), and the round trip: arguments
 * valid under a tool's schema, written the way the format writes them (`renderToolCalls`), are
 * accepted by the grammar in both engines and read back to the same calls by `parseToolCalls`.
 * Per format: one call under `required`, text then a call under `auto` (and the lazy grammar from the
 * trigger), two calls with `parallel`, a named tool; and the rejections: a call to an unknown tool, a
 * second call with `parallel` off, text under `required`. What a format cannot express is listed in
 * `baseline.json` with its reason; a listed check that starts passing fails, like test/expectations/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { grammarFor } from '../../../src/formats/grammar-for.js';
import { parseToolCalls } from '../../../src/formats/parse-tool-calls.js';
import { listFormats } from '../../../src/formats/registry.js';
import { type CallToRender, renderToolCalls } from '../../../src/grammar/envelope/render-tool-calls.js';
import { type CompiledGrammar, type GrammarEngine, llamaCppEngine, xgrammarEngine } from '../engines.js';
import { call, prose, tools } from './tools.js';

const baseline = JSON.parse(readFileSync(new URL('./baseline.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, string>
>;

const CHECKS = [
  'round-trip',
  'reasoning',
  'edge-strings',
  'text-before',
  'lazy',
  'parallel',
  'named-tool',
  'reject-unknown-tool',
  'reject-second-call',
  'reject-text-when-required',
] as const;
type Check = (typeof CHECKS)[number];

/** Runs per property (seeded): enough to vary every argument, modest for a shared 2-core machine. */
const RUNS = 8;
/** String values the generated ones leave out: empty, whitespace at the edges, line breaks. */
const EDGE_STRINGS = ['', ' padded ', 'two\nlines', '\n'];
const FEW_RUNS = 3;

let engines: GrammarEngine[] = [];
beforeAll(async () => {
  engines = [await llamaCppEngine(), xgrammarEngine()];
}, 60_000);

type Mode = 'required' | 'auto' | 'auto-lazy' | 'parallel' | 'named';

async function compileAll(formatId: string): Promise<Map<string, CompiledGrammar>> {
  const out = new Map<string, CompiledGrammar>();
  const settings: Record<Mode, Parameters<typeof grammarFor>[0]> = {
    required: { tools, format: formatId, toolChoice: 'required' },
    auto: { tools, format: formatId, toolChoice: 'auto' },
    'auto-lazy': { tools, format: formatId, toolChoice: 'auto', lazy: true },
    parallel: { tools, format: formatId, toolChoice: 'required', parallel: true },
    named: { tools, format: formatId, toolChoice: 'search' },
  };
  for (const engine of engines) {
    const dialect = engine.name === 'llama.cpp' ? 'gbnf' : 'ebnf';
    for (const [mode, options] of Object.entries(settings)) {
      const { grammar } = grammarFor({ ...options, dialect });
      out.set(`${engine.name}:${mode}`, await engine.compile(grammar));
    }
  }
  return out;
}

async function acceptedBy(
  grammars: Map<string, CompiledGrammar>,
  mode: Mode,
  text: string,
): Promise<string[]> {
  const verdicts: string[] = [];
  // The engines judge synchronously: give the event loop a turn so vitest's worker stays responsive.
  await new Promise((resolve) => setImmediate(resolve));
  for (const engine of engines) {
    const grammar = grammars.get(`${engine.name}:${mode}`) as CompiledGrammar;
    verdicts.push(`${engine.name}:${(await grammar.accepts(text)) ? 'accepts' : 'rejects'}`);
  }
  return verdicts;
}

/** Throws with both values in full (fast-check's report keeps the message, not vitest's diff). */
function same(actual: unknown, expected: unknown): void {
  const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  if (!isDeepStrictEqual(plain(actual), plain(expected)))
    throw new Error(`expected ${JSON.stringify(expected)}\n     got ${JSON.stringify(actual)}`);
}

const both = (verdict: 'accepts' | 'rejects') => [`llama.cpp:${verdict}`, `xgrammar:${verdict}`];

function readBack(formatId: string, text: string, withReasoning = false) {
  const result = parseToolCalls(text, { format: formatId, tools });
  return {
    ...(withReasoning ? { reasoning: result.reasoning } : {}),
    calls: result.toolCalls.map((parsed) => ({ name: parsed.name, arguments: parsed.arguments })),
    invalid: result.invalidToolCalls.length,
    // Whitespace between and around calls is content in some formats (verbatim), layout in others.
    content: result.content.trim(),
  };
}

for (const format of listFormats()) {
  describe(format.id, () => {
    it('has an envelope grammar in both dialects that both engines compile, and round-trips', async () => {
      const spec = format.envelope;
      if (spec === undefined) throw new Error(`${format.id} has no envelope`);
      if (spec.noCalls === true) {
        // A format without calls: any text under auto, and nothing to require.
        for (const engine of engines) {
          const dialect = engine.name === 'llama.cpp' ? 'gbnf' : 'ebnf';
          const compiled = await engine.compile(grammarFor({ tools, format: format.id, dialect }).grammar);
          expect(await compiled.accepts('Hello, <tool_call> world!\n')).toBe(true);
        }
        expect(() => grammarFor({ tools, format: format.id, toolChoice: 'required' })).toThrow(
          'this format writes no tool calls: use toolChoice "auto" or "none"',
        );
        return;
      }
      const grammars = await compileAll(format.id);
      const failures = new Map<Check, string>();
      const run = async <T>(check: Check, arbitrary: fc.Arbitrary<T>, body: (value: T) => Promise<void>) => {
        const numRuns =
          check === 'edge-strings'
            ? EDGE_STRINGS.length * 3
            : check.startsWith('reject') || check === 'named-tool' || check === 'lazy'
              ? FEW_RUNS
              : RUNS;
        try {
          await fc.assert(fc.asyncProperty(arbitrary, body), { seed: 12, numRuns, endOnFailure: true });
        } catch (error) {
          const cause = (error as { cause?: unknown }).cause;
          failures.set(check, `${String(error).split('\n')[2] ?? ''}\n${String(cause).slice(0, 1500)}`);
        }
      };
      const one = (calls: CallToRender[], text?: string) =>
        renderToolCalls(spec, calls, text === undefined ? {} : { text });

      await run('round-trip', call, async (value: CallToRender) => {
        const text = one([value]);
        same(
          { text, verdicts: await acceptedBy(grammars, 'required', text) },
          { text, verdicts: both('accepts') },
        );
        same(readBack(format.id, text), { calls: [value], invalid: 0, content: '' });
      });
      if (spec.reasoning !== undefined) {
        await run('reasoning', call, async (value: CallToRender) => {
          const text = renderToolCalls(spec, [value], { reasoning: 'The user wants this.' });
          same(
            { text, verdicts: await acceptedBy(grammars, 'required', text) },
            { text, verdicts: both('accepts') },
          );
          same(readBack(format.id, text, true), {
            reasoning: 'The user wants this.',
            calls: [value],
            invalid: 0,
            content: '',
          });
        });
      }
      await run('edge-strings', fc.constantFrom(...EDGE_STRINGS), async (city: string) => {
        const value = { name: 'get_weather', arguments: { city, days: 3 } };
        const text = one([value]);
        same(
          { text, verdicts: await acceptedBy(grammars, 'required', text) },
          { text, verdicts: both('accepts') },
        );
        same(readBack(format.id, text), { calls: [value], invalid: 0, content: '' });
      });
      await run('text-before', fc.tuple(prose, call), async ([before, value]: [string, CallToRender]) => {
        const text = one([value], before);
        same(
          { text, verdicts: await acceptedBy(grammars, 'auto', text) },
          { text, verdicts: both('accepts') },
        );
        same(readBack(format.id, text), { calls: [value], invalid: 0, content: before.trim() });
      });
      await run('lazy', call, async (value: CallToRender) => {
        const text = one([value]);
        const { triggers } = grammarFor({ tools, format: format.id, lazy: true });
        same(
          { text, startsWithTrigger: triggers.some((word) => text.startsWith(word)) },
          { text, startsWithTrigger: true },
        );
        same(
          { text, verdicts: await acceptedBy(grammars, 'auto-lazy', text) },
          { text, verdicts: both('accepts') },
        );
      });
      await run('parallel', fc.tuple(call, call), async ([first, second]: [CallToRender, CallToRender]) => {
        const text = one([first, second]);
        same(
          { text, verdicts: await acceptedBy(grammars, 'parallel', text) },
          { text, verdicts: both('accepts') },
        );
        same(readBack(format.id, text), { calls: [first, second], invalid: 0, content: '' });
      });
      await run('named-tool', call, async (value: CallToRender) => {
        const text = one([value]);
        const expected = value.name === 'search' ? 'accepts' : 'rejects';
        same(
          { text, verdicts: await acceptedBy(grammars, 'named', text) },
          { text, verdicts: both(expected) },
        );
      });
      await run('reject-unknown-tool', call, async (value: CallToRender) => {
        const text = one([{ name: 'delete_everything', arguments: value.arguments }]);
        same(
          { text, verdicts: await acceptedBy(grammars, 'required', text) },
          { text, verdicts: both('rejects') },
        );
        same(
          { text, verdicts: await acceptedBy(grammars, 'parallel', text) },
          { text, verdicts: both('rejects') },
        );
      });
      await run(
        'reject-second-call',
        fc.tuple(call, call),
        async ([first, second]: [CallToRender, CallToRender]) => {
          const text = one([first, second]);
          same(
            { text, verdicts: await acceptedBy(grammars, 'required', text) },
            { text, verdicts: both('rejects') },
          );
        },
      );
      await run(
        'reject-text-when-required',
        fc.tuple(prose, call),
        async ([before, value]: [string, CallToRender]) => {
          const text = one([value], before);
          same(
            { text, verdicts: await acceptedBy(grammars, 'required', text) },
            { text, verdicts: both('rejects') },
          );
        },
      );

      const listed = baseline[format.id] ?? {};
      const unexpected = CHECKS.filter((check) => failures.has(check) && listed[check] === undefined).map(
        (check) => `${check} fails:\n${failures.get(check)}`,
      );
      const stale = CHECKS.filter((check) => !failures.has(check) && listed[check] !== undefined).map(
        (check) => `${check} passes but is listed in baseline.json: ${listed[check]}`,
      );
      if (process.env.ENVELOPE_DEBUG !== undefined && unexpected.length > 0)
        writeFileSync(`${process.env.ENVELOPE_DEBUG}/${format.id}.txt`, unexpected.join('\n\n'));
      expect([...unexpected, ...stale]).toEqual([]);
    }, 120_000);
  });
}
