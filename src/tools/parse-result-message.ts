import { fromParseResult } from '../providers/canonical/from-parse-result.js';
import type { AssistantMessage } from '../types/message.js';
import type { ParseResult } from '../types/tool-call.js';
import type { FreshCallIds } from './fresh-call-ids.js';

/**
 * The assistant message of a parsed turn (`fromParseResult`: reasoning, text, calls, invalid calls), with
 * an id for every invalid call that had none, `invalid_N` (N its index among the invalid calls), so the
 * error result the agent sends for it can be paired with it; with `ids`, one not used yet in the
 * conversation (`FreshCallIds`: `invalid_0_2` when an earlier turn has `invalid_0`).
 */
export function parseResultMessage(result: ParseResult, ids?: FreshCallIds): AssistantMessage {
  const message = fromParseResult(result);
  if (typeof message.content === 'string') return message;
  let invalid = 0;
  const content = message.content.map((part) => {
    if (part.type !== 'tool-call-invalid') return part;
    const index = invalid++;
    if (part.toolCallId !== undefined) return part;
    return { ...part, toolCallId: ids === undefined ? `invalid_${index}` : ids.id(`invalid_${index}`) };
  });
  return { ...message, content };
}
