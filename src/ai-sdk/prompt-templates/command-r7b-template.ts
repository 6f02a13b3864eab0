// The Command R7B chat template.

import type { PlainMessage, PromptTextContext } from '../prompt-text.js';
import { commandR7bDefaultPreamble, commandR7bSystemPreamble } from '../renderers/command-r7b-preamble.js';
import { leadingSystem, turns } from './template-turns.js';

// Command R7B: one system turn of the template's preambles around the tool section, the system text
// last (the developer preamble); results as system turns; the generation skips the thinking step.
export function commandR7b({ history, section }: PromptTextContext): string {
  const { system, body } = leadingSystem(history);
  const tokens: Record<PlainMessage['role'], string> = {
    system: 'SYSTEM_TOKEN',
    user: 'USER_TOKEN',
    assistant: 'CHATBOT_TOKEN',
    tool: 'SYSTEM_TOKEN',
  };
  return `<BOS_TOKEN><|START_OF_TURN_TOKEN|><|SYSTEM_TOKEN|>${commandR7bSystemPreamble}${section ?? ''}${commandR7bDefaultPreamble}${system}<|END_OF_TURN_TOKEN|>${turns(
    body,
    (message) => `<|START_OF_TURN_TOKEN|><|${tokens[message.role]}|>${message.content}<|END_OF_TURN_TOKEN|>`,
    '<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|><|START_THINKING|><|END_THINKING|>',
  )}`;
}
