import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { promptTemplates } from '../../src/ai-sdk/prompt-templates.js';
import { renderPromptText } from '../../src/ai-sdk/prompt-text.js';
import { conversationMessages, conversationOpenAITools, conversationPrompt, conversationTools, loadManifest, render } from './templates.js';

interface Expectation {
  readonly template?: string;
  readonly reason?: string;
  readonly whitespace?: readonly (readonly [string, string])[];
  readonly unchecked?: string;
}
const expectations = JSON.parse(
  readFileSync(new URL('./prompt-text-differences.json', import.meta.url), 'utf8'),
) as Record<string, Expectation>;

describe('whole prompt text against the models’ own chat templates', () => {
  for (const entry of loadManifest()) {
    it(`${entry.file}`, () => {
      const listed = expectations[entry.file];
      const chosen = promptTemplates.find((candidate) => candidate.id === listed?.template);
      if (chosen === undefined) {
        expect(listed?.unchecked ?? '').not.toBe('');
        return;
      }
      const real = render(entry, conversationMessages, conversationOpenAITools);
      const ours = renderPromptText(conversationPrompt, conversationTools, chosen, { date: new Date() });
      expect(ours).toBe(real);
    });
  }
});
