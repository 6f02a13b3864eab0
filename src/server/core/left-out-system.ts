import type { Message } from '../../types/index.js';

/**
 * A notice for each system message whose text the rendered prompt does not hold: templates that
 * take only the first system message (DeepSeek's), or none (Mistral 7B v0.3's), drop the rest
 * without a word, and the client would never learn that the model did not see its instructions.
 * (The notice gives the message's place and length, not its text.)
 */
export function noteLeftOutSystem(
  messages: readonly Message[],
  prompt: string,
  modelName: string,
  notice: (message: string) => void,
): void {
  const systems = messages.filter((message) => message.role === 'system');
  systems.forEach((message, index) => {
    const text = message.content.trim();
    if (text === '' || prompt.includes(text)) return;
    notice(
      `the chat template of model "${modelName}" left out system message ${index + 1} of ${systems.length} (${text.length} characters): the model does not see it`,
    );
  });
}
