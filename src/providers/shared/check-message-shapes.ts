import { ToolwireError } from '../../errors/toolwire-error.js';
import { describe } from '../../internal/describe-value.js';

/**
 * Checks that canonical `messages` have the shape the converters and `repairHistory` walk: an array of
 * objects with a string `role`, `content` a string or an array (an array for `tool`), each part an
 * object with a string `type`. Canonical messages are developer input, so a wrong shape is API misuse:
 * throws `ToolwireError` code `invalid_argument` naming the first bad position. Linear in the parts.
 */
export function checkMessageShapes(messages: unknown): void {
  if (!Array.isArray(messages)) {
    throw new ToolwireError(
      'invalid_argument',
      `messages must be an array of messages, got ${describe(messages)}`,
    );
  }
  messages.forEach((message: unknown, position) => {
    const role = (message as { role?: unknown } | null)?.role;
    if (typeof message !== 'object' || message === null || typeof role !== 'string') {
      throw new ToolwireError(
        'invalid_argument',
        `messages[${position}] must be a message object with a role`,
      );
    }
    const content = (message as { content?: unknown }).content;
    if (
      (role === 'tool' && !Array.isArray(content)) ||
      (role !== 'tool' && typeof content !== 'string' && !Array.isArray(content))
    ) {
      throw new ToolwireError(
        'invalid_argument',
        `messages[${position}].content must be ${role === 'tool' ? 'an array' : 'a string or an array'}`,
      );
    }
    if (Array.isArray(content)) {
      const bad = content.findIndex(
        (part: unknown) => typeof (part as { type?: unknown } | null)?.type !== 'string',
      );
      if (bad >= 0) {
        throw new ToolwireError(
          'invalid_argument',
          `messages[${position}].content[${bad}] must be a part object with a type`,
        );
      }
    }
  });
}
