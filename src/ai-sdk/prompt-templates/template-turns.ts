// Writing a message list as a template writes its turns: one by one, tool runs grouped, a leading system apart.

import type { PlainMessage } from '../prompt-text.js';

/** Each message written by `turn`, then `generation` (the generation prompt). */
export const turns = (
  messages: readonly PlainMessage[],
  turn: (message: PlainMessage, index: number) => string,
  generation: string,
): string => `${messages.map(turn).join('')}${generation}`;

/** Tool messages of one run (between other turns), grouped, for templates that print them together. */
export function groupTools(messages: readonly PlainMessage[]): (PlainMessage | PlainMessage[])[] {
  const groups: (PlainMessage | PlainMessage[])[] = [];
  for (const message of messages) {
    const last = groups.at(-1);
    if (message.role === 'tool' && Array.isArray(last)) last.push(message);
    else groups.push(message.role === 'tool' ? [message] : message);
  }
  return groups;
}

/**
 * A leading system message's text (`''` when the first message is not one) and the messages after it,
 * for templates that print the system text in a place of their own.
 */
export function leadingSystem(messages: readonly PlainMessage[]): {
  readonly system: string;
  readonly body: readonly PlainMessage[];
} {
  const first = messages[0];
  return first?.role === 'system'
    ? { system: first.content, body: messages.slice(1) }
    : { system: '', body: messages };
}
