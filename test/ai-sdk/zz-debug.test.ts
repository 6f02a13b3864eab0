import { it } from 'vitest';
import { rendererFor } from '../../src/ai-sdk/prompt-renderers.js';
import { renderPromptText } from '../../src/ai-sdk/prompt-text.js';
import { getFormat } from '../../src/formats/index.js';
import { conversationPrompt, conversationTools } from './templates.js';

it('debug', () => {
  for (const [format, model] of (process.env.FMTS ?? '').split(',').map((x) => x.split(':'))) {
    const renderer = rendererFor(getFormat(format as string), model);
    const text = renderPromptText(conversationPrompt, conversationTools, {
      id: '',
      format: '',
      models: [],
      renderer,
      text: (c) =>
        JSON.stringify(
          {
            history: c.history.map((m) => [
              m.role,
              m.source,
              m.content.length > 300 ? `${m.content.slice(0, 150)}…${m.content.slice(-150)}` : m.content,
            ]),
            section:
              c.section === undefined ? undefined : `${c.section.slice(0, 100)}…${c.section.slice(-100)}`,
          },
          null,
          1,
        ),
    });
    console.log(format, text);
  }
});
