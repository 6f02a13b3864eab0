/**
 * The template check: for every chat template in `shared/corpus/templates/`, the fixed conversation
 * (system, user, tools, an assistant call, its result, a user follow-up) rendered by the model's own
 * template with `tools` and `tool_calls`, against the same template rendering our rewritten prompt
 * (plain text messages, no tools: what the middleware sends). Equal, except for the differences
 * listed per template in `template-differences.json`, each with its reason:
 *
 * - `substitutions`: `[real, ours]` pairs, in order; each `real` text must occur in the template's
 *   rendering after the previous one, and replacing them gives our rendering exactly (a pair that no
 *   longer applies fails the test); `{today}` in a `real` text stands for the date a template prints;
 * - `render-error`: `@huggingface/jinja` cannot render the template (the error message must match);
 * - `no-renderer`: the format has no renderer of its own yet (only the generic one): the test checks
 *   that this is still so;
 * - `content`: why the content check differs. That check gives the assistant call turn a text before its
 *   call and compares what the text adds to each rendering (the span between the unchanged start and
 *   end): the template's and ours must add the same characters (the line breaks between text and call).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { promptRenderers, rendererFor, renderToolPrompt } from '../../src/ai-sdk/index.js';
import { getFormat } from '../../src/formats/index.js';
import { describeCorpus } from '../corpus.js';

interface Difference {
  readonly reason: string;
  readonly substitutions?: readonly (readonly [string, string])[];
  readonly 'render-error'?: string;
  readonly 'no-renderer'?: true;
  readonly content?: string;
}

const differences = JSON.parse(
  readFileSync(new URL('./template-differences.json', import.meta.url), 'utf8'),
) as Record<string, Difference>;

/** Today as `strftime_now('%Y-%m-%d')` prints it in `@huggingface/jinja` (local time). */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function attempt(run: () => string): { text: string } | { error: string } {
  try {
    return { text: run() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describeCorpus('templates/', 'tool prompt renderers against the models’ own chat templates', async () => {
  // Imported here: the module reads the corpus as it loads.
  const templates = await import('./templates.js');
  const manifest = templates.loadManifest();

  it('lists differences only for templates in the manifest, each with a reason', () => {
    const files = new Set(manifest.map((entry) => entry.file));
    const listed = Object.keys(differences).filter((key) => !key.startsWith('$'));
    expect(listed.filter((file) => !files.has(file) || (differences[file]?.reason ?? '') === '')).toEqual([]);
  });

  for (const entry of manifest) {
    it(`${entry.file} (${entry.format})`, () => {
      const format = getFormat(entry.format);
      const listed = differences[entry.file];
      const real = attempt(() =>
        templates.render(entry, templates.conversationMessages, templates.conversationOpenAITools),
      );
      const rewritten = renderToolPrompt(
        templates.conversationPrompt,
        templates.conversationTools,
        rendererFor(format, entry.model),
      );
      const ours = attempt(() => templates.render(entry, templates.templateMessages(rewritten)));
      if ('error' in real || 'error' in ours) {
        const message =
          'error' in real ? `template: ${real.error}` : `ours: ${(ours as { error: string }).error}`;
        expect(listed?.['render-error']).toBe(message);
        return;
      }
      if (promptRenderers[format.id] === undefined) {
        expect(listed?.['no-renderer']).toBe(true);
        return;
      }
      // Each substitution replaces the first occurrence after the previous one, in order.
      let expected = '';
      let rest = real.text;
      for (const [listedFrom, to] of listed?.substitutions ?? []) {
        const from = listedFrom.replaceAll('{today}', today());
        const at = rest.indexOf(from);
        expect(at, `substitution still applies: ${JSON.stringify(from)}`).toBeGreaterThanOrEqual(0);
        expected += rest.slice(0, at) + to;
        rest = rest.slice(at + from.length);
      }
      expect(ours.text).toBe(expected + rest);
    });

    it(`${entry.file} (${entry.format}): the text before a call`, () => {
      const format = getFormat(entry.format);
      const listed = differences[entry.file];
      if (promptRenderers[format.id] === undefined || listed?.['render-error'] !== undefined) return;
      const text = 'Let me check.';
      const messages = structuredClone(templates.conversationMessages);
      (messages[2] as { content: string }).content = text;
      const prompt = structuredClone(templates.conversationPrompt);
      const turn = prompt[2];
      if (turn?.role !== 'assistant') throw new Error('the fixture changed');
      turn.content = [{ type: 'text', text }, ...turn.content];
      const tools = templates.conversationOpenAITools;
      const real = added(
        templates.render(entry, templates.conversationMessages, tools),
        templates.render(entry, messages, tools),
      );
      const renderer = rendererFor(format, entry.model);
      const oursOf = (of: typeof prompt) =>
        templates.render(
          entry,
          templates.templateMessages(renderToolPrompt(of, templates.conversationTools, renderer)),
        );
      const ours = added(oursOf(templates.conversationPrompt), oursOf(prompt));
      if (listed?.content !== undefined) expect(ours, 'the content difference still applies').not.toBe(real);
      else expect(ours).toBe(real);
    });
  }
});

/**
 * What `after` adds to `before`: the span between their common start and their common end, with the
 * ten characters before it (where the text went: before the call or after it).
 */
function added(before: string, after: string): string {
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && before[before.length - 1 - end] === after[after.length - 1 - end])
    end++;
  return after.slice(Math.max(0, start - 10), after.length - end);
}
