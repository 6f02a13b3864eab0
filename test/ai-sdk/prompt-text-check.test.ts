/**
 * The whole-prompt check: for every chat template in `shared/corpus/templates/`, the fixed
 * conversation (system, user, tools, an assistant call, its result, a user follow-up) rendered by the
 * model's own template with `tools` and `tool_calls`, against `renderPromptText` of the same
 * conversation with our prompt template for that model (what the middleware sends a raw-text
 * endpoint with `promptTemplate`). Equal, except for the differences listed per template in
 * `prompt-text-differences.json`:
 *
 * - `whitespace`: `[real, ours]` pairs applied in order as in `template-check.test.ts`; each pair must
 *   differ in whitespace only (the test checks it), and each must still apply;
 * - `differences`: pairs beyond whitespace, each where the template's own rendering contradicts the
 *   model's call syntax or drops a past call (the reason says which); applied after `whitespace`;
 * - `unchecked`: no prompt template is checked on this file, with the reason (the template cannot
 *   be rendered by `@huggingface/jinja`, rejects the conversation, or has no prompt template yet).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { promptTemplates } from '../../src/ai-sdk/prompt-templates/prompt-templates.js';
import { renderPromptText } from '../../src/ai-sdk/prompt-text.js';
import { describeCorpus } from '../corpus.js';

interface Expectation {
  readonly template?: string;
  readonly reason?: string;
  readonly whitespace?: readonly (readonly [string, string])[];
  readonly differences?: readonly (readonly [string, string])[];
  readonly unchecked?: string;
}

const expectations = JSON.parse(
  readFileSync(new URL('./prompt-text-differences.json', import.meta.url), 'utf8'),
) as Record<string, Expectation>;
const withoutWhitespace = (text: string): string => text.replace(/\s+/g, '');

describeCorpus('templates/', 'whole prompt text against the models’ own chat templates', async () => {
  // Imported here: the module reads the corpus as it loads.
  const templates = await import('./templates.js');
  const manifest = templates.loadManifest();

  it('has one entry per template, each naming a prompt template or the reason it is unchecked', () => {
    const ids = new Set(promptTemplates.map((entry) => entry.id));
    expect(Object.keys(expectations).filter((key) => !key.startsWith('$'))).toEqual(
      manifest.map((entry) => entry.file),
    );
    expect(
      Object.entries(expectations).filter(
        ([key, value]) =>
          !key.startsWith('$') &&
          (value.template === undefined ? (value.unchecked ?? '') === '' : !ids.has(value.template)),
      ),
    ).toEqual([]);
  });

  for (const entry of manifest) {
    const listed = expectations[entry.file];
    const chosen = promptTemplates.find((candidate) => candidate.id === listed?.template);
    if (chosen === undefined) continue;
    it(`${entry.file} (${chosen.id})`, () => {
      const real = templates.render(entry, templates.conversationMessages, templates.conversationOpenAITools);
      // Templates that read the clock print its date (fixed by the edits of templates.ts for Hunyuan);
      // ours is given the same.
      const ours = renderPromptText(templates.conversationPrompt, templates.conversationTools, chosen, {
        date: templates.templateClock(entry),
      });
      let expected = '';
      let rest = real;
      const pairs = [
        ...(listed?.whitespace ?? []).map((pair) => ({ pair, whitespace: true })),
        ...(listed?.differences ?? []).map((pair) => ({ pair, whitespace: false })),
      ];
      for (const {
        pair: [from, to],
        whitespace,
      } of pairs) {
        if (whitespace)
          expect(withoutWhitespace(from), 'a listed difference is whitespace only').toBe(
            withoutWhitespace(to),
          );
        else
          expect(withoutWhitespace(from), 'a difference beyond whitespace').not.toBe(withoutWhitespace(to));
        const at = rest.indexOf(from);
        expect(at, `difference still applies: ${JSON.stringify(from)}`).toBeGreaterThanOrEqual(0);
        expected += rest.slice(0, at) + to;
        rest = rest.slice(at + from.length);
      }
      if (process.env.TOOLWIRE_PRINT_PAIRS === '1' && ours !== expected + rest)
        console.log(entry.file, JSON.stringify(ours), '\nREAL', JSON.stringify(real));
      expect(ours).toBe(expected + rest);
    });
  }
});
